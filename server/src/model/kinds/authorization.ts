// Role authorization group `authorization.{api_domain}` (document 1, "Role authorization group").
// Two shapes, `v20220401` and `v1api20220401`, share API version 2022-04-01 and differ only in the
// RoleAssignment `principalType` enumeration and the presence of status `systemData`.
import { arr, atMostOne, enm, obj, opt, req, str } from '../build';
import {
  arbitraryOwnerReference,
  cloudNameField,
  commonStatus,
  configMapReference,
  operatorSpec,
  resourceReference,
  wellKnownResourceReference,
} from '../common';
import type { KindDef, ObjectType } from '../types';

const SOURCE = '1-common-authorization-appconfiguration-alerts.txt';
const API = '2022-04-01';
const VERSIONS = ['v20220401', 'v1api20220401'] as const;
type Version = (typeof VERSIONS)[number];

const PRINCIPAL_TYPES: Record<Version, string[]> = {
  v20220401: ['AgentServicePrincipal', 'AgentUser', 'Device', 'ForeignGroup', 'Group', 'ServicePrincipal', 'User'],
  v1api20220401: ['Device', 'ForeignGroup', 'Group', 'ServicePrincipal', 'User'],
};

const namingConvention = () =>
  opt(
    enm(
      [
        ['stable', 'a uuid derived from group, kind, namespace, name and owner'],
        ['random', 'a random uuid'],
      ],
      'NamingConvention',
    ),
    'how a uuid is generated for the role when it has no explicit `cloudName`',
  );

const permission = (name: string): ObjectType =>
  obj(name, {
    actions: opt(arr(str()), 'allowed actions'),
    dataActions: opt(arr(str()), 'allowed data actions'),
    notActions: opt(arr(str()), 'denied actions'),
    notDataActions: opt(arr(str()), 'denied data actions'),
  });

function roleAssignment(version: Version): KindDef {
  const principalType = () => enm(PRINCIPAL_TYPES[version], 'PrincipalType');
  const v1 = version === 'v1api20220401';
  return {
    kind: 'RoleAssignment',
    area: 'authorization',
    version,
    apiVersionValue: API,
    source: SOURCE,
    doc: 'Assigns a role definition to a principal at a scope (the owner). An extension resource: any resource can own it.',
    pathShape: '/{scope}/providers/Provider.Authorization/roleAssignments/{roleAssignmentName}',
    owner: { style: 'arbitrary' },
    cloudNameDefault: 'uuid',
    spec: obj(
      'RoleAssignment_Spec',
      {
        cloudName: cloudNameField('a uuid generated as `operatorSpec.namingConvention` says'),
        condition: opt(str(), 'condition that limits the resources the assignment can apply to'),
        conditionVersion: opt(
          enm([['2.0', 'the only accepted condition version']]),
          'version of the condition syntax; the only accepted value is `2.0`',
        ),
        delegatedManagedIdentityResourceReference: opt(resourceReference(), 'delegated managed identity resource'),
        description: opt(str(), 'description of the role assignment'),
        operatorSpec: operatorSpec('RoleAssignment', { namingConvention: namingConvention() }),
        owner: req(
          arbitraryOwnerReference(),
          'the scope the role is assigned at: any resource can own a role assignment',
        ),
        principalId: opt(str(), 'id of the principal the role is assigned to'),
        principalIdFromConfig: opt(configMapReference(), 'principal id read from a config map'),
        principalType: opt(principalType(), 'type of the principal the role is assigned to'),
        roleDefinitionReference: req(
          wellKnownResourceReference(),
          'the role definition to assign (a built-in role by `wellKnownName`, or a reference)',
        ),
      },
      { exclusive: [atMostOne('principalId', 'principalIdFromConfig')] },
    ),
    status: obj('RoleAssignment_STATUS', {
      condition: opt(str(), 'condition that limits the resources the assignment can apply to'),
      conditions: commonStatus.conditions(),
      conditionVersion: opt(str(), 'version of the condition'),
      createdBy: opt(str(), 'id of the user who created the assignment'),
      createdOn: opt(str(), 'time the assignment was created'),
      delegatedManagedIdentityResourceId: opt(str(), 'delegated managed identity resource id'),
      description: opt(str(), 'description of the role assignment'),
      id: opt(str(), v1 ? 'role assignment id' : 'fully qualified resource id'),
      name: opt(str(), v1 ? 'role assignment name' : 'resource name'),
      principalId: opt(str(), 'principal id'),
      principalType: opt(principalType(), 'principal type'),
      roleDefinitionId: opt(str(), 'role definition id'),
      scope: opt(str(), 'role assignment scope'),
      ...(v1 ? {} : { systemData: commonStatus.systemData() }),
      type: opt(str(), v1 ? 'role assignment type' : 'resource type'),
      updatedBy: opt(str(), 'id of the user who last updated the assignment'),
      updatedOn: opt(str(), 'time the assignment was last updated'),
    }),
  };
}

function roleDefinition(version: Version): KindDef {
  return {
    kind: 'RoleDefinition',
    area: 'authorization',
    version,
    apiVersionValue: API,
    source: SOURCE,
    doc: 'A custom role: the permissions it grants and the scopes where it can be assigned. An extension resource.',
    pathShape: '/{scope}/providers/Provider.Authorization/roleDefinitions/{roleDefinitionId}',
    owner: { style: 'arbitrary' },
    cloudNameDefault: 'uuid',
    spec: obj('RoleDefinition_Spec', {
      assignableScopesReferences: opt(arr(resourceReference()), 'scopes where the role can be assigned'),
      cloudName: cloudNameField('a uuid generated as `operatorSpec.namingConvention` says'),
      description: opt(str(), 'description of the role definition'),
      operatorSpec: operatorSpec('RoleDefinition', { namingConvention: namingConvention() }),
      owner: req(arbitraryOwnerReference(), 'the scope of the role definition: any resource can own it'),
      permissions: opt(arr(permission('Permission')), 'permissions the role grants and denies'),
      roleName: opt(str(), 'role name'),
      type: opt(str(), 'role type'),
    }),
    status: obj('RoleDefinition_STATUS', {
      assignableScopes: opt(arr(str()), 'scopes where the role can be assigned'),
      conditions: commonStatus.conditions(),
      createdBy: opt(str(), 'id of the user who created the role'),
      createdOn: opt(str(), 'time the role was created'),
      description: opt(str(), 'description of the role definition'),
      id: commonStatus.id(),
      name: commonStatus.name(),
      permissions: opt(arr(permission('Permission_STATUS')), 'permissions the role grants and denies'),
      properties_type: opt(str(), 'role type'),
      roleName: opt(str(), 'role name'),
      type: opt(str(), 'role definition type'),
      updatedBy: opt(str(), 'id of the user who last updated the role'),
      updatedOn: opt(str(), 'time the role was last updated'),
    }),
  };
}

export const authorizationKinds: KindDef[] = VERSIONS.flatMap((v) => [roleAssignment(v), roleDefinition(v)]);
