// The one registry of diagnostic codes. Every diagnostic the product reports carries one of these codes;
// the codes table of docs/diagnostics.md, the SARIF rule list and the severity settings are generated from it.
// Over 400 lines: a table, one entry per code, read as one.

export type Severity = 'error' | 'warning' | 'info' | 'hint';

export interface CodeInfo {
  severity: Severity;
  /** One line: what the rule catches. */
  title: string;
  /** A small manifest fragment that triggers it (for docs/diagnostics.md and the code's page). */
  example: string;
}

export const CODES = {
  'yaml-syntax': {
    severity: 'error',
    title: 'The YAML does not parse (bad indentation, duplicate key, unclosed quote, tab indentation…).',
    example: 'spec:\n  location: westus\n  location: eastus   # duplicate key',
  },
  'document-too-large': {
    severity: 'info',
    title:
      'A document longer than the `maxDocumentSize` setting (10,000,000 characters by default): only its YAML syntax is checked.',
    example: '# a 50 MB file of 220,000 manifests',
  },
  'problems-not-listed': {
    severity: 'info',
    title:
      'A file with more than 1,000 problems: the editor lists the first 1,000 (errors first, then warnings, as VS Code itself keeps no more per file) and says how many more there are; `cloud-manifests check` lists them all.',
    example: '# a ConfigMap of 50,000 integer values: 50,000 wrong-type problems',
  },
  'template-syntax': {
    severity: 'error',
    title:
      "A Helm template Go's template lexer cannot read (an unclosed comment, action or string): Helm cannot render it; nothing after it is checked.",
    example: 'metadata:\n  name: {{ .Values.name }}\n{{/* a comment */ }}   # a comment must close with */}}',
  },
  'template-branches-unchecked': {
    severity: 'info',
    title:
      'A Helm template with an if/else chain of more branches than are checked (4): the branches after the fourth are not checked.',
    example:
      '{{- if eq .Values.tier "a" }}\n...\n{{- else if eq .Values.tier "e" }}   # from here\n  size: 5\n{{- end }}',
  },
  'nesting-too-deep': {
    severity: 'info',
    title:
      'A document whose values nest deeper than 256 levels: it is not checked (the API server reads up to 10,000; the checker stops well before its stack would).',
    example: 'spec:\n  x: [[[[[[[[[[[[[[[[[[[[ … 300 levels … ]]]]]]]]]]]]]]]]]]]]',
  },
  'unknown-version': {
    severity: 'error',
    title: 'A known kind in a version the spec does not define; names the versions that exist.',
    example: 'apiVersion: storage.example.com/v20230101\nkind: StorageAccount',
  },
  'unknown-kind': {
    severity: 'error',
    title: 'A kind the group and version do not define; names the kinds that exist.',
    example: 'apiVersion: storage.example.com/v20220901\nkind: StorageAcount',
  },
  'unknown-field': {
    severity: 'error',
    title: 'A key the type does not have; suggests the nearest known key.',
    example: 'spec:\n  locaton: westus',
  },
  'wrong-type': {
    severity: 'error',
    title: 'A value of the wrong type (string for an integer, scalar for an object…).',
    example: 'spec:\n  retentionPeriod: "P30D"   # integer seconds',
  },
  'missing-required': {
    severity: 'error',
    title: 'A required field is absent (at any depth: a CORS rule needs all five of its fields).',
    example: 'spec:\n  owner:\n    name: rg\n  # location missing',
  },
  'placeholder-value': {
    severity: 'warning',
    title:
      'A required string left empty (`""`, as the missing-field fix writes it): the checks would pass while the service gets no value.',
    example: 'spec:\n  location: ""',
  },
  'enum-value': {
    severity: 'error',
    title: 'A value outside the allowed values of the field.',
    example: 'spec:\n  publicNetworkAccess: Closed',
  },
  'enum-case': {
    // The API server's enum check is exact (a case variant is rejected), for other operators' CRDs and the
    // operator's own alike; the spec names no field that accepts a case variant.
    severity: 'error',
    title:
      'An enum value that differs from an allowed one only in case (the API server rejects it); names the right spelling.',
    example: 'spec:\n  accessTier: hot',
  },
  'enum-other-version': {
    severity: 'error',
    title: "A value that belongs to another version's enumeration of the same field.",
    example: 'apiVersion: authorization.example.com/v1api20220401\n...\n  principalType: AgentUser',
  },
  'exclusive-members': {
    severity: 'error',
    title: 'Mutually exclusive members set together (`X` and `XFromConfig`, two destinations, two filter variants…).',
    example: 'spec:\n  principalId: 0000\n  principalIdFromConfig: {name: ids, key: principal}',
  },
  'missing-member': {
    severity: 'error',
    title: 'An object that must hold exactly one of its members holds none.',
    example: 'spec:\n  destination: {}',
  },
  'reference-shape': {
    severity: 'error',
    title: 'An owner or reference that mixes `armId` with `name`/`group`/`kind`, or lacks one of them.',
    example: 'owner:\n  name: rg\n  armId: /subscriptions/0000/resourceGroups/rg',
  },
  'value-range': {
    severity: 'error',
    title:
      'A number outside its limits (severity 0–4, retention days 1–365, share quota 1–102400…), or a version date earlier than allowed (blob `defaultServiceVersion` 2008-10-27 or later).',
    example: 'rules:\n  - severity: 7',
  },
  'string-length': {
    severity: 'error',
    title: 'A string shorter or longer than allowed.',
    example: 'metadata:\n  name: <300 characters>',
  },
  pattern: {
    severity: 'error',
    title: 'A string whose characters the field does not allow.',
    example: 'policy:\n  rules:\n    - name: "my rule!"',
  },
  format: {
    severity: 'error',
    title: 'A value that is not of its format: ISO 8601 duration, timestamp, IPv4 or CIDR, resource id.',
    example: 'ipRules:\n  - value: 10.0.0.300',
  },
  'duration-range': {
    severity: 'error',
    title: 'An ISO 8601 duration outside its bounds (rule group `interval` 1 to 15 minutes).',
    example: 'spec:\n  interval: PT30M',
  },
  'delimited-item': {
    severity: 'error',
    title: 'An item of a `;`-separated setting that is not allowed (SMB versions, channel encryption…).',
    example: 'smb:\n  versions: SMB2.1;SMB4.0',
  },
  'item-count': {
    severity: 'error',
    title: 'A list with too many or too few items (at most 5 CORS rules, 1 to 3 snapshot filters, one scope).',
    example: 'scopesReferences:\n  - {armId: /subscriptions/0/…/a}\n  - {armId: /subscriptions/0/…/b}',
  },
  'duplicate-item': {
    severity: 'error',
    title: 'Two list items with the same identifying value (management policy rule names).',
    example: 'rules:\n  - name: archive\n  - name: archive',
  },
  'map-limits': {
    severity: 'error',
    title: 'A map with too many entries or keys/values too long (at most 15 tags, keys ≤ 128, values ≤ 256).',
    example: 'tags: {t1: a, …, t16: p}',
  },
  'name-limit': {
    severity: 'error',
    title:
      "A cloud name (`cloudName`, else `metadata.name`) outside the limits of its kind. Where `metadata.name` is the cloud name, one message says every rule it breaks, Kubernetes' object-name rule included, and what to write; an error unless the only rule broken is one of later API versions (a storage account's lowercase letters and digits).",
    example: 'kind: StorageAccount\nmetadata:\n  name: st   # 3 to 24 characters',
  },
  'status-read-only': {
    severity: 'warning',
    title: 'A `status` block written in a manifest: it is read-only and ignored.',
    example: 'status:\n  provisioningState: Succeeded',
  },
  'access-tier-required': {
    severity: 'error',
    title: 'A `BlobStorage` account without `accessTier`.',
    example: 'spec:\n  kind: BlobStorage\n  # accessTier missing',
  },
  'rule-alert-or-record': {
    severity: 'error',
    title: 'A Prometheus rule with both or neither of `alert` and `record`.',
    example: 'rules:\n  - expression: up == 0\n    # neither alert nor record',
  },
  'rule-alert-only-member': {
    severity: 'error',
    title:
      'A recording rule (`record`) with alert-only members (`actions`, `resolveConfiguration`, `for`, `severity`).',
    example: 'rules:\n  - record: job:up\n    severity: 3',
  },
  'no-effect-public-access-disabled': {
    severity: 'warning',
    title: '`networkProfile` or `inboundIpRules` while public network access is `Disabled`: they have no effect.',
    example: 'spec:\n  publicNetworkAccess: Disabled\n  inboundIpRules: [{ipMask: 10.0.0.0/24, action: Allow}]',
  },
  'permanent-delete-with-restore': {
    severity: 'error',
    title: '`deleteRetentionPolicy.allowPermanentDelete` together with a blob restore policy.',
    example: 'deleteRetentionPolicy: {allowPermanentDelete: true}\nrestorePolicy: {enabled: true, days: 7}',
  },
  'customer-key-needs-identity': {
    severity: 'error',
    title: 'A customer-managed key (`encryption.keyVaultProperties`) without a system-assigned identity.',
    example: 'encryption:\n  keyVaultProperties: {keyIdentifier: https://…}\n# identity missing',
  },
  'condition-version-without-condition': {
    severity: 'warning',
    title: '`conditionVersion` set without a `condition`.',
    example: 'spec:\n  conditionVersion: "2.0"',
  },
  'subject-wildcard': {
    severity: 'error',
    title: 'A wildcard in `subjectBeginsWith` / `subjectEndsWith`: they are literal prefixes and suffixes.',
    example: 'filter:\n  subjectBeginsWith: /blobServices/*/containers',
  },
  'duplicate-destination': {
    severity: 'error',
    title: 'Two operator destinations writing the same secret (or config map) `name` and `key`.',
    example: 'secrets:\n  key1: {name: st, key: k}\n  key2: {name: st, key: k}',
  },
  'active-directory-properties-required': {
    severity: 'error',
    title: 'Identity-based file access with `directoryServiceOptions: AD` but no `activeDirectoryProperties`.',
    example:
      'cloudFilesIdentityBasedAuthentication:\n  directoryServiceOptions: AD\n  # activeDirectoryProperties missing',
  },
  'root-squash-nfs-only': {
    severity: 'error',
    title:
      'A share `rootSquash` on a share that is not NFS (an error for `enabledProtocols: SMB`, a warning when the protocol is not given).',
    example: 'kind: StorageAccountsFileServicesShare\nspec:\n  enabledProtocols: SMB\n  rootSquash: RootSquash',
  },
  'sub-domain-name-on-update': {
    severity: 'warning',
    title:
      '`customDomain.useSubDomainName: true`: it is only to be set on updates, and creating the account with it fails.',
    example: 'customDomain:\n  name: www.example.org\n  useSubDomainName: true',
  },
  'access-tier-block-blob-premium': {
    severity: 'error',
    title: 'An `accessTier` other than `Premium` on a `BlockBlobStorage` account, whose tier is fixed to `Premium`.',
    example: 'spec:\n  kind: BlockBlobStorage\n  accessTier: Hot',
  },
  'sku-tier-mismatch': {
    severity: 'warning',
    title: 'A storage `sku.tier` that contradicts the tier derived from `sku.name`.',
    example: 'sku:\n  name: Standard_LRS\n  tier: Premium',
  },
  'immutability-policy-locked': {
    severity: 'warning',
    title:
      'An account immutability policy written `Locked`: a policy is created `Disabled` or `Unlocked`, and `Locked` cannot be reverted.',
    example: 'immutableStorageWithVersioning:\n  enabled: true\n  immutabilityPolicy: {state: Locked}',
  },
  'permanent-delete-blob-only': {
    severity: 'warning',
    title:
      '`allowPermanentDelete` in container or share soft delete: it applies to blob soft delete only and has no effect there.',
    example:
      'kind: StorageAccountsFileService\nspec:\n  shareDeleteRetentionPolicy: {enabled: true, allowPermanentDelete: true}',
  },
  'naming-convention-with-cloud-name': {
    severity: 'warning',
    title:
      '`operatorSpec.namingConvention` together with `cloudName`: the convention only names roles that have no `cloudName`.',
    example: 'spec:\n  cloudName: 3f1c…\n  operatorSpec: {namingConvention: stable}',
  },
  'identity-none-with-user-identities': {
    severity: 'warning',
    title: 'User-assigned identities listed while `identity.type` is `None`, which removes identities.',
    example: 'identity:\n  type: None\n  userAssignedIdentities: [{reference: {armId: /subscriptions/…}}]',
  },
  'user-subscription-shared-key': {
    severity: 'warning',
    title:
      'A batch account in `UserSubscription` pool allocation mode that allows `SharedKey`: clients must use directory identity there.',
    example: 'poolAllocationMode: UserSubscription\nallowedAuthenticationModes: [SharedKey, AAD]',
  },
  'input-mapping-without-custom-schema': {
    severity: 'warning',
    title:
      'A domain or topic `inputSchemaMapping` while `inputSchema` is not `CustomEventSchema`: the mapping has no effect.',
    example: 'inputSchema: EventGridSchema\ninputSchemaMapping:\n  json: {subject: {sourceField: sub}}',
  },
  'owner-kind': {
    severity: 'error',
    title:
      'An owner `name` that, in the workspace, names only manifests of another kind than the owner kind (a container owned by its account instead of its blob service).',
    example:
      'kind: StorageAccountsBlobServicesContainer\nspec:\n  owner:\n    name: appstore   # a StorageAccount, not a StorageAccountsBlobService',
  },
  'owner-not-found': {
    severity: 'info',
    title:
      'An owner that no manifest of the workspace defines: it may exist in the cluster (`ownerResolution: off` silences it).',
    example:
      'kind: KeyValue\nspec:\n  owner:\n    name: app-config   # no ConfigurationStore app-config in the workspace',
  },
  'reference-not-found': {
    severity: 'info',
    title:
      'A reference (`group`, `kind`, `name`) to one of our kinds that no manifest of the workspace defines: it may exist in the cluster (`ownerResolution: off` silences it).',
    example:
      'resourceReference:\n  group: storage.example.com\n  kind: StorageAccount\n  name: archive   # not in the workspace',
  },
  'object-not-found': {
    severity: 'info',
    title:
      'A ConfigMap, Secret, ServiceAccount, claim, Service, Role or workload that a Kubernetes object names and no manifest of the workspace defines in its namespace: it may exist in the cluster (`ownerResolution: off` silences it; not said of an `optional` reference).',
    example: 'envFrom:\n  - configMapRef:\n      name: app-settings   # no ConfigMap app-settings in the workspace',
  },
  'object-key-not-found': {
    severity: 'warning',
    title:
      'A key that a reference reads (`configMapKeyRef.key`, `secretKeyRef.key`, `items[].key`) and that the ConfigMap or Secret it names, written once in the workspace as it is applied, does not define; suggests the nearest key.',
    example: 'valueFrom:\n  secretKeyRef:\n    name: db\n    key: pasword   # the Secret db defines `password`',
  },
  'object-port-not-found': {
    severity: 'warning',
    title:
      "An Ingress backend's `port.name` or `port.number` that the Service it names, written once in the workspace, does not expose.",
    example:
      'backend:\n  service:\n    name: web\n    port:\n      name: http   # the Service web names its port `web`',
  },
  'owner-arm-id': {
    severity: 'error',
    title: 'An owner `armId` whose provider namespace and type path are not those of the owner kind.',
    example:
      'kind: KeyValue\nspec:\n  owner:\n    armId: /subscriptions/0000/resourceGroups/rg/providers/Provider.Storage/storageAccounts/appstore',
  },
  'reference-kind': {
    severity: 'error',
    title: 'An owner or reference whose `kind` does not exist in its `group` (when the group is one of ours).',
    example:
      'owner:\n  group: eventgrid.example.com\n  kind: Topics   # Topic, DomainsTopic, Domain or EventSubscription\n  name: app-events',
  },
  'duplicate-resource': {
    severity: 'warning',
    title:
      'The same group, kind, namespace and name defined twice in one file or in files of one folder: applying both, the last one wins. (Copies in other folders are taken as alternatives: environments, overlays.)',
    example:
      '# app/a.yaml\nkind: StorageAccount\nmetadata: {name: appstore}\n# app/b.yaml\nkind: StorageAccount\nmetadata: {name: appstore}',
  },
  'ownership-cycle': {
    severity: 'error',
    title: 'Manifests that own each other (through their owners, in any files): none of them can ever be created.',
    example:
      'kind: RoleAssignment\nmetadata: {name: a}\nspec:\n  owner: {group: authorization.example.com, kind: RoleAssignment, name: b}\n# and b owned by a',
  },
  'share-quota-large-file-shares': {
    severity: 'error',
    title:
      'A share quota above 5120 GB while the owning account does not enable large file shares (`largeFileSharesState: Enabled`).',
    example:
      'kind: StorageAccountsFileServicesShare\nspec:\n  shareQuota: 10240   # the account has no largeFileSharesState: Enabled',
  },
  'share-access-tier-account-kind': {
    severity: 'error',
    title:
      "A share `accessTier` its account's kind does not offer: `FileStorage` accounts take only `Premium`, general-purpose v2 (`StorageV2`) accounts `TransactionOptimized`, `Hot` or `Cool`.",
    example: 'kind: StorageAccountsFileServicesShare\nspec:\n  accessTier: Hot   # the account is kind: FileStorage',
  },
  'multichannel-account-kind': {
    severity: 'warning',
    title:
      'SMB multichannel enabled on the file service of an account that is not a `FileStorage` (premium) account: it applies to Premium FileStorage only.',
    example: 'protocolSettings:\n  smb:\n    multichannel: {enabled: true}   # the account is kind: StorageV2',
  },
  'promql-syntax': {
    severity: 'error',
    title:
      "A PromQL `expression` that Prometheus's parser rejects: marked at the character, with what was expected there.",
    example:
      'rules:\n  - record: job:http:rate5m\n    expression: sum(rate(http_requests_total[5m])   # `(` is never closed',
  },
  'promql-unknown-function': {
    severity: 'error',
    title: 'A call to a function PromQL does not have; suggests the nearest one.',
    example: 'expression: rte(http_requests_total[5m])   # rate',
  },
  'promql-arguments': {
    severity: 'error',
    title:
      'A PromQL function or aggregation with the wrong number or types of arguments (an instant vector where a range is needed, a missing `topk` parameter…).',
    example: 'expression: rate(http_requests_total) > 0   # rate(http_requests_total[5m])',
  },
  'promql-operator': {
    severity: 'error',
    title:
      'A PromQL binary operator used on operands it does not take: a comparison of two scalars without `bool`, `bool` on arithmetic, a set operator or vector matching with a scalar, a range vector operand.',
    example: 'expression: count(up) > 0 and 1   # `and` needs two instant vectors',
  },
  'promql-selector': {
    severity: 'error',
    title:
      'A PromQL selector that would select every series (no metric name and only matchers that match the empty string), or names the metric twice.',
    example: 'expression: absent({job=""})   # {job="api"}',
  },
  'promql-duration': {
    severity: 'error',
    title:
      'A duration inside a PromQL expression that is not a Prometheus duration (`5m`, `1h30m`): an ISO 8601 duration (`PT5M`, which `for` and `interval` use), an unknown unit or units out of order.',
    example: 'expression: rate(http_requests_total[PT5M])   # [5m]',
  },
  'promql-type': {
    severity: 'error',
    title: 'A PromQL subquery, `@` modifier or unary minus applied to an expression of a type it does not take.',
    example: 'expression: -"text"',
  },
  'rule-record-name': {
    severity: 'warning',
    title: 'A recording rule `record` that is not a valid metric name (`[a-zA-Z_:][a-zA-Z0-9_:]*`).',
    example: 'rules:\n  - record: job-http-rate   # job:http:rate5m',
  },
  'rule-label-name': {
    severity: 'warning',
    title:
      'A rule `labels` key that is not a valid label name (`[a-zA-Z_][a-zA-Z0-9_]*`) or is reserved (`__` prefix).',
    example: 'labels:\n  team-name: payments   # team_name',
  },
  'rule-template': {
    severity: 'warning',
    title: 'A rule `labels` or `annotations` value whose template braces `{{ }}` do not balance.',
    example: 'annotations:\n  summary: "{{ $labels.instance } is down"',
  },
  'cel-syntax': {
    severity: 'error',
    title: 'An operator expression `value` that is not valid CEL: marked at the character.',
    example: 'secretExpressions:\n  - name: s\n    key: k\n    value: self.status.endpoint +',
  },
  'cel-unknown-field': {
    severity: 'error',
    title:
      'A CEL expression selecting a field `self` (the resource, typed from this kind and version) or `secret` (the keys of `operatorSpec.secrets`) does not have; suggests the nearest.',
    example: 'value: self.status.primaryEndpoint.blob   # primaryEndpoints',
  },
  'cel-unknown-function': {
    severity: 'error',
    title:
      "A CEL function the operator's environment does not have (standard functions, extended strings v3, optional types only).",
    example: 'value: configmap("app-settings", "timeout")',
  },
  'cel-undeclared': {
    severity: 'error',
    title: 'A CEL variable the expression cannot use: only `self`, and `secret` in `secretExpressions`.',
    example:
      'configMapExpressions:\n  - name: c\n    key: k\n    value: secret.key1   # secret exists in secretExpressions only',
  },
  'cel-type': {
    severity: 'error',
    title:
      'A CEL expression that does not type-check: an operator or function applied to values of types it does not take.',
    example: 'value: self.spec.location + 1',
  },
  'cel-result-type': {
    severity: 'error',
    title:
      'A CEL expression whose result is neither a `string` nor a `map(string, string)`: the operator rejects it (a warning when the type is only known at evaluation).',
    example: 'value: self.spec.deleteRetentionPolicy.days   # string(self.spec…days)',
  },
  'cel-key': {
    severity: 'error',
    title: 'A destination expression with `key` and a map result, or without `key` and a string result.',
    example: 'configMapExpressions:\n  - name: c\n    value: self.status.endpoint   # key missing',
  },
  'kustomize-not-rendered': {
    severity: 'info',
    title:
      'A kustomization asks for what is not rendered here (generator and transformer plugins, validators, remote resources, Helm charts, configurations and CRD schemas): what they make or change is missing from the rendered result that is checked; its patches are still checked, as partial manifests.',
    example: 'kind: Kustomization\ntransformers:   # a plugin: what it changes is not checked\n  - labeller.yaml',
  },
  'kustomize-owner-renamed': {
    severity: 'warning',
    title:
      "An overlay's namePrefix or nameSuffix renames owners (or referenced resources) that resources of the overlay name in `spec.owner.name` or a ResourceReference: Kustomize does not rewrite those fields of custom resources unless a `configurations:` file's `nameReference` entries teach it, so the rendered references name resources the overlay does not create. Reported once per overlay, on its kustomization, with the references listed.",
    example:
      'kind: Kustomization\nnamePrefix: prod-   # ResourceGroup rg becomes prod-rg; a StorageAccount owned by rg still names rg',
  },
  'kustomize-duplicate-resource': {
    severity: 'error',
    title:
      'A kustomization\'s `resources` lists a resource again (the same file or folder twice, or two entries rendering the same kind, name and namespace): `kubectl kustomize` stops with "may not add resource with an already registered id". On the entry that repeats.',
    example: 'kind: Kustomization\nresources:\n  - ../base\n  - ../base/.   # the same folder again',
  },
  'kustomize-patch-no-match': {
    severity: 'error',
    title:
      'A strategic-merge patch (no `target`) whose kind and `metadata.name` name no resource the kustomization renders: `kubectl kustomize` stops with "no resource matches strategic merge patch". Suggests the nearest name.',
    example: 'kind: StorageAccount\nmetadata:\n  name: ingestore   # the base has ingeststore',
  },
  'kustomize-patch-failed': {
    severity: 'error',
    title:
      'A JSON 6902 operation that does not apply to the resource it targets (`remove` of a path it does not have, `replace` under a missing parent or past a list, a failing `test`, an unknown `op`): `kubectl kustomize` stops the build.',
    example: '- op: remove\n  path: /spec/encryption   # the account has no encryption',
  },
  'kustomize-patch-invalid': {
    severity: 'error',
    title:
      'A patch `kubectl kustomize` cannot apply at all: a `target` field that is no valid Go regular expression, a label selector that does not parse, a JSON 6902 patch without a `target`.',
    example: 'target:\n  name: app(store   # missing closing )',
  },
  'kustomize-base-fails': {
    severity: 'error',
    title:
      'A `resources` entry naming a kustomization that does not build: `kubectl kustomize` stops there too. The message names the cause, found in that kustomization.',
    example: 'kind: Kustomization\nresources:\n  - ../base   # base lists group.yaml twice',
  },
  'kustomize-render-limit': {
    severity: 'info',
    title:
      'An overlay past what is rendered in memory (50,000 resources in a build, 10,000 patches in a kustomization; a kustomization or patch file with a YAML document over 250,000 characters, or over 1,000,000 in all, is not read at all): the rest is not rendered, nor checked.',
    example: 'kind: Kustomization\npatches:   # 10,001 patches\n  - path: p1.yaml',
  },
  'kustomize-outside-root': {
    severity: 'error',
    title:
      "A kustomization reads a file outside its folder (`resources` or a patch's `path`): `kubectl kustomize` refuses it by default (its load restrictor). Folders that have their own kustomization may be anywhere.",
    example: 'kind: Kustomization\npatches:\n  - path: ../../shared/tls-patch.yaml   # outside overlays/prod',
  },
  'kustomize-missing-file': {
    severity: 'error',
    title:
      "A kustomization's entry (`resources`, `components`, a patch's `path`, a generator's `files`/`envs`, `configurations`, `crds`…) naming nothing on disk, or a folder without a kustomization: `kubectl kustomize` stops there. On the entry.",
    example: 'kind: Kustomization\nresources:\n  - ../base\n  - extra.yaml   # no such file',
  },
  'kustomize-cycle': {
    severity: 'error',
    title:
      'A `resources` or `components` entry naming a folder that holds a kustomization already being built (the overlay itself, a folder above it, or an overlay that lists this one back): `kubectl kustomize` stops with "cycle detected".',
    example: 'kind: Kustomization\nresources:\n  - ../prod   # prod lists ../staging, this overlay',
  },
  'kustomize-unknown-field': {
    severity: 'error',
    title:
      'A field Kustomize\'s Kustomization type does not have, at any level it decodes (a patch, its target, a generator, a replacement…): `kubectl kustomize` stops with "json: unknown field". Names match ignoring case, as Kustomize matches them; suggests the nearest.',
    example: 'kind: Kustomization\npatchez:   # patches\n  - path: tier.yaml',
  },
  'kustomize-generator-key': {
    severity: 'error',
    title:
      'A `configMapGenerator` or `secretGenerator` entry whose sources give a key twice (two literals, two files of one name, env files or lines naming one variable): `kubectl kustomize` stops with "illegally repeats the key". On the source that repeats it.',
    example: 'configMapGenerator:\n  - name: app\n    literals: [LEVEL=info, LEVEL=debug]',
  },
  'kustomize-generator-no-base': {
    severity: 'error',
    title:
      'A `configMapGenerator` or `secretGenerator` entry with `behavior: merge` or `replace` whose ConfigMap or Secret no resource of the kustomization (a base\'s generator) is: `kubectl kustomize` stops with "does not exist; cannot merge or replace".',
    example: 'configMapGenerator:\n  - name: app-config   # the base generates app-settings\n    behavior: merge',
  },
  'kustomize-replacement-failed': {
    severity: 'error',
    title:
      'A `replacements` entry `kubectl kustomize` cannot carry out: a `source` that selects no resource or more than one, a source `fieldPath` the resource does not have, a target field missing without `options.create`, a delimiter `index` past the parts of the value, a `path:` file that holds no replacement. On the part of the replacement at fault.',
    example:
      'replacements:\n  - source:\n      kind: ConfigMap\n      name: app-setings   # the base has app-settings\n    targets:\n      - select: {kind: Deployment}\n        fieldPaths: [spec.template.metadata.labels.version]',
  },
  'kustomize-var-failed': {
    severity: 'error',
    title:
      'A `vars` entry `kubectl kustomize` refuses: its `objref` names no resource (its `apiVersion`, `kind` and `name` must all match) or more than one, its `fieldref` names a field that resource does not have, or its name is declared twice in the build (a base reached through two overlays brings its vars twice); or, with vars in the build, a list of a field vars are replaced in (`args`, `command`) holding an item that is not a string. A `$(NAME)` no var declares is left as written, as kubectl leaves it.',
    example:
      'vars:\n  - name: STORE\n    objref:\n      apiVersion: storage.cloud.example.com/v20220901\n      kind: StorageAccount\n      name: appstor   # the base has appstore',
  },
  'kustomize-component-kind': {
    severity: 'error',
    title:
      "A `resources` entry naming a folder whose kustomization is a `kind: Component` (`kubectl kustomize` stops with \"expected kind != 'Component'\"), or a `components` entry naming one that is not (it stops with \"expected kind 'Component' … but got 'Kustomization'\").",
    example: 'resources:\n  - ../../components/tracing   # kind: Component: list it under components',
  },
  'kustomize-absolute-folder': {
    severity: 'error',
    title:
      'A `resources` or `components` entry naming a folder by an absolute path: `kubectl kustomize` stops with "new root cannot be absolute".',
    example: 'kind: Kustomization\nresources:\n  - /home/me/base   # ../base',
  },
  'crd-builtin-wins': {
    severity: 'info',
    title:
      'A CustomResourceDefinition defines a kind and version the product knows from the spec: the built-in model, which knows more, is used for its manifests.',
    example:
      'kind: CustomResourceDefinition\nspec:\n  group: storage.example.com\n  names: {kind: StorageAccount}\n  versions: [{name: v20220901, served: true}]',
  },
  'crd-kind-conflict': {
    severity: 'warning',
    title:
      "Two CustomResourceDefinitions define the same kind of the same group differently (two copies of an operator's bundle at different releases): the kinds are taken from the first by file path, and both are flagged.",
    example:
      '# crds/v1/widgets.yaml and vendor/widgets.yaml both define kind Widget of group example.org, with different schemas',
  },
  'crd-pattern-invalid': {
    severity: 'error',
    title:
      "A CRD field's `pattern` that Go cannot compile (the API server matches patterns with Go's `regexp`, RE2 syntax): the API server refuses the CRD. Patterns that compile are checked with RE2's semantics, in linear time.",
    example: 'pattern: ^a\\Z   # \\Z is not RE2 (write \\z)',
  },
  'crd-validation': {
    severity: 'error',
    title:
      "A manifest breaks one of its CRD's `x-kubernetes-validations` CEL rules (run as you type, after the schema's defaults are applied); the rule's `message` or `messageExpression` says what is wrong.",
    example: 'spec:\n  minReplicas: 5\n  maxReplicas: 2   # rule: self.minReplicas <= self.maxReplicas',
  },
  'crd-version-deprecated': {
    severity: 'warning',
    title:
      "A manifest of a CRD version marked `deprecated: true`: the CRD's `deprecationWarning`, and the version to move to (the storage version, else the newest served one) when every field fits there.",
    example: 'apiVersion: example.org/v1beta1   # deprecated: use example.org/v1\nkind: Widget',
  },
  'api-version-removed': {
    severity: 'error',
    title:
      "A manifest of one of Kubernetes' own kinds in an apiVersion the targeted release (`kubernetesVersion`) no longer serves: names the release that removed it and the apiVersion that serves the kind now.",
    example: 'apiVersion: extensions/v1beta1   # removed in Kubernetes 1.22\nkind: Ingress',
  },
  'kube-name': {
    severity: 'error',
    title:
      "A name or key in one of Kubernetes' own kinds that the API server refuses: a label or annotation key, a template's label value, a container, port, volume or environment variable name, a ConfigMap or Secret key, a Service port name.",
    example: 'containers:\n  - name: Web_Server   # a DNS-1123 label: web-server\n    image: nginx',
  },
  'kube-duplicate': {
    severity: 'error',
    title:
      "A name the API server requires unique, repeated where the schema's list keys do not say it: an init container named as a container, a container's port names, a Service's port names, a ConfigMap key in both `data` and `binaryData`.",
    example: 'ports:\n  - {name: http, port: 80}\n  - {name: http, port: 8080}',
  },
  'kube-volume-mount': {
    severity: 'error',
    title: "A container's volume mount naming no volume of its pod.",
    example: 'volumeMounts:\n  - name: config   # no volume named config\n    mountPath: /etc/app',
  },
  'kube-selector': {
    severity: 'error',
    title:
      "A Deployment's, ReplicaSet's, StatefulSet's, DaemonSet's or Job's selector that does not match its pod template's labels, or is empty.",
    example: 'selector:\n  matchLabels: {app: web}\ntemplate:\n  metadata:\n    labels: {app: api}',
  },
  'kube-cron-schedule': {
    severity: 'error',
    title:
      "A CronJob `schedule` the API server's cron parser refuses (five fields or a descriptor such as `@hourly`; from 1.29 no `TZ=` in it).",
    example: 'spec:\n  schedule: "0 25 * * *"   # hour 25',
  },
  'kube-too-large': {
    severity: 'error',
    title: "Annotations over 256 KiB, or a ConfigMap's or Secret's data over 1 MiB: the API server refuses the object.",
    example: 'data:\n  big.json: "…1.5 MB…"',
  },
  'kube-secret-type': {
    severity: 'error',
    title:
      'A Secret without the keys its `type` requires (`kubernetes.io/tls`: `tls.crt` and `tls.key`; `kubernetes.io/dockerconfigjson`: `.dockerconfigjson`…).',
    example: 'type: kubernetes.io/tls\ndata:\n  tls.crt: LS0t…   # tls.key missing',
  },
  'kube-required': {
    severity: 'error',
    title:
      "A field the API server requires given the others: a Service's ports (and their names when there are several), an ExternalName's `externalName`, a Job's `restartPolicy`, an Ingress backend's service and port.",
    example: 'kind: Job\n…\n  template:\n    spec:   # restartPolicy: OnFailure or Never',
  },
  'kube-field-combination': {
    severity: 'error',
    title:
      "Fields of one of Kubernetes' own kinds that the API server refuses together: `minAvailable` with `maxUnavailable`, `maxReplicas` below `minReplicas`, `clusterIP: None` on a LoadBalancer, a backend's service and resource…",
    example: 'spec:\n  minAvailable: 1\n  maxUnavailable: 1',
  },
  'kube-invalid-value': {
    severity: 'error',
    title:
      "A value the API server refuses beyond the schema: an Ingress path that is not absolute, a `roleRef.kind` other than Role or ClusterRole, a subject's `apiGroup`, a `targetPort` out of range, a workload's restart policy…",
    example: 'paths:\n  - path: api   # /api\n    pathType: Prefix',
  },
  'api-version-deprecated': {
    severity: 'warning',
    title:
      "A manifest of one of Kubernetes' own kinds in an apiVersion the targeted release (`kubernetesVersion`) serves deprecated (the API server warns): names the release that deprecated it, the release that removes it and the apiVersion to write.",
    example: 'apiVersion: policy/v1beta1   # deprecated in Kubernetes 1.21, removed in 1.25\nkind: PodDisruptionBudget',
  },
  'crd-version-not-served': {
    severity: 'error',
    title: 'A manifest of a CRD version with `served: false`: the cluster rejects it; names the version to move to.',
    example: 'apiVersion: example.org/v1alpha1   # served: false\nkind: Widget',
  },
  'crd-rule-invalid': {
    severity: 'warning',
    title:
      'A CEL rule of a CRD (`x-kubernetes-validations`) that does not compile, or whose types do not fit the schema (`self` typed as the API server types it), or that gives no bool (a message expression: no string): the API server refuses the CRD.',
    example: 'x-kubernetes-validations:\n  - rule: self.a >',
  },
  'crd-rule-refused': {
    severity: 'error',
    title:
      "A CEL rule of a CRD the API server refuses when the CRD is applied, as cel-go's checker does: its types do not fit the schema (`self` typed as the API server types it: an undeclared field, `self == 'abc'` on an integer, a comparison of a scalar or list with `null`, `has()` of a field the schema lacks), it gives no bool (a message expression: no string), a literal does not parse (a `matches()` pattern Go cannot compile, a `duration('…')` or `timestamp('…')` that is not one), it names a variable CRD rules do not have (`authorizer`), a literal `format` call's clause does not take its argument (`'%d'.format(['a'])`), it is longer than cel-go's parser takes (100,000 code points), or it calls a CEL library the targeted Kubernetes release (the `kubernetesVersion` setting) does not compile new rules with (`ip()` before 1.31, `cel.bind()` in any). Manifests of that kind get no verdict from it (`crd-rule-not-run`).",
    example: "properties:\n  replicas: {type: integer}\nx-kubernetes-validations:\n  - rule: self.replicas == '3'",
  },
  'crd-rule-entry': {
    severity: 'error',
    title:
      "An entry of a CRD's `x-kubernetes-validations` the API server refuses when the CRD is applied, besides its CEL: an empty rule, a blank `message` or one with a line break, a rule on several lines without a `message`, a blank `messageExpression`, a `reason` other than `FieldValueInvalid`, `FieldValueForbidden`, `FieldValueRequired` or `FieldValueDuplicate`, a `fieldPath` that names no field of the rule's schema, `optionalOldSelf` on a rule that does not read `oldSelf`, a rule reading `oldSelf` below a list that is not `x-kubernetes-list-type: map` or an object of an unknown `x-kubernetes-map-type` (its items or fields cannot be paired between versions), or rules inside `allOf`, `anyOf`, `oneOf` or `not` (a structural schema has them on its nodes only).",
    example: 'x-kubernetes-validations:\n  - rule: self.replicas >= 0\n    reason: Invalid   # write FieldValueInvalid',
  },
  'crd-rule-cost': {
    severity: 'error',
    title:
      "A CEL rule of a CRD whose estimated cost exceeds the API server's budget (10,000,000 per rule, times how often it can run; 100,000,000 per version): the API server refuses the CRD. Bound the lists, maps and strings the rule reads (`maxItems`, `maxProperties`, `maxLength`) or simplify the rule.",
    example:
      'xs: {type: array, items: {type: string}}   # no maxItems\nrule: self.xs.all(a, self.xs.all(b, a != b || true))',
  },
  'crd-rule-not-run': {
    severity: 'info',
    title:
      "A CRD rule that applies to the manifest gives it no verdict, said once per rule: the API server refuses the CRD for the rule (its estimated cost, `crd-rule-cost`, or its types, `crd-rule-refused`), or the product's CEL engine cannot evaluate it (a function or overload cel-js lacks, a value it cannot hold, a value it would build past the product's bounds: 6 MiB a value, 12 MiB for a document's rules). Never a silent pass.",
    example: 'kind: Widget   # its CRD has a rule over its cost budget',
  },
  'crd-unreadable': {
    severity: 'info',
    title:
      "The CRD that defines the manifest's kind does not parse (a YAML syntax error, or a duplicate key, which kubectl's strict decoding refuses too), so the manifest is not checked against it. Said once per manifest; the CRD's own file has the `yaml-syntax` error.",
    example: 'kind: Widget   # its CRD has a duplicate key under `properties`',
  },
  'crd-rule-budget': {
    severity: 'error',
    title:
      'Evaluating the CRD\'s rules on the manifest passed the API server\'s runtime cost limits (1,000,000 per rule, 10,000,000 per object): the API server rejects the object ("validation failed due to running out of cost budget, no further validation rules will be run").',
    example: 'spec:\n  xs: [ …1,500 items… ]   # rule: self.xs.all(a, self.xs.all(b, …))',
  },
  'crd-schema-type': {
    severity: 'error',
    title:
      'A schema node of a CustomResourceDefinition whose `type` is none of `array`, `boolean`, `integer`, `number`, `object`, `string`: the API server refuses the CRD ("Unsupported value"). The node is not checked in manifests.',
    example: 'properties:\n  message:\n    type: strign',
  },
  'crd-schema': {
    severity: 'warning',
    title:
      'A CustomResourceDefinition the product cannot use fully: no group or kind, or a schema that is not structural (`properties` without `type: object`, `additionalProperties` beside `properties`).',
    example: 'openAPIV3Schema:\n  properties:   # type: object is missing\n    spec: {type: object}',
  },
  'create-only-changed': {
    severity: 'error',
    title:
      "A field the cloud takes only when the resource is created (a storage account's `location`, a snapshot's `retentionPeriod`, a share's `enabledProtocols`, turning on `immutableStorageWithVersioning`) changed against the file's committed version (`HEAD`, or the `compareWith` setting / `--base`): the cloud refuses the update, so the deployment fails. A warning where the field's shape is only known approximately (a container's `immutableStorageWithVersioning`).",
    example: 'spec:\n  location: northeurope   # westeurope at HEAD',
  },
  'not-compared': {
    severity: 'info',
    title:
      "A manifest not compared with its committed version, said once on the file with the reason: the committed version is over the file-size cap (`maxFileSizeMB`) or many times the file's size now, the run's committed texts passed their total cap, git did not answer in time, or the repository is not read (its `.git` file, `commondir` or alternates lead outside the workspace, its config includes other files, a file git reads first is no regular file). Write-once fields, refusals on update, renames and transition rules are then not checked for it.",
    example: '# big.yaml: its committed version at HEAD is 50 MB',
  },
  'update-refused': {
    severity: 'error',
    title:
      "A change the operator's admission webhook refuses on a resource that exists (its committed version): a new `cloudName`, a new `owner.name` or `owner.armId`, an owner added.",
    example: 'spec:\n  owner:\n    name: rg-2   # rg-1 at HEAD',
  },
  'resource-renamed': {
    severity: 'warning',
    title:
      'A new `metadata.name` for a resource that holds data (a storage account, container, share, queue, table, configuration store, batch account) against its committed version: Kubernetes deletes the old object and creates a new one, and the cloud resource goes with it.',
    example: 'metadata:\n  name: logs-v2   # logs at HEAD',
  },
  'crd-transition-rule': {
    severity: 'error',
    title:
      "A CRD's transition rule (an `x-kubernetes-validations` rule reading `oldSelf`, such as `self == oldSelf`) does not hold between the file's committed version and the current one: the API server refuses the update.",
    example: 'spec:\n  size: 5   # rule: self >= oldSelf; 10 at HEAD',
  },
} as const satisfies Record<string, CodeInfo>;

export type Code = keyof typeof CODES;

export const codeList = (): Code[] => Object.keys(CODES) as Code[];

export const isCode = (s: string): s is Code => Object.prototype.hasOwnProperty.call(CODES, s);
