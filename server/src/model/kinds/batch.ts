// Batch account group `batch.{api_domain}` (document 3, "BatchAccount"), version `v20240701`, API version
// 2024-07-01. The identity type values come from the spec and reference-shapes.md ("BatchAccount has no `sku`").
import { arr, bool, enm, int, map, obj, opt, req, str } from '../build';
import {
  cloudNameField,
  commonStatus,
  knownResourceReference,
  locationField,
  operatorSpec,
  resourceReference,
  tagsField,
  userAssignedIdentityDetails,
} from '../common';
import type { Field, KindDef, ObjectType } from '../types';

const SOURCE = '3-batch-eventgrid.txt';

const PROVISIONING_STATES = ['Cancelled', 'Creating', 'Deleting', 'Failed', 'Invalid', 'Succeeded'];

// ---- Enumerations (shared by spec and status) ----

const authenticationMode = () => enm(['AAD', 'SharedKey', 'TaskAuthenticationToken'], 'AuthenticationMode');

const autoStorageAuthenticationMode = () => enm(['BatchAccountManagedIdentity', 'StorageKeys']);

const identityType = () =>
  enm([
    ['None', 'no managed identity'],
    ['SystemAssigned', 'an identity created by the service and tied to the account'],
    ['UserAssigned', 'one or more user-assigned identities listed in `userAssignedIdentities`'],
  ]);

const keySource = () =>
  enm([
    ['Provider.Batch', 'a key managed by the provider (the default)'],
    ['Provider.KeyVault', 'a customer-managed key in a key vault, named by `keyVaultProperties.keyIdentifier`'],
  ]);

const poolAllocationMode = () =>
  enm([
    ['BatchService', 'clients may authenticate with access keys or with a directory identity'],
    ['UserSubscription', 'clients must authenticate with a directory identity'],
  ]);

const publicNetworkAccess = () => enm(['Disabled', 'Enabled', 'SecuredByPerimeter']);

const defaultAction = () => enm(['Allow', 'Deny']);

const ipRuleAction = () => enm([['Allow', 'the only allowed action']]);

// ---- Docs shared by spec and status ----

const DOC = {
  allowedAuthenticationModes:
    'authentication modes allowed for the data plane (`AAD`, `SharedKey`, `TaskAuthenticationToken`); the control plane is not affected',
  autoStorage: 'the storage account used for auto-storage and how the account authenticates to it',
  encryption: 'how account data is encrypted: a provider-managed key by default, or optionally a customer-managed key',
  identity: 'the managed identity of the batch account',
  keyVaultReference: 'the key vault associated with the batch account',
  networkProfile:
    'network access rules for the account endpoint and the node management endpoint; takes effect only when `publicNetworkAccess` is enabled',
  poolAllocationMode:
    'how pools are allocated: with `BatchService` clients may use access keys or a directory identity; with `UserSubscription` they must use a directory identity',
  publicNetworkAccess: 'whether the account endpoints accept traffic from the public network',
  keyIdentifier:
    'full path of the key in the key vault, with or without a version; usable only if the account has a system-assigned identity that has get, wrap and unwrap permissions on the key, and the key vault has soft-delete and purge protection enabled',
  defaultAction: 'action when no IP rule matches; applies only when public network access is enabled',
  ipRules: 'IP addresses or ranges the rules apply to',
  ipRuleValue: 'an IPv4 address or a CIDR range',
  accountAccess: 'access rules for the batch data-plane API endpoint',
  nodeManagementAccess: 'access rules for the node management endpoint',
  autoStorageAuthenticationMode: 'how the batch service authenticates to the auto-storage account',
  nodeIdentityReference:
    'identity compute nodes use to reach auto-storage; it must be assigned to the pools whose nodes need auto-storage access',
};

// ---- Spec types ----

const endpointAccessProfile = (): ObjectType =>
  obj(
    'EndpointAccessProfile',
    {
      defaultAction: req(defaultAction(), DOC.defaultAction),
      ipRules: opt(
        arr(
          obj('IPRule', {
            action: req(ipRuleAction(), 'action when the rule matches; the only value is `Allow`'),
            value: req(str({ format: 'ipv4-or-cidr' }), DOC.ipRuleValue),
          }),
        ),
        DOC.ipRules,
      ),
    },
    { doc: 'Network access rules of one endpoint.' },
  );

const spec = (): ObjectType =>
  obj('BatchAccount_Spec', {
    allowedAuthenticationModes: opt(arr(authenticationMode()), DOC.allowedAuthenticationModes),
    autoStorage: opt(
      obj(
        'AutoStorageBaseProperties',
        {
          authenticationMode: opt(autoStorageAuthenticationMode(), DOC.autoStorageAuthenticationMode),
          nodeIdentityReference: opt(
            obj(
              'ComputeNodeIdentityReference',
              { resourceReference: opt(resourceReference(), 'the user-assigned identity compute nodes use') },
              { doc: 'A user-assigned identity used by compute nodes.' },
            ),
            DOC.nodeIdentityReference,
          ),
          storageAccountReference: req(resourceReference(), 'the storage account used for auto-storage'),
        },
        { doc: 'Auto-storage settings of the batch account.' },
      ),
      DOC.autoStorage,
    ),
    cloudName: cloudNameField(),
    encryption: opt(
      obj(
        'EncryptionProperties',
        {
          keySource: opt(keySource(), 'where the encryption key comes from'),
          keyVaultProperties: opt(
            obj('KeyVaultProperties', { keyIdentifier: opt(str(), DOC.keyIdentifier) }),
            'the customer-managed key used when `keySource` is `Provider.KeyVault`',
          ),
        },
        { doc: 'Encryption settings of the batch account.' },
      ),
      DOC.encryption,
      { defaultDoc: 'a provider-managed key' },
    ),
    identity: opt(
      obj(
        'BatchAccountIdentity',
        {
          type: req(identityType(), 'type of identity used by the batch account'),
          userAssignedIdentities: opt(arr(userAssignedIdentityDetails()), 'user-assigned identities of the account'),
        },
        { doc: 'Managed identity of the batch account.' },
      ),
      DOC.identity,
    ),
    keyVaultReference: opt(
      obj(
        'KeyVaultReference',
        {
          reference: req(resourceReference(), 'the key vault resource'),
          url: req(str(), 'URL of the key vault'),
        },
        { doc: 'The key vault associated with the batch account.' },
      ),
      DOC.keyVaultReference,
    ),
    location: locationField(true, 'region in which the account is created'),
    networkProfile: opt(
      obj(
        'NetworkProfile',
        {
          accountAccess: opt(endpointAccessProfile(), DOC.accountAccess),
          nodeManagementAccess: opt(endpointAccessProfile(), DOC.nodeManagementAccess),
        },
        { doc: 'Network access rules of the batch account endpoints.' },
      ),
      DOC.networkProfile,
    ),
    operatorSpec: operatorSpec('BatchAccount'),
    owner: req(knownResourceReference('ResourceGroup'), 'the resource group the account is created in'),
    poolAllocationMode: opt(poolAllocationMode(), DOC.poolAllocationMode, { default: 'BatchService' }),
    publicNetworkAccess: opt(publicNetworkAccess(), DOC.publicNetworkAccess),
    tags: tagsField(),
  });

// ---- Status types ----

const endpointAccessProfileStatus = (): ObjectType =>
  obj('EndpointAccessProfile_STATUS', {
    defaultAction: opt(defaultAction(), DOC.defaultAction),
    ipRules: opt(
      arr(
        obj('IPRule_STATUS', {
          action: opt(ipRuleAction(), 'action when the rule matches'),
          value: opt(str(), DOC.ipRuleValue),
        }),
      ),
      DOC.ipRules,
    ),
  });

const notInUserSubscription = 'not returned when `poolAllocationMode` is `UserSubscription`';

const quota = (doc: string): Field => opt(int(), doc);

const status = (): ObjectType =>
  obj('BatchAccount_STATUS', {
    accountEndpoint: opt(str(), 'endpoint of the batch service'),
    activeJobAndJobScheduleQuota: quota('quota of active jobs and job schedules'),
    allowedAuthenticationModes: opt(arr(authenticationMode()), DOC.allowedAuthenticationModes),
    autoStorage: opt(
      obj('AutoStorageProperties_STATUS', {
        authenticationMode: opt(autoStorageAuthenticationMode(), DOC.autoStorageAuthenticationMode),
        lastKeySync: opt(str(), 'UTC time of the last storage key synchronisation'),
        nodeIdentityReference: opt(
          obj('ComputeNodeIdentityReference_STATUS', {
            resourceId: opt(str(), 'id of the user-assigned identity compute nodes use'),
          }),
          DOC.nodeIdentityReference,
        ),
        storageAccountId: opt(str(), 'id of the auto-storage account'),
      }),
      DOC.autoStorage,
    ),
    conditions: commonStatus.conditions(),
    dedicatedCoreQuota: quota(`dedicated core quota; ${notInUserSubscription}`),
    dedicatedCoreQuotaPerVMFamily: opt(
      arr(
        obj('VirtualMachineFamilyCoreQuota_STATUS', {
          coreQuota: opt(int(), 'core quota of the family'),
          name: opt(str(), 'name of the virtual machine family'),
        }),
      ),
      `dedicated core quota per virtual machine family; ${notInUserSubscription}`,
    ),
    dedicatedCoreQuotaPerVMFamilyEnforced: opt(
      bool(),
      'when true, core quota is enforced by both the per-family quotas and the overall quota; when false, only by the overall quota',
    ),
    encryption: opt(
      obj('EncryptionProperties_STATUS', {
        keySource: opt(keySource(), 'where the encryption key comes from'),
        keyVaultProperties: opt(
          obj('KeyVaultProperties_STATUS', { keyIdentifier: opt(str(), DOC.keyIdentifier) }),
          'the customer-managed key',
        ),
      }),
      DOC.encryption,
    ),
    id: commonStatus.id(),
    identity: opt(
      obj('BatchAccountIdentity_STATUS', {
        principalId: opt(str(), 'principal id of the identity; only for a system-assigned identity'),
        tenantId: opt(str(), 'tenant id of the identity; only for a system-assigned identity'),
        type: opt(identityType(), 'type of identity used by the batch account'),
        userAssignedIdentities: opt(
          map(
            obj('UserAssignedIdentities_STATUS', {
              clientId: opt(str(), 'client id of the user-assigned identity'),
              principalId: opt(str(), 'principal id of the user-assigned identity'),
            }),
          ),
          'user-assigned identities of the account, by identity id',
        ),
      }),
      DOC.identity,
    ),
    // Status form of KeyVaultReference: `reference` becomes an id (the convention the document shows for
    // autoStorage); the exact shape is not shown.
    keyVaultReference: opt(
      obj(
        'KeyVaultReference_STATUS',
        {
          id: opt(str(), 'id of the key vault'),
          url: opt(str(), 'URL of the key vault'),
        },
        { unknownFields: 'warning' },
      ),
      DOC.keyVaultReference,
    ),
    location: commonStatus.location(),
    lowPriorityCoreQuota: quota(`low-priority core quota; ${notInUserSubscription}`),
    name: commonStatus.name(),
    networkProfile: opt(
      obj('NetworkProfile_STATUS', {
        accountAccess: opt(endpointAccessProfileStatus(), DOC.accountAccess),
        nodeManagementAccess: opt(endpointAccessProfileStatus(), DOC.nodeManagementAccess),
      }),
      DOC.networkProfile,
    ),
    nodeManagementEndpoint: opt(str(), 'endpoint compute nodes use to reach node management'),
    poolAllocationMode: opt(poolAllocationMode(), DOC.poolAllocationMode),
    poolQuota: quota('pool quota'),
    privateEndpointConnections: opt(
      arr(obj('PrivateEndpointConnection_STATUS', { id: opt(str(), 'id of the private endpoint connection') })),
      'private endpoint connections of the account',
    ),
    provisioningState: commonStatus.provisioningState(PROVISIONING_STATES),
    publicNetworkAccess: opt(publicNetworkAccess(), DOC.publicNetworkAccess),
    systemData: commonStatus.systemData(),
    tags: commonStatus.tags(),
    type: commonStatus.type(),
  });

const batchAccount = (): KindDef => ({
  kind: 'BatchAccount',
  holdsData: 'its pools, jobs and applications',
  area: 'batch',
  version: 'v20240701',
  apiVersionValue: '2024-07-01',
  source: SOURCE,
  doc: 'A compute batch service account with its auto-storage, encryption, identity and network access settings.',
  pathShape:
    '/subscriptions/{subscriptionId}/resourceGroups/{resourceGroupName}/providers/Provider.Batch/batchAccounts/{accountName}',
  owner: { style: 'known', kind: 'ResourceGroup' },
  cloudNameDefault: 'metadata.name',
  spec: spec(),
  status: status(),
  provisioningStates: PROVISIONING_STATES,
  nameLimits: [
    {
      minLength: 3,
      maxLength: 24,
      pattern: '^[a-z0-9]+$',
      doc: '3 to 24 characters of lowercase letters and digits',
      severity: 'error',
    },
  ],
});

export const batchKinds: KindDef[] = [batchAccount()];
