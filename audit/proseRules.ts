// Every rule the spec states in a sentence rather than in a table's R/O and type columns (issue 15's audit):
// "required when…", "only when/for/at…", "cannot be used with…", "only at creation", defaults that constrain
// other fields, interplay between two fields. Each maps to the check that enforces it (its code and a fixture
// whose inline expectations show it) or to the reason a manifest cannot show it. spec-coverage.test.ts finds
// every clause of the four documents that reads like a rule (RULE_WORDS) and fails on one no entry covers.

/** Words that mark a clause as stating a rule (matched outside backticks, whole words, any case). */
export const RULE_WORDS =
  /\b(only|must|required (?:when|at)|needed when|optional (?:for|on)|cannot|can only|mutually exclusive|exactly one|either|defaults?|deprecated|not returned when|unique|uniquely|wildcards|at most|at least|between|both required|clears|deletes all|derived from|takes effect|considered|applies to|same namespace|at creation|once)\b/i;

/**
 * Words that mark a clause as stating a value, a limit or a condition (issue 26's audit, sentence by sentence):
 * ranges (`1 to 365`, `1..365`), bounds, dates and versions (`and later`), requirements, allowed and fixed
 * values, conditions (`when`, `if`, `while`, `until`), `never`, `no`.
 */
export const VALUE_WORDS =
  /\b(later|earlier|minimum|maximum|greater than|less than|lower than|higher than|never|when|while|if|unless|until|allowed|allows?|accepted|accepts|possible|valid|fixed|limits?|\d+ to \d+|\d+\.\.\d+|none of|required|requires|no)\b/i;

export type ProseDoc = 1 | 2 | 3 | 'shapes';

export interface ProseRule {
  doc: ProseDoc;
  /** Words of the spec, verbatim (backticks included): every rule clause holding them (or held by them) is this rule. */
  quote: string;
  /** A part of the same spec line, where the quote alone appears on several lines that mean different things. */
  line?: string;
  /**
   * The check: its code and a fixture (path from test/) with an inline expectation of that code, on a line
   * holding `at` when given. Cross-file rules point at the workspace test that shows them.
   */
  check?: { code: string; fixture: string; at?: string };
  /** Why a manifest cannot show it (or why it is no rule on a manifest). */
  reason?: string;
}

const F = (area: string, file: string) => `fixtures/diagnostics/${area}/${file}`;
const WORKSPACE = 'workspace/checks.test.ts';

// Reasons shared by many sentences.
const STATUS =
  'a fact about a read-only `status` field: the service writes status, a manifest cannot set it (status-read-only warns on any `status` block)';
const DEFAULT = 'a default the service applies when the field is absent; it constrains no other field (hover shows it)';
const CHANGE =
  'concerns a change after creation; a manifest is one desired state, not a change, so one manifest cannot show it (hover marks the field "Set only at creation" or "Cannot be reverted")';
const BEHAVIOUR = 'describes what the service does with a valid value; no value of a manifest breaks it';
const TABLE_POLICY_ID =
  'the spec form names the stored access policy by `reference`, a ResourceReference (no string of 64 characters to measure); the 64-character `id` exists only in status';
const SCOPE = 'says what the documents cover or how they are written, not a rule on a manifest';
const HEADING = 'a column heading of a table whose rows are mapped one by one';
const MEANING = 'says what a valid value does (its meaning, shown by hover); no value of a manifest breaks it';

export const PROSE_RULES: ProseRule[] = [
  // ------------------------------------------------------------------------------------------ document 1
  { doc: 1, quote: 'described only here and apply to all three documents', reason: SCOPE },
  {
    doc: 1,
    quote: 'Every `_STATUS` type is the observed (read-only) counterpart',
    check: { code: 'status-read-only', fixture: F('common', 'envelope.yaml') },
  },
  { doc: 1, quote: 'interpreted by the operator only and is never sent to the cloud', reason: BEHAVIOUR },
  { doc: 1, quote: 'operator-only settings, see below', reason: SCOPE },
  {
    doc: 1,
    quote: 'selects how a uuid is generated for a role that has no explicit `cloudName`',
    check: {
      code: 'naming-convention-with-cloud-name',
      fixture: F('authorization', 'prose-rules-authorization.yaml'),
      at: 'namingConvention',
    },
  },
  {
    doc: 1,
    quote:
      'extension resources can be owned by any other cloud resource; all others have a specific expected owner kind',
    check: { code: 'owner-kind', fixture: WORKSPACE },
  },
  {
    doc: 1,
    quote: 'R on top-level resources',
    check: { code: 'missing-required', fixture: F('eventgrid', 'domain-topic-rules.yaml'), at: 'spec:' },
  },
  {
    doc: 1,
    quote: 'the only accepted value is `2.0`',
    check: { code: 'enum-value', fixture: F('authorization', 'roleassignment-rules.yaml'), at: 'conditionVersion' },
  },
  {
    doc: 1,
    quote: 'only `2.0` accepted',
    check: { code: 'enum-value', fixture: F('authorization', 'roleassignment-rules.yaml'), at: 'conditionVersion' },
  },
  {
    doc: 1,
    quote: 'condition that limits the resources the assignment can apply to',
    check: { code: 'condition-version-without-condition', fixture: F('authorization', 'roleassignment-rules.yaml') },
  },
  { doc: 1, quote: 'exists only in the published shape `v20220401`', reason: STATUS },
  {
    doc: 1,
    quote: 'The two shapes differ only as listed for RoleAssignment',
    check: { code: 'enum-other-version', fixture: F('authorization', 'roleassignment-rules.yaml') },
  },
  {
    doc: 1,
    quote: 'default 604800 (7 days) for Free SKU, 2592000 (30 days) for Standard and Premium SKU',
    reason:
      'a default that depends on the SKU: it decides nothing a manifest can get wrong (any value in range may be written for any SKU); hover shows it',
  },
  {
    doc: 1,
    quote: 'defaultKeyValueRevisionRetentionPeriodInSeconds default',
    reason: 'the Limits row of the per-SKU default above; same reason: a default, hover shows it',
  },
  { doc: 1, quote: 'both only for a system-assigned identity', reason: STATUS },
  {
    doc: 1,
    quote: '`None` removes identities',
    check: {
      code: 'identity-none-with-user-identities',
      fixture: F('appconfiguration', 'prose-rules-appconfiguration.yaml'),
      at: 'userAssignedIdentities',
    },
  },
  {
    doc: 1,
    quote: 'controls public-network data-plane traffic while a private endpoint is enabled',
    reason: 'private endpoints are not part of any manifest of the spec; nothing to compare with',
  },
  {
    doc: 1,
    quote: 'Rules: `key` together with `label` identifies a key-value uniquely',
    reason:
      '`key` and `label` are status fields: the manifest names the key-value by its cloud name, whose duplicates duplicate-resource reports',
  },
  {
    doc: 1,
    quote: 'cannot be modified until it is unlocked',
    reason: '`locked` is a status field and the lock happens in the cloud: a manifest cannot show it',
  },
  {
    doc: 1,
    quote: 'a locked key-value cannot be modified until unlocked',
    reason: '`locked` is a status field and the lock happens in the cloud: a manifest cannot show it',
  },
  { doc: 1, quote: 'writable only at creation', reason: CHANGE },
  { doc: 1, quote: 'writable only when the snapshot is created', reason: CHANGE },
  { doc: 1, quote: 'when unspecified the default lifetime of key-value revisions applies', reason: DEFAULT },
  {
    doc: 1,
    quote: 'each filter: `key` (string, R)',
    check: {
      code: 'missing-required',
      fixture: F('appconfiguration', 'prose-rules-appconfiguration.yaml'),
      at: 'label: prod',
    },
  },
  {
    doc: 1,
    quote: 'between 1 and 15 minutes',
    check: { code: 'duration-range', fixture: F('alerts', 'prometheusrulegroup-rules.yaml'), at: 'interval' },
  },
  {
    doc: 1,
    quote: 'this version accepts creation with one scope',
    check: { code: 'item-count', fixture: F('alerts', 'prometheusrulegroup-rules.yaml') },
  },
  {
    doc: 1,
    quote: 'one scope at creation in this version',
    check: { code: 'item-count', fixture: F('alerts', 'prometheusrulegroup-rules.yaml') },
  },
  {
    doc: 1,
    quote: 'alerts only',
    check: { code: 'rule-alert-only-member', fixture: F('alerts', 'prometheusrulegroup-rules.yaml') },
  },
  {
    doc: 1,
    quote: 'time the alert must be active before it fires',
    check: { code: 'rule-alert-only-member', fixture: F('alerts', 'prometheusrulegroup-rules.yaml'), at: 'for' },
  },
  { doc: 1, quote: 'Provisioning states (read-only', reason: STATUS },
  { doc: 1, quote: 'Applies to', reason: 'a column heading of the Limits table, whose rows are mapped one by one' },

  // ------------------------------------------------------------------------------------------ document 2
  {
    doc: 2,
    quote: 'Each sub-resource is owned by its parent',
    check: { code: 'owner-kind', fixture: WORKSPACE },
  },
  {
    doc: 2,
    quote: 'needed when kind is `BlobStorage`',
    check: { code: 'access-tier-required', fixture: F('storage', 'storageaccount-limits.yaml') },
  },
  {
    doc: 2,
    quote: '`Premium` is the fixed default for the premium block blobs type and cannot be changed there',
    check: {
      code: 'access-tier-block-blob-premium',
      fixture: F('storage', 'prose-rules-storage.yaml'),
      at: 'accessTier',
    },
  },
  { doc: 2, quote: 'interpreted as true by default', reason: DEFAULT },
  { doc: 2, quote: 'interpreted as false by default', reason: DEFAULT },
  {
    doc: 2,
    quote: 'when false, all requests including shared access signatures must use directory identity',
    reason:
      'says how clients must authenticate to an account that disallows shared keys: a rule on requests, not on the manifest',
  },
  {
    doc: 2,
    quote: 'one custom domain per account',
    reason:
      '`customDomain` is one object, so a manifest cannot hold two (a second `customDomain` key is a yaml-syntax duplicate key)',
  },
  {
    doc: 2,
    quote: 'an empty string as `name` clears it',
    reason: 'a valid value with a documented effect (clearing the domain); nothing to report',
  },
  { doc: 2, quote: 'when unset the account is created in the main region', reason: DEFAULT },
  { doc: 2, quote: 'can only be set to true at account creation', reason: CHANGE },
  { doc: 2, quote: 'enables object-level immutability for new containers by default', reason: BEHAVIOUR },
  { doc: 2, quote: 'cannot be disabled once enabled', reason: CHANGE },
  { doc: 2, quote: 'region cannot change after creation', reason: CHANGE },
  { doc: 2, quote: 'default interpretation is `TLS1_0`', reason: DEFAULT },
  { doc: 2, quote: 'default true since API version 2019-04-01', reason: DEFAULT },
  {
    doc: 2,
    quote: 'at most 15 tags',
    check: { code: 'map-limits', fixture: F('storage', 'storageaccount-limits.yaml') },
  },
  {
    doc: 2,
    quote: 'key length at most 128',
    check: { code: 'map-limits', fixture: F('storage', 'storageaccount-limits.yaml') },
  },
  {
    doc: 2,
    quote: 'value length at most 256',
    check: { code: 'map-limits', fixture: F('storage', 'storageaccount-limits.yaml') },
  },
  {
    doc: 2,
    quote: 'at most 15',
    line: 'tags per account',
    check: { code: 'map-limits', fixture: F('storage', 'storageaccount-limits.yaml') },
  },
  { doc: 2, quote: 'Status-only fields of StorageAccount_STATUS', reason: STATUS },
  { doc: 2, quote: 'only for Standard_GRS or Standard_RAGRS', reason: STATUS },
  { doc: 2, quote: 'Standard_ZRS and Premium_LRS return only the blob endpoint', reason: STATUS },
  { doc: 2, quote: 'only when the SKU is Standard_RAGRS', reason: STATUS },
  { doc: 2, quote: 'a config map is created only for fields that are given', reason: BEHAVIOUR },
  { doc: 2, quote: 'a secret is retrieved from the cloud only for fields that are given', reason: BEHAVIOUR },
  {
    doc: 2,
    quote: 'tier is derived from the name',
    check: { code: 'sku-tier-mismatch', fixture: F('storage', 'prose-rules-storage.yaml'), at: 'tier' },
  },
  {
    doc: 2,
    quote: 'SKU name is required at account creation and optional on update',
    check: { code: 'missing-required', fixture: F('storage', 'storageaccount-fields.yaml') },
    // The operator creates the account from the manifest, so its first apply is a creation; reference-shapes.md marks `name` required.
  },
  {
    doc: 2,
    quote: 'required when directoryServiceOptions is `AD`, optional for `AADKERB`',
    check: {
      code: 'active-directory-properties-required',
      fixture: F('storage', 'prose-rules-storage.yaml'),
      at: 'directoryServiceOptions',
    },
  },
  {
    doc: 2,
    quote: 'applies to Kerberos users without an assigned role',
    reason:
      'depends on role assignments of users, which no manifest of the storage kinds holds; the spec ties it to no `directoryServiceOptions` value',
  },
  { doc: 2, quote: 'may be extended in future', reason: SCOPE },
  {
    doc: 2,
    quote: 'only to be set on updates',
    check: {
      code: 'sub-domain-name-on-update',
      fixture: F('storage', 'prose-rules-storage.yaml'),
      at: 'useSubDomainName',
    },
  },
  {
    doc: 2,
    quote: 'default action enum `Allow`, `Deny`',
    check: { code: 'enum-value', fixture: F('storage', 'prose-rules-storage.yaml'), at: 'defaultAction' },
  },
  { doc: 2, quote: 'changeable only for disabled and unlocked time-based policies', reason: CHANGE },
  {
    doc: 2,
    quote: 'deprecated in favour of `isVersioningEnabled`',
    reason:
      'valid but deprecated: completion tags it Deprecated and sorts it last, hover says what replaces it; no problem to report',
  },
  {
    doc: 2,
    quote: 'blob service only',
    check: {
      code: 'permanent-delete-blob-only',
      fixture: F('storage', 'prose-rules-storage.yaml'),
      at: 'allowPermanentDelete',
    },
  },
  {
    doc: 2,
    quote: 'cannot be used with a blob restore policy',
    check: { code: 'permanent-delete-with-restore', fixture: F('storage', 'blobservice-rules.yaml') },
  },
  {
    doc: 2,
    quote: 'at most five rules',
    check: { code: 'item-count', fixture: F('storage', 'blobservice-rules.yaml') },
  },
  {
    doc: 2,
    quote: 'at most 5',
    line: 'CORS rules per service',
    check: { code: 'item-count', fixture: F('storage', 'blobservice-rules.yaml') },
  },
  {
    doc: 2,
    quote: 'Sending no rules deletes all rules and disables CORS for that service',
    reason: 'a valid way to disable CORS (an empty list): the documented effect is the intent',
  },
  {
    doc: 2,
    quote: 'all Required when a rule is present',
    check: { code: 'missing-required', fixture: F('storage', 'blobservice-rules.yaml') },
  },
  { doc: 2, quote: 'blocks overriding the container default scope', reason: BEHAVIOUR },
  { doc: 2, quote: 'can only be set to true at creation', reason: CHANGE },
  { doc: 2, quote: 'true once an immutability policy was created', reason: STATUS },
  { doc: 2, quote: 'only when leased', reason: STATUS },
  { doc: 2, quote: 'the two are mutually exclusive', reason: STATUS },
  {
    doc: 2,
    quote: 'applies to Premium FileStorage only',
    check: { code: 'multichannel-account-kind', fixture: WORKSPACE },
  },
  {
    doc: 2,
    quote: 'general-purpose v2 accounts choose `TransactionOptimized` (default), `Hot`, `Cool`',
    check: { code: 'share-access-tier-account-kind', fixture: WORKSPACE },
  },
  { doc: 2, quote: 'only at share creation', reason: CHANGE },
  {
    doc: 2,
    quote: 'NFS shares only',
    check: { code: 'root-squash-nfs-only', fixture: F('storage', 'prose-rules-storage.yaml'), at: 'rootSquash' },
  },
  { doc: 2, quote: 'default `NoRootSquash`', reason: DEFAULT },
  {
    doc: 2,
    quote: 'greater than 0 and at most 5120',
    check: { code: 'value-range', fixture: F('storage', 'fileservice-share-rules.yaml'), at: 'shareQuota' },
  },
  {
    doc: 2,
    quote: 'greater than 0, at most 5120 GB',
    check: { code: 'value-range', fixture: F('storage', 'fileservice-share-rules.yaml'), at: 'shareQuota' },
  },
  {
    doc: 2,
    quote: 'for large file shares at most 102400',
    check: { code: 'share-quota-large-file-shares', fixture: WORKSPACE },
  },
  {
    doc: 2,
    quote: 'at most 102400 GB for large file shares',
    check: { code: 'share-quota-large-file-shares', fixture: WORKSPACE },
  },
  {
    doc: 2,
    quote: 'unique in the policy',
    check: { code: 'duplicate-item', fixture: F('storage', 'managementpolicy-rules.yaml') },
  },
  {
    doc: 2,
    quote: 'unique identifier of at most 64 characters of the stored access policy',
    reason: TABLE_POLICY_ID,
  },
  { doc: 2, quote: 'unique value of 64 characters', reason: TABLE_POLICY_ID },
  {
    doc: 2,
    quote: 'has only `configMapExpressions` and `secretExpressions`',
    check: { code: 'unknown-field', fixture: F('common', 'operator-spec.yaml'), at: 'configMaps' },
  },
  {
    doc: 2,
    quote: 'only `Disabled` or `Unlocked` may be created',
    check: { code: 'immutability-policy-locked', fixture: F('storage', 'prose-rules-storage.yaml'), at: 'state' },
  },
  { doc: 2, quote: 'cannot be reverted', reason: CHANGE },
  { doc: 2, quote: 'afterwards only an increase of the retention time is allowed', reason: CHANGE },
  {
    doc: 2,
    quote: 'at most 1000',
    reason: 'legal holds are set in the cloud and shown only in status: no manifest field holds them',
  },
  {
    doc: 2,
    quote: 'delete retention days',
    check: { code: 'value-range', fixture: F('storage', 'blobservice-rules.yaml'), at: 'days' },
  },

  // ------------------------------------------------------------------------------------------ document 3
  { doc: 3, quote: 'default is a provider-managed key', reason: DEFAULT },
  {
    doc: 3,
    quote: 'takes effect only when `publicNetworkAccess` is enabled',
    check: { code: 'no-effect-public-access-disabled', fixture: F('batch', 'batchaccount-rules.yaml') },
  },
  { doc: 3, quote: 'default `BatchService`', reason: DEFAULT },
  { doc: 3, quote: 'poolAllocationMode default', reason: DEFAULT },
  {
    doc: 3,
    quote: 'with `UserSubscription` clients must use directory identity',
    check: { code: 'user-subscription-shared-key', fixture: F('batch', 'prose-rules-batch.yaml'), at: 'SharedKey' },
  },
  {
    doc: 3,
    quote: 'the identity must be assigned to pools whose nodes need auto-storage access',
    reason: 'pools are not part of any manifest of the spec',
  },
  { doc: 3, quote: 'both only for a system-assigned identity', reason: STATUS },
  {
    doc: 3,
    quote: 'usable only if the account has a system-assigned identity',
    check: { code: 'customer-key-needs-identity', fixture: F('batch', 'batchaccount-rules.yaml') },
    // The rest of the sentence (key permissions of the identity, soft delete and purge protection of the key
    // vault) lives in the key vault, which no manifest of the spec describes.
  },
  {
    doc: 3,
    quote: 'applies only when public network access is enabled',
    check: { code: 'no-effect-public-access-disabled', fixture: F('batch', 'batchaccount-rules.yaml') },
  },
  {
    doc: 3,
    quote: 'the only value is `Allow`',
    check: { code: 'enum-value', fixture: F('batch', 'batchaccount-rules.yaml'), at: 'action: Deny' },
  },
  {
    doc: 3,
    quote: 'only `Allow`',
    check: { code: 'enum-value', fixture: F('batch', 'batchaccount-rules.yaml'), at: 'action: Deny' },
  },
  { doc: 3, quote: 'not returned when the mode is `UserSubscription`', reason: STATUS },
  { doc: 3, quote: 'when false, only by the overall quota', reason: STATUS },
  {
    doc: 3,
    quote: 'considered only when public network access is enabled',
    check: { code: 'no-effect-public-access-disabled', fixture: F('eventgrid', 'domain-topic-rules.yaml') },
  },
  { doc: 3, quote: 'enabled by default', reason: DEFAULT },
  {
    doc: 3,
    quote: 'Spec has only the common fields',
    check: { code: 'unknown-field', fixture: F('eventgrid', 'domain-topic-rules.yaml'), at: 'location' },
  },
  {
    doc: 3,
    quote: 'enables publishing with custom event schemas',
    check: {
      code: 'input-mapping-without-custom-schema',
      fixture: F('eventgrid', 'prose-rules-eventgrid.yaml'),
      at: 'inputSchemaMapping',
    },
  },
  {
    doc: 3,
    quote: 'For a custom schema, `inputSchemaMapping.json` maps source fields',
    check: {
      code: 'input-mapping-without-custom-schema',
      fixture: F('eventgrid', 'prose-rules-eventgrid.yaml'),
      at: 'inputSchemaMapping',
    },
  },
  {
    doc: 3,
    quote: 'mutually exclusive with all others',
    check: { code: 'exclusive-members', fixture: F('eventgrid', 'eventsubscription-rules.yaml') },
  },
  {
    doc: 3,
    quote: 'exactly one of the members below',
    check: { code: 'missing-member', fixture: F('eventgrid', 'eventsubscription-rules.yaml') },
  },
  { doc: 3, quote: 'null selects all default event types', reason: DEFAULT },
  {
    doc: 3,
    quote: 'no wildcards',
    check: { code: 'subject-wildcard', fixture: F('eventgrid', 'eventsubscription-rules.yaml') },
  },
  {
    doc: 3,
    quote: 'mutually exclusive with others',
    check: { code: 'missing-member', fixture: F('eventgrid', 'domain-topic-rules.yaml'), at: 'inputSchemaMapping' },
  },
  {
    doc: 3,
    quote: '`operatorType` (R; fixed value named below)',
    check: { code: 'enum-value', fixture: F('eventgrid', 'eventsubscription-rules.yaml'), at: 'operatorType' },
  },
  { doc: 3, quote: 'they are the only event-related part of the interface', reason: SCOPE },
  {
    doc: 3,
    quote: 'A subscription delivers to exactly one destination kind',
    check: { code: 'exclusive-members', fixture: F('eventgrid', 'eventsubscription-rules.yaml') },
  },
  { doc: 3, quote: 'Applies to', reason: 'a column heading of the Limits table, whose rows are mapped one by one' },

  // ------------------------------------------------------------------------------------------ reference-shapes.md
  {
    doc: 'shapes',
    quote: 'exactly one of the two',
    check: {
      code: 'reference-shape',
      fixture: F('storage', 'container-queue-table-rules.yaml'),
      at: 'blobServices/default',
    },
  },
  {
    doc: 'shapes',
    quote: 'either `armId` alone, or all three of `group`, `kind`, `name`',
    check: {
      code: 'reference-shape',
      fixture: F('eventgrid', 'eventsubscription-rules.yaml'),
      at: 'resourceReference',
    },
  },
  {
    doc: 'shapes',
    quote: 'both required',
    check: {
      code: 'missing-required',
      fixture: F('appconfiguration', 'appconfiguration-rules.yaml'),
      at: 'primaryKey',
    },
  },
  {
    doc: 'shapes',
    quote: 'same namespace',
    reason:
      "a config map reference has no namespace field: the reference is in the manifest's own namespace by construction",
  },
  {
    doc: 'shapes',
    quote: '`name` and `value` required',
    check: { code: 'missing-required', fixture: F('common', 'operator-spec.yaml'), at: 'name: appcs-secrets' },
  },
  {
    doc: 'shapes',
    quote: 'An owner given by `name` is the manifest of the expected kind',
    check: { code: 'owner-kind', fixture: WORKSPACE },
  },
  {
    doc: 'shapes',
    quote: 'An owner given by `armId` must have the expected provider namespace and type path',
    check: { code: 'owner-arm-id', fixture: WORKSPACE },
  },
  {
    doc: 'shapes',
    quote: '`cloudName` defaults to `metadata.name`',
    check: { code: 'name-limit', fixture: F('appconfiguration', 'appconfiguration-rules.yaml'), at: 'name: appc' },
  },
  { doc: 'shapes', quote: 'derived from group, kind, namespace, name and owner', reason: BEHAVIOUR },
  {
    doc: 'shapes',
    quote: '`X` and `XFromConfig`',
    check: { code: 'exclusive-members', fixture: F('storage', 'storageaccount-fields.yaml'), at: 'FromConfig' },
  },
  {
    doc: 'shapes',
    quote: 'One-member-only containers',
    check: { code: 'missing-member', fixture: F('eventgrid', 'eventsubscription-rules.yaml') },
  },
  {
    doc: 'shapes',
    quote: 'must not write the same secret',
    check: { code: 'duplicate-destination', fixture: F('common', 'operator-spec.yaml') },
  },
  {
    doc: 'shapes',
    quote: 'required when filters set',
    check: { code: 'missing-required', fixture: F('storage', 'managementpolicy-rules.yaml'), at: 'filters' },
  },
  {
    doc: 'shapes',
    quote: 'exactly one of `boolEquals`',
    check: { code: 'exclusive-members', fixture: F('eventgrid', 'exclusive-order-and-cidr.yaml') },
  },
  {
    doc: 'shapes',
    quote: 'a Kubernetes object name: at most 253 characters',
    check: { code: 'pattern', fixture: F('common', 'envelope.yaml'), at: 'name: Orders_Timeout' },
  },
  {
    doc: 'shapes',
    quote: 'the 15-tag limit, at most 5 CORS rules, the 5120 GB share quota',
    reason:
      'names limits mapped above (interval, severity, conditionVersion, tags, CORS rules, share quota) to say the operator does not check them',
  },
  { doc: 'shapes', quote: '`retentionPeriod` set only at creation', reason: CHANGE },
  {
    doc: 'shapes',
    quote: 'UTC as the default time zone',
    reason: 'the CEL environment of the operator, not a rule on a manifest',
  },
  {
    doc: 'shapes',
    quote: 'in `secretExpressions` only',
    check: { code: 'cel-undeclared', fixture: F('common', 'cel-expressions.yaml'), at: 'value: secret.key1' },
  },
  {
    doc: 'shapes',
    quote: 'The result must be a `string` or a `map(string, string)`',
    check: { code: 'cel-result-type', fixture: F('common', 'cel-expressions.yaml'), at: 'ipRules.size()' },
  },
  {
    doc: 'shapes',
    quote: '`key` is required when the result is a string and must not be set when it is a map',
    check: { code: 'cel-key', fixture: F('common', 'cel-expressions.yaml'), at: 'value: self.spec.location' },
  },
  // ------------------------------------------------------------------------------------------ issue 26: values,
  // limits and conditions stated in sentences (VALUE_WORDS), document by document
  { doc: 1, quote: 'R or O (Required or Optional)', reason: SCOPE },
  { doc: 1, quote: 'All fields of a `_STATUS` type are Optional unless stated', reason: STATUS },
  {
    doc: 1,
    quote: 'Allowed values: `stable`, `random`',
    check: {
      code: 'enum-value',
      fixture: F('authorization', 'authorization-rules.yaml'),
      at: 'namingConvention: uuid',
    },
  },
  { doc: 1, quote: 'allowed actions, allowed data actions, denied actions, denied data actions', reason: MEANING },
  {
    doc: 1,
    quote: 'when true, all authentication methods other than directory-identity authentication are disabled',
    reason: MEANING,
  },
  { doc: 1, quote: 'enables value transformations when applications read the value', reason: MEANING },
  {
    doc: 1,
    quote: 'composition guarantees no two',
    reason:
      'what the service guarantees of a snapshot it composes: a promise about its content, not a value a manifest sets',
  },
  { doc: 1, quote: 'performed when the alert becomes active and when it resolves', reason: MEANING },
  {
    doc: 1,
    quote: '0 to 4',
    check: { code: 'value-range', fixture: F('alerts', 'prometheusrulegroup-rules.yaml'), at: 'severity: 5' },
  },
  { doc: 1, quote: 'no provisioning state field', reason: STATUS },
  { doc: 1, quote: 'Limit', line: '| Limit |', reason: HEADING },
  {
    doc: 1,
    quote: '1 to 15 minutes, ISO 8601 duration',
    check: { code: 'duration-range', fixture: F('alerts', 'prometheusrulegroup-rules.yaml'), at: 'interval: PT30M' },
  },
  { doc: 1, quote: 'Rate limits and request size limits: not shown', reason: SCOPE },
  { doc: 2, quote: 'Authentication, Errors and general limits of document 1', reason: SCOPE },
  { doc: 2, quote: 'allows public access to blobs or containers', reason: MEANING },
  { doc: 2, quote: '`CloudDnsZone` allows very many accounts per subscription', reason: MEANING },
  { doc: 2, quote: 'true while a failover runs, otherwise null', reason: STATUS },
  { doc: 2, quote: 'absent if there was never one', reason: STATUS },
  { doc: 2, quote: 'status has no `valueFromConfig`', reason: STATUS },
  {
    doc: 2,
    quote: '`retentionInDays` (int, minimum 1, maximum 146000',
    check: { code: 'value-range', fixture: F('storage', 'prose-values-storage.yaml'), at: 'retentionInDays: 146001' },
  },
  {
    doc: 2,
    quote: 'version used when a request names none',
    reason: 'says when the service uses the value (a request that names no version); hover shows it',
  },
  {
    doc: 2,
    quote: '2008-10-27 and later versions are possible',
    check: { code: 'value-range', fixture: F('storage', 'prose-values-storage.yaml'), at: '"2007-01-01"' },
    // A value that is no version date at all is a `pattern` error in the same fixture (`latest`).
  },
  {
    doc: 2,
    quote: 'a separate data-service version string (2008-10-27 and later)',
    check: { code: 'pattern', fixture: F('storage', 'prose-values-storage.yaml'), at: 'defaultServiceVersion: latest' },
  },
  { doc: 2, quote: 'Allowed items', reason: HEADING },
  {
    doc: 2,
    quote: 'the valid value is `Lifecycle`',
    check: { code: 'enum-value', fixture: F('storage', 'managementpolicy-rules.yaml'), at: 'type: Deletion' },
  },
  { doc: 2, quote: 'never lower than the real count, possibly higher', reason: STATUS },
  { doc: 2, quote: 'Limit', line: '| Limit |', reason: HEADING },
  {
    doc: 2,
    quote: '1 to 365',
    line: 'delete retention days',
    check: { code: 'value-range', fixture: F('storage', 'blobservice-rules.yaml'), at: 'days: 366' },
  },
  {
    doc: 2,
    quote: '1 to 146000, null for infinite',
    check: { code: 'value-range', fixture: F('storage', 'blobservice-rules.yaml'), at: 'retentionInDays: 146001' },
  },
  { doc: 3, quote: 'Authentication, Errors and general limits', reason: SCOPE },
  {
    doc: 3,
    quote: 'modes allowed for the data plane',
    check: { code: 'enum-value', fixture: F('batch', 'batchaccount-rules.yaml'), at: 'Certificate' },
  },
  { doc: 3, quote: 'when true, quota is enforced by both the per-family quotas', reason: STATUS },
  {
    doc: 3,
    quote: 'fixed value named below',
    check: { code: 'enum-value', fixture: F('eventgrid', 'eventsubscription-rules.yaml'), at: 'operatorType' },
  },
  { doc: 3, quote: 'configure how events are accepted and delivered', reason: SCOPE },
  {
    doc: 3,
    quote: 'A domain or topic accepts published events in the format named by `inputSchema`',
    check: {
      code: 'enum-value',
      fixture: F('eventgrid', 'domain-topic-rules.yaml'),
      at: 'inputSchema: CloudEventSchema',
    },
  },
  { doc: 3, quote: 'Limit', line: '| Limit |', reason: HEADING },
  {
    doc: 'shapes',
    quote: 'every kind with a fixed owner kind',
    check: {
      code: 'reference-shape',
      fixture: F('storage', 'container-queue-table-rules.yaml'),
      at: 'group: storage',
    },
  },
  {
    doc: 'shapes',
    quote: 'No `group`/`kind`: the owner kind is fixed by the owned kind',
    check: {
      code: 'reference-shape',
      fixture: F('storage', 'container-queue-table-rules.yaml'),
      at: 'group: storage',
    },
  },
  {
    doc: 'shapes',
    quote: 'fields `location` (required), `tags`, `cloudName`, `managedBy`, `owner` absent',
    check: { code: 'unknown-field', fixture: F('common', 'resourcegroup.yaml'), at: 'owner:' },
    // `location` required: missing-required in the same fixture.
  },
  {
    doc: 'shapes',
    quote: 'StorageAccount `kind` (required)',
    check: { code: 'missing-required', fixture: F('storage', 'storageaccount-fields.yaml'), at: 'kind:' },
  },
  {
    doc: 'shapes',
    quote: "`name` (the spec's 8 values, required)",
    check: { code: 'missing-required', fixture: F('storage', 'storageaccount-fields.yaml') },
  },
  {
    doc: 'shapes',
    quote: '`defaultAction` (required)',
    check: { code: 'missing-required', fixture: F('storage', 'storageaccount-fields.yaml'), at: 'networkAcls:' },
  },
  {
    doc: 'shapes',
    quote: '`enable` (required)',
    check: {
      code: 'missing-required',
      fixture: F('storage', 'prose-values-storage.yaml'),
      at: 'lastAccessTimeTrackingPolicy',
    },
  },
  {
    doc: 'shapes',
    quote: '`enabled` (required), `days` (1..365)',
    check: { code: 'value-range', fixture: F('storage', 'prose-values-storage.yaml'), at: 'days: 366' },
    // `enabled` required: missing-required on `restorePolicy` in the same fixture.
  },
  {
    doc: 'shapes',
    quote: '`rules` (ManagementPolicyRule[], required)',
    check: { code: 'missing-required', fixture: F('storage', 'managementpolicy-rules.yaml'), at: 'policy:' },
  },
  {
    doc: 'shapes',
    quote: '`name` (string, required',
    check: { code: 'missing-required', fixture: F('appconfiguration', 'appconfiguration-rules.yaml'), at: 'sku: {}' },
  },
  {
    doc: 'shapes',
    quote: '(BatchAccount has no `sku`)',
    check: { code: 'unknown-field', fixture: F('batch', 'batchaccount-rules.yaml'), at: 'sku:' },
  },
  {
    doc: 'shapes',
    quote: '`filters` 1 to 3 items',
    check: { code: 'item-count', fixture: F('appconfiguration', 'appconfiguration-rules.yaml'), at: 'filters: []' },
  },
  {
    doc: 'shapes',
    quote: '`retentionPeriod` 3600 to 7776000 seconds',
    check: {
      code: 'value-range',
      fixture: F('appconfiguration', 'appconfiguration-rules.yaml'),
      at: 'retentionPeriod: 3599',
    },
  },
  {
    doc: 'shapes',
    quote: '`endpointType` is required, and its value is the member',
    check: { code: 'missing-required', fixture: F('eventgrid', 'required-members.yaml'), at: 'webHook:' },
    // A wrong value: enum-value with the fix to the one value (`endpointType: WebHook` under `storageQueue`).
  },
  {
    doc: 'shapes',
    quote: '`inputSchemaMappingType` is required (`Json`)',
    check: { code: 'missing-required', fixture: F('eventgrid', 'required-members.yaml'), at: 'json:' },
  },
  {
    doc: 'shapes',
    quote: '`type` is required',
    check: { code: 'missing-required', fixture: F('storage', 'required-members.yaml'), at: 'identity:' },
  },
  {
    doc: 'shapes',
    quote: '`reference` required',
    check: { code: 'missing-required', fixture: F('storage', 'required-members.yaml'), at: '- action: Allow' },
  },
  {
    doc: 'shapes',
    quote: '`keyExpirationPeriodInDays` required',
    check: { code: 'missing-required', fixture: F('storage', 'required-members.yaml'), at: 'keyPolicy' },
  },
  {
    doc: 'shapes',
    quote: 'all three required',
    check: { code: 'missing-required', fixture: F('storage', 'required-members.yaml'), at: '- name: project' },
  },
  {
    doc: 'shapes',
    quote: 'requires `daysAfterCreationGreaterThan`',
    check: { code: 'missing-required', fixture: F('storage', 'required-members.yaml'), at: 'delete:' },
  },
  {
    doc: 'shapes',
    quote: 'no control characters',
    check: { code: 'name-limit', fixture: F('appconfiguration', 'snapshot-cloud-name.yaml'), at: 'cloudName' },
  },
  {
    doc: 'shapes',
    quote: 'as for every other owner: the provider namespace and type path of the expected parent',
    check: { code: 'owner-arm-id', fixture: WORKSPACE },
    // test/fixtures/workspace/arm-ids/queues-tables.yaml shows it for a queue and a table.
  },
  { doc: 'shapes', quote: 'Limit', line: '| Kind | Limit |', reason: HEADING },
  {
    doc: 'shapes',
    quote: '3 to 24 characters (lowercase letters and digits in later versions: warn)',
    check: { code: 'name-limit', fixture: F('storage', 'storageaccount-limits.yaml'), at: 'name: st' },
  },
  {
    doc: 'shapes',
    quote: '3 to 63 characters',
    check: { code: 'name-limit', fixture: F('storage', 'container-queue-table-rules.yaml'), at: 'name: lg' },
  },
  {
    doc: 'shapes',
    quote: '5 to 50 characters of `[a-zA-Z0-9_-]`',
    check: { code: 'name-limit', fixture: F('appconfiguration', 'appconfiguration-rules.yaml'), at: 'name: appc' },
  },
  {
    doc: 'shapes',
    quote: '3 to 24 characters of `[a-z0-9]`',
    check: { code: 'name-limit', fixture: F('batch', 'batchaccount-rules.yaml'), at: 'name: ba' },
  },
  {
    doc: 'shapes',
    quote: 'none of `: @ / # { } % & + * < > ?`',
    check: { code: 'name-limit', fixture: F('alerts', 'prometheusrulegroup-rules.yaml'), at: 'cloudName' },
  },
  {
    doc: 'shapes',
    quote: "The operator itself does not check several of the spec's limits at admission",
    reason: 'says who checks the limits mapped above (the cloud, not the operator); not a rule of its own',
  },
  { doc: 'shapes', quote: 'minutes later', reason: 'says when the cloud rejects a manifest; not a rule of its own' },
];
