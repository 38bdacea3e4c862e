// Shapes shared by every kind: references, operator settings, common status fields and the envelope
// (document 1, "Envelope", "Spec fields present on most kinds", "Operator settings", "Status fields";
// reference-shapes.md, "Reference shapes").
import { arr, enm, int, map, obj, open, opt, req, str } from './build';
import type { Field, ObjectType } from './types';
import { OBJECT_NAME } from './nameLimits';

const ARM_ID_DOC =
  'a raw cloud resource id: `/subscriptions/<id>[/resourceGroups/<rg>][/providers/<Namespace>/<type>/<name>…]`';

/** `genruntime.KnownResourceReference`: the owner of a kind whose owner kind is fixed. */
export const knownResourceReference = (ownerKind: string): ObjectType =>
  obj(
    'KnownResourceReference',
    {
      name: opt(str(), `\`metadata.name\` of the owning ${ownerKind} in the same namespace`),
      armId: opt(str({ format: 'arm-id' }), `${ARM_ID_DOC} of the owning ${ownerKind}`),
    },
    {
      doc: `Reference to the owning ${ownerKind}: exactly one of \`name\` or \`armId\`. The owner kind is fixed by the owned kind.`,
      reference: 'known',
    },
  );

const referenceFields = (): Record<string, Field> => ({
  group: opt(str(), 'API group of the referenced resource, e.g. `resources.{api_domain}`'),
  kind: opt(str(), 'kind of the referenced resource, e.g. `ResourceGroup`'),
  name: opt(str(), '`metadata.name` of the referenced resource in the same namespace'),
  armId: opt(str({ format: 'arm-id' }), ARM_ID_DOC),
});

/** `genruntime.ArbitraryOwnerReference`: owner of extension resources; any resource may own. */
export const arbitraryOwnerReference = (): ObjectType =>
  obj('ArbitraryOwnerReference', referenceFields(), {
    doc: 'Owner of an extension resource (any resource may own it): either `armId` alone, or all of `group`, `kind` and `name`.',
    reference: 'arbitrary',
  });

/** `genruntime.ResourceReference`: every field named `…Reference` / `…References`. */
export const resourceReference = (): ObjectType =>
  obj('ResourceReference', referenceFields(), {
    doc: 'Reference to another resource: either `armId` alone, or all of `group`, `kind` and `name`.',
    reference: 'arbitrary',
  });

/** `genruntime.WellKnownResourceReference` (`roleDefinitionReference`). */
export const wellKnownResourceReference = (): ObjectType =>
  obj(
    'WellKnownResourceReference',
    {
      ...referenceFields(),
      wellKnownName: opt(str(), 'a built-in role by name (e.g. `Reader`); lookup is case-insensitive'),
    },
    {
      doc: 'A built-in role by `wellKnownName`, or a resource reference (`armId` alone, or `group`, `kind` and `name`).',
      reference: 'wellKnown',
    },
  );

const nameKey = (what: string): ObjectType =>
  obj(
    what,
    {
      name: req(str(), 'name of the object in the same namespace'),
      key: req(str(), 'key within the object'),
    },
    {},
  );

/** `genruntime.ConfigMapReference` (`…FromConfig` fields). */
export const configMapReference = (): ObjectType => ({
  ...nameKey('ConfigMapReference'),
  doc: 'A value read from a config map in the same namespace: `name` and `key`, both required.',
});
/** `genruntime.SecretReference` (webHook `endpointUrl`). */
export const secretReference = (): ObjectType => ({
  ...nameKey('SecretReference'),
  doc: 'A value read from a secret in the same namespace: `name` and `key`, both required.',
});
/** `genruntime.SecretDestination` (`operatorSpec.secrets.*`). */
export const secretDestination = (): ObjectType => ({
  ...nameKey('SecretDestination'),
  doc: 'Secret the operator writes the value to: `name` and `key`, both required.',
});
/** `genruntime.ConfigMapDestination` (`operatorSpec.configMaps.*`). */
export const configMapDestination = (): ObjectType => ({
  ...nameKey('ConfigMapDestination'),
  doc: 'Config map the operator writes the value to: `name` and `key`, both required.',
});

/** `core.DestinationExpression` (`configMapExpressions[]`, `secretExpressions[]`). */
export const destinationExpression = (): ObjectType =>
  obj(
    'DestinationExpression',
    {
      name: req(str(), 'name of the config map or secret to write'),
      key: opt(str(), 'key to write; required when the expression yields a string, absent when it yields a map'),
      value: req(str({ format: 'cel' }), 'CEL expression over `self`, e.g. `self.status.endpoint`'),
    },
    { doc: 'A config map or secret value computed by a CEL expression over the resource (`self`).' },
  );

/** The two expression lists every `<Kind>OperatorSpec` has, plus kind-specific extras. */
export function operatorSpec(kind: string, extra: Record<string, Field> = {}): Field {
  return opt(
    obj(
      `${kind}OperatorSpec`,
      {
        configMapExpressions: opt(
          arr(destinationExpression()),
          'where to write dynamic config maps created with CEL expressions',
        ),
        secretExpressions: opt(
          arr(destinationExpression()),
          'where to write dynamic secrets created with CEL expressions',
        ),
        ...extra,
      },
      { doc: 'Operator-only settings; never sent to the cloud.' },
    ),
    'operator-only settings: where generated config values and secrets are written; never sent to the cloud',
  );
}

/** `cloudName`: the field that names the resource in the cloud. */
export const cloudNameField = (defaultDoc = '`metadata.name`'): Field =>
  opt(str(), 'name of the resource in the cloud; often equal to the object name but may differ', {
    defaultDoc,
  });

export const locationField = (required: boolean, doc = 'geo-location where the resource lives'): Field =>
  required ? req(str(), doc) : opt(str(), doc);

export const tagsField = (doc = 'resource tags'): Field => opt(map(str()), doc);

export const createdByTypeEnum = () => enm(['Application', 'Key', 'ManagedIdentity', 'User'], 'CreatedByType');

/** `SystemData_STATUS`: creation and modification metadata. */
export const systemDataStatus = (): ObjectType =>
  obj('SystemData_STATUS', {
    createdAt: opt(str(), 'creation timestamp (UTC)'),
    createdBy: opt(str(), 'identity that created the resource'),
    createdByType: opt(createdByTypeEnum(), 'type of identity that created the resource'),
    lastModifiedAt: opt(str(), 'last modification timestamp (UTC)'),
    lastModifiedBy: opt(str(), 'identity that last modified the resource'),
    lastModifiedByType: opt(createdByTypeEnum(), 'type of identity that last modified the resource'),
  });

/** `conditions.Condition`: not shown in the spec. */
export const conditionsField = (): Field =>
  opt(arr(open('Condition', 'shape of conditions.Condition is not shown')), 'observed state of the resource');

/** The common status fields; pick the ones a kind's status lists. */
export const commonStatus = {
  conditions: conditionsField,
  id: () =>
    opt(
      str(),
      'fully qualified resource id: `/subscriptions/{subscriptionId}/resourceGroups/{resourceGroupName}/providers/{resourceProviderNamespace}/{resourceType}/{resourceName}`',
    ),
  name: () => opt(str(), 'resource name'),
  type: () => opt(str(), 'resource type'),
  location: () => opt(str(), 'where the resource lives'),
  tags: () => opt(map(str()), 'resource tags'),
  systemData: () => opt(systemDataStatus(), 'creation and modification metadata'),
  provisioningState: (values: string[]) =>
    opt(enm(values, 'ProvisioningState'), 'provisioning state of the resource (read-only)'),
};

/** `metav1.ObjectMeta`: the Kubernetes object metadata (not shown by the spec beyond `name`). */
export const objectMeta = (): ObjectType =>
  obj(
    'ObjectMeta',
    {
      name: req(
        str({ maxLength: OBJECT_NAME.maxLength, pattern: OBJECT_NAME.pattern, patternDoc: OBJECT_NAME.patternDoc }),
        'name of the object in the cluster; owners and references in the same namespace use it',
      ),
      namespace: opt(str(), 'namespace of the object; `default` when absent', { default: 'default' }),
      labels: opt(map(str()), 'labels of the object in the cluster'),
      annotations: opt(map(str()), 'annotations of the object in the cluster (e.g. reconcile policy)'),
      generateName: opt(str(), 'prefix for a name generated by the cluster'),
      finalizers: opt(arr(str()), 'finalizers'),
      ownerReferences: opt(arr(open('OwnerReference', 'Kubernetes owner references')), 'Kubernetes owner references'),
      uid: opt(str(), 'set by the cluster'),
      resourceVersion: opt(str(), 'set by the cluster'),
      generation: opt(int(), 'set by the cluster'),
      creationTimestamp: opt(str(), 'set by the cluster'),
      deletionTimestamp: opt(str(), 'set by the cluster'),
      deletionGracePeriodSeconds: opt(int(), 'set by the cluster'),
      managedFields: opt(arr(open('ManagedFieldsEntry', 'Kubernetes managed fields')), 'set by the cluster'),
      selfLink: opt(str(), 'set by the cluster'),
    },
    { doc: 'Kubernetes object metadata: name, namespace, labels and annotations.', unknownFields: 'warning' },
  );

/**
 * The syntax of a built-in kind's `metadata.name` where it is not the DNS subdomain of most kinds: the name
 * function its API server's validation passes to ValidateObjectMeta.
 */
export interface KubeNameRule {
  pattern?: string;
  maxLength: number;
  patternDoc?: string;
}

/** RBAC's ValidateRBACName (path.IsValidPathSegmentName): any path segment, `:` included. */
export const RBAC_NAME: KubeNameRule = { maxLength: 253 };
/** core ValidateServiceName (NameIsDNS1035Label): a DNS-1035 label. */
export const DNS1035_NAME: KubeNameRule = {
  pattern: '^[a-z]([-a-z0-9]*[a-z0-9])?$',
  maxLength: 63,
  patternDoc:
    'lowercase letters, digits and `-`, starting with a letter and ending with a letter or digit (a DNS-1035 label)',
};
/** core ValidateNamespaceName (NameIsDNSLabel): a DNS-1123 label. */
export const DNS1123_LABEL_NAME: KubeNameRule = {
  pattern: '^[a-z0-9]([-a-z0-9]*[a-z0-9])?$',
  maxLength: 63,
  patternDoc: 'lowercase letters, digits and `-`, starting and ending with a letter or digit (a DNS-1123 label)',
};
/**
 * batch ValidateCronJobCreate: a subdomain of at most 52 characters (the Jobs it makes add 11 to it, and a
 * Job's name becomes a label value of at most 63).
 */
export const CRONJOB_NAME: KubeNameRule = { ...OBJECT_NAME, maxLength: 52 };

/**
 * The metadata of one of Kubernetes' own kinds: `name` may be left to the cluster (`generateName`), and its
 * syntax is the kind's (a DNS subdomain for most; `rule` for the others).
 */
export const kubeObjectMeta = (rule?: KubeNameRule): ObjectType => {
  const base = objectMeta();
  const name = base.fields.name;
  return {
    ...base,
    fields: {
      ...base.fields,
      name: { ...name, required: false, ...(rule ? { type: str({ ...rule }) } : {}) },
      // apimachinery's ValidateLabels: a value is empty or 63 characters at most, alphanumeric at both ends.
      labels: opt(
        map(
          str({
            maxLength: 63,
            pattern: '^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$',
            patternDoc:
              'empty, or letters, digits, `-`, `_` and `.`, starting and ending with a letter or digit (a label value)',
          }),
        ),
        'labels of the object in the cluster',
      ),
    },
  };
};

/** `UserAssignedIdentityDetails`: `reference` to a user-assigned identity. */
export const userAssignedIdentityDetails = (): ObjectType =>
  obj('UserAssignedIdentityDetails', {
    reference: opt(resourceReference(), 'the user-assigned identity resource'),
  });
