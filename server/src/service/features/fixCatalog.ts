// What each code's fix is, for its documentation page and docs/diagnostics.md: the quick fixes the server offers
// (built in this folder) and, where there is none, why the right edit would be a guess.
import type { Code } from '../core/codes';

export interface FixDoc {
  /** How to fix it, in words. */
  text: string;
  /** Titles of the quick fixes offered (besides "Disable CODE for this line"). */
  actions: string[];
  /** Some of them are safe: part of fix-all and `check --fix`. */
  safe?: boolean;
}

const NONE = (why: string): FixDoc => ({ text: `${why} No quick fix: the right edit would be a guess.`, actions: [] });

export const FIXES: Record<Code, FixDoc> = {
  'yaml-syntax': NONE(
    'Correct the YAML at the position shown (indentation, the duplicate key, the closing quote). No other fix is offered in a document that does not parse.',
  ),
  'document-too-large': {
    text: 'Split the file into smaller ones, or raise the setting `maxDocumentSize` (`cloudManifests.maxDocumentSize` in the editor, `maxDocumentSize` in .cloud-manifests.json) above its length to have it checked in full.',
    actions: [],
  },
  'problems-not-listed': {
    text: 'Nothing more is wrong than the problems themselves: fix those listed and the rest appear, or run `cloud-manifests check` on the file to list every one.',
    actions: [],
  },
  'template-syntax': NONE(
    "Close what the message names (a comment with `*/}}`, an action with `}}`, a string with its quote), as Go's template lexer requires.",
  ),
  'template-branches-unchecked': {
    text: 'Nothing is wrong with the template: the first four branches of every chain are checked, the later ones are not (each variant checked is the whole template again, so their number is bounded). Check the later branches by rendering the chart (`helm template`) and checking its output.',
    actions: [],
  },
  'nesting-too-deep': {
    text: 'Nothing is known to be wrong: the document is not checked. Flatten the deeply nested value (or move it to a file of its own) to have the rest checked.',
    actions: [],
  },
  'unknown-version': {
    text: 'Write a version the kind has; the message lists them.',
    actions: ['Change to `<group>/<near version>` (one per near version)'],
    safe: true,
  },
  'unknown-kind': {
    text: 'Write a kind the group and version define; the message lists them.',
    actions: ['Change to `<near kind>` (one per near kind)'],
    safe: true,
  },
  'unknown-field': {
    text: 'Rename the key to the field meant, or remove it. `spec` fields written at the top level (`spec:` forgotten) are one diagnostic: move them under `spec:`.',
    actions: [
      'Rename `<key>` to `<near field>` (one per near field not already set)',
      'Remove `<key>` and its value',
      'Move them under `spec:`',
    ],
    safe: true,
  },
  'wrong-type': {
    text: 'Write a value of the type the field takes. A word the cluster reads as a boolean (`on`, `y`, `Off`…) or a number where a string is wanted: quote it. A number written as a string where a number is wanted: unquote it. An ISO 8601 duration where integer seconds are wanted: the number of seconds.',
    actions: ['Quote it: "VALUE"', 'Write the number N', 'Write SECONDS (the seconds in DURATION)'],
    safe: true,
  },
  'missing-required': {
    text: 'Add the fields named, in the mapping the diagnostic points at. A `""` the fix writes is flagged (`placeholder-value`) until it is filled. A missing `apiVersion` is reported only where the document is sure to be ours: its `kind` is one of ours, every field it sets is one of that kind\'s, and its spec writes `owner`, `cloudName` or `operatorSpec` (a Kubernetes `Secret` or another operator\'s `Topic` without apiVersion gets nothing). Fix-all adds it where exactly one version fits and the domain is known (not the placeholder).',
    actions: [
      'Add the missing fields `<a>`, `<b>` (at the mapping\'s indentation, in model order, with placeholders that pass the checks: the first allowed value, `""`, the lowest allowed number; not offered in flow style)',
      'Add `kind: <kind>` (a missing `kind` where the apiVersion has one kind)',
      "Add `apiVersion: <group>/<version>` (one of our kinds without apiVersion, its spec confirming it: one per version its fields fit, as the first line; in fix-all where one fits and the domain is the setting's or the workspace's)",
    ],
    safe: true,
  },
  'placeholder-value': NONE('Write the value the service needs; the message gives an example of its form.'),
  'enum-value': {
    text: "Write one of the allowed values; the message lists them, and names the one meant where a value is near (among versions, the nearest in order: `TLS1_3` → `TLS1_2`) or is another name of one (a container's `Private` access is `None`). A value fixed by where it stands (a destination's `endpointType`) is changed to that value.",
    actions: [
      'Change to `<near value>` (one per near value, the one named first and preferred; the one value where it is fixed)',
      'Change to `<value>` (one per allowed value, none preferred, where none is near and the values are at most 8)',
    ],
    safe: true,
  },
  'enum-case': { text: 'Write the value in the case the API defines.', actions: ['Change to `<value>`'], safe: true },
  'enum-other-version': {
    text: "Use a value this version allows, or move the manifest to the version where the value exists (RoleAssignment `v1api20220401` → `v20220401`, or a CRD's other served version). The move is offered only when every field the manifest sets exists there with a compatible type and value; otherwise the message lists the fields to move by hand. Which of the two is the author's decision, so neither is part of fix-all.",
    actions: ['Change to `<group>/<version>` (the apiVersion of the version the value belongs to)'],
  },
  'exclusive-members': {
    text: 'Keep one of the members, remove the others.',
    actions: ['Keep `<member>`, remove `<others>` (one per member)'],
  },
  'missing-member': {
    text: "Add one of the members the message lists: which one is the author's decision. An item written flat (an advanced filter's `operatorType`, a destination's `endpointType` directly in it) names its member: move its entries under that member.",
    actions: ['Move the entries under `<member>` (an item written flat)'],
    safe: true,
  },
  'reference-shape': {
    text: 'Give the reference in one shape: `armId` alone, or `name` (an owner of a fixed kind), or all of `group`, `kind` and `name`.',
    actions: ['Keep `armId`, remove `name`', 'Keep `name`, remove `armId`'],
  },
  'value-range': {
    text: "Write a number within the limits the message gives. The fix writes the limit the number passed (the minimum below it, the maximum above it); it is not part of fix-all, since the number meant is the author's decision.",
    actions: ['Write `<minimum>` (the minimum)', 'Write `<maximum>` (the maximum)'],
  },
  'string-length': NONE('Shorten or lengthen the value to the limits the message gives.'),
  pattern: NONE('Write the value with the characters the message allows.'),
  format: {
    text: 'Write the value in its format (an ISO 8601 duration such as `PT5M`, an IPv4 address or CIDR range, a resource id…). A duration written the Prometheus way (`5m`, `1h30m`, `1d`) or ISO 8601 in lower case is the same duration in ISO 8601: the message names it and the fix writes it. Other values have no fix: the right edit would be a guess.',
    actions: ['Change to `<ISO 8601 duration>` (`5m` → `PT5M`)'],
    safe: true,
  },
  'duration-range': {
    text: "Write a duration within the bounds the message gives. The fix writes the bound passed, in ISO 8601; not part of fix-all, since the duration meant is the author's decision.",
    actions: ['Change to `<bound>` (the minimum below it, the maximum above it)'],
  },
  'delimited-item': {
    text: "Keep only the items the message lists. An item near one of them, or another name of one (the network rules' `AzureServices` is `CloudServices`), is named and replaced; otherwise each listed item is offered in its place.",
    actions: ['Change to `<item>` (the near item, preferred; else one per listed item, none preferred)'],
    safe: true,
  },
  'item-count': NONE("Remove or add items to fit the limit: which items go is the author's decision."),
  'duplicate-item': NONE('Rename one of the items.'),
  'map-limits': NONE(
    "Remove entries (or shorten keys and values) to fit the limits: which entries go is the author's decision.",
  ),
  'name-limit': NONE(
    'Choose a cloud name within the limits of the kind (`spec.cloudName`, or `metadata.name`). Rename refuses a new name outside them.',
  ),
  'status-read-only': {
    text: 'Remove the `status` block: the service writes it.',
    actions: ['Remove the read-only `status` block'],
  },
  'access-tier-required': NONE('Add `accessTier` (`Hot`, `Cool` or `Premium`).'),
  'rule-alert-or-record': NONE('Make the rule an alerting rule (`alert`) or a recording rule (`record`).'),
  'rule-alert-only-member': NONE('Remove the alert-only members from the recording rule, or make it an alerting rule.'),
  'no-effect-public-access-disabled': NONE('Remove the network rules, or enable public network access.'),
  'permanent-delete-with-restore': NONE('Turn off `allowPermanentDelete` or the restore policy.'),
  'customer-key-needs-identity': NONE('Add a system-assigned identity, or drop the customer-managed key.'),
  'condition-version-without-condition': NONE('Add the `condition`, or remove `conditionVersion`.'),
  'subject-wildcard': NONE('Write a literal prefix or suffix, or use an advanced filter.'),
  'duplicate-destination': NONE('Write one of the destinations under another name or key.'),
  'owner-kind': NONE('Name an owner of the kind the resource needs.'),
  'kustomize-not-rendered': NONE(
    'Nothing to fix: it says what is not checked. Check the rendered output with `kubectl kustomize <folder> | cloud-manifests check -` when it matters.',
  ),
  'kustomize-owner-renamed': {
    text: "Teach Kustomize the fields: the quick fix (in the editor; `check --fix` creates no file) creates `kustomizeconfig/owner-references.yaml` beside the kustomization, with a `nameReference` entry per owner kind whose `fieldSpecs` are the referring kinds' `spec/owner/name`, and lists it under `configurations:`; then every reference follows the prefix. Or patch each reference to the renamed name, or leave the owner out of the overlay if the reference is to the original in the cluster.",
    actions: [
      'Teach Kustomize the owner references: create kustomizeconfig/owner-references.yaml and list it under `configurations:`',
    ],
  },
  'kustomize-duplicate-resource': NONE(
    "Which entry to keep is the author's choice: remove the repeated entry, or rename one of the two resources.",
  ),
  'kustomize-patch-no-match': {
    text: 'Write the name of a resource the kustomization renders (as its base writes it, or as rendered); the message names the nearest. Not part of fix-all: the resource may be the one missing.',
    actions: ['Change to `<nearest name>`'],
  },
  'kustomize-patch-failed': NONE(
    "Whether the operation or the resource is wrong is the author's choice (`add` instead of `replace`, another path, or the field added to the base).",
  ),
  'kustomize-patch-invalid': NONE("The pattern or selector meant is the author's to write."),
  'kustomize-base-fails': NONE('The fix is in the base the message names.'),
  'kustomize-render-limit': NONE('Nothing to fix: the overlay is larger than what is rendered in memory.'),
  'kustomize-outside-root': NONE(
    "Move the file below the kustomization's folder, or make its folder a kustomization (a base or a component) and list the folder; builds run with `--load-restrictor LoadRestrictionsNone` accept it as it is.",
  ),
  'kustomize-missing-file': NONE(
    "Whether the file is to be created or the path corrected is the author's choice: create it, or write the path of an existing one (relative to the kustomization's folder).",
  ),
  'kustomize-cycle': NONE("Which entry closes the loop is the author's choice: remove the entry that points back."),
  'kustomize-unknown-field': {
    text: 'Write the field Kustomize knows: the message names the nearest, and the quick fix writes it. Not part of fix-all: a near name is a likely typo, not a certainty.',
    actions: ['Change to `<nearest field>`'],
  },
  'kustomize-generator-key': NONE(
    "Which source keeps the key is the author's choice: rename one (`key=path`), or remove the repeat.",
  ),
  'kustomize-generator-no-base': NONE(
    "Whether the name is wrong or the entry should create its own is the author's choice: correct the name, or remove `behavior`.",
  ),
  'kustomize-replacement-failed': {
    text: "A source's misspelt `name`: the name of a resource the kustomization renders, the nearest one the message names. Otherwise, whether the source, the path or the option is wrong is the author's choice. Not part of fix-all: the resource may be the one missing.",
    actions: ['Change to `<nearest name>`'],
  },
  'kustomize-var-failed': NONE(
    "Whether the objref, the field path or the name is wrong is the author's choice: the message names what kubectl could not find.",
  ),
  'kustomize-component-kind': NONE(
    "Whether the entry belongs in the other list or names the wrong folder is the author's choice: list a component under `components`, a base under `resources`.",
  ),
  'kustomize-absolute-folder': NONE(
    "Write the folder relative to the kustomization's folder (its relative path depends on where the build runs).",
  ),
  'owner-not-found': NONE(
    "Add the owner's manifest to the workspace, or ignore it if the owner exists in the cluster.",
  ),
  'reference-not-found': NONE(
    'Add the referenced manifest to the workspace, or ignore it if it exists in the cluster.',
  ),
  'object-not-found': NONE(
    'Add the object to the workspace, or ignore it if it exists in the cluster (or mark the reference `optional: true` where the pod may start without it).',
  ),
  'object-key-not-found': NONE(
    'Write a key the object defines (the message names the nearest), or add the key to the object; not fixed automatically: either side may be the one to change.',
  ),
  'object-port-not-found': NONE(
    "Write a port the Service exposes (the message lists them), or name the Service's port.",
  ),
  'owner-arm-id': NONE('Write the resource id of a resource of the owner kind.'),
  'reference-kind': NONE('Write a kind the group has; the message lists them.'),
  'duplicate-resource': NONE('Rename or remove one of the copies.'),
  'ownership-cycle': NONE('Break the cycle: one of the manifests needs another owner.'),
  'share-quota-large-file-shares': NONE('Lower the quota to 5120 GB, or enable large file shares on the account.'),
  'share-access-tier-account-kind': NONE('Use a tier the account kind offers.'),
  'multichannel-account-kind': NONE('Disable multichannel, or use a `FileStorage` account.'),
  'promql-syntax': NONE('Correct the expression at the character shown; the message says what PromQL expected there.'),
  'promql-unknown-function': {
    text: 'Call a PromQL function; the message names the nearest one.',
    actions: ["Change to `<nearest function>` (written in the value's YAML style)"],
  },
  'promql-arguments': {
    text: 'Give the function or aggregation the arguments it takes (a range vector `x[5m]` where one is needed, the parameter of `topk`/`quantile`…).',
    actions: ['Add the range `[5m]` (a selector where a range vector is needed)'],
  },
  'promql-operator': {
    text: 'Use operands the operator takes: `bool` for a comparison of scalars (the fix writes it), instant vectors for `and`/`or`/`unless` and vector matching.',
    actions: ['Write `<op> bool` (a comparison of two scalars)'],
  },
  'promql-selector': NONE('Name the metric, or add a matcher that does not match the empty string.'),
  'promql-duration': NONE('Write a Prometheus duration (`5m`, `1h30m`), units from the largest to the smallest.'),
  'promql-type': NONE('Apply the subquery, `@` modifier or unary minus to an expression of a type it takes.'),
  'rule-record-name': NONE(
    'Write a metric name: letters, digits, `_` and `:`, not starting with a digit (`job:http:rate5m`).',
  ),
  'rule-label-name': NONE('Write a label name: letters, digits and `_`, not starting with a digit or `__`.'),
  'rule-template': NONE('Close every `{{` with `}}` (and open every `}}` with `{{`).'),
  'cel-syntax': NONE('Correct the CEL expression at the character shown.'),
  'cel-unknown-field': {
    text: 'Select a field the resource (or `secret`) has; the message names the nearest one.',
    actions: ['Change to `<nearest field>`'],
  },
  'cel-unknown-function': {
    text: "Use the functions of the operator's CEL environment (standard functions, extended strings, optional types).",
    actions: ['Change to `<nearest function>`'],
  },
  'cel-undeclared': NONE('Use `self`, and `secret` in `secretExpressions` only.'),
  'cel-type': NONE('Apply operators and functions to values of the types they take (`string(x)` to convert).'),
  'cel-result-type': NONE(
    'Make the expression return a string (with `key`) or a `map(string, string)` (without `key`).',
  ),
  'cel-key': {
    text: 'Set `key` for a string result; remove it for a map result.',
    actions: ['Add `key: <field>` (named after the last field the expression selects)'],
  },
  'active-directory-properties-required': {
    text: 'Add `activeDirectoryProperties` with `domainName` and `domainGuid`.',
    actions: [],
  },
  'root-squash-nfs-only': {
    text: 'Set `enabledProtocols: NFS` (only at share creation) or remove `rootSquash`.',
    actions: [],
  },
  'sub-domain-name-on-update': { text: 'Create the account without it; add it in a later update.', actions: [] },
  'access-tier-block-blob-premium': {
    text: 'Write `accessTier: Premium` or remove it.',
    actions: ['Change to `Premium`'],
  },
  'sku-tier-mismatch': {
    text: 'Write the tier the name gives (`Standard_…` → `Standard`) or remove `tier`.',
    actions: ['Change to `<tier the name gives>`'],
  },
  'immutability-policy-locked': {
    text: 'Create the policy `Unlocked`; lock it by a later update once the retention is right.',
    actions: ['Change to `Unlocked`'],
  },
  'permanent-delete-blob-only': {
    text: 'Remove it; set it in the blob service `deleteRetentionPolicy` if blob versions are meant.',
    actions: [],
  },
  'naming-convention-with-cloud-name': {
    text: 'Remove `namingConvention`, or remove `cloudName` to let the operator generate the uuid.',
    actions: [],
  },
  'identity-none-with-user-identities': {
    text: 'Use `type: UserAssigned` (or `SystemAssigned, UserAssigned`), or remove the list.',
    actions: [],
  },
  'user-subscription-shared-key': { text: 'Remove `SharedKey` from `allowedAuthenticationModes`.', actions: [] },
  'input-mapping-without-custom-schema': {
    text: 'Set `inputSchema: CustomEventSchema` or remove the mapping.',
    actions: ['Change to `CustomEventSchema` (where `inputSchema` is written)'],
  },
  'crd-builtin-wins': NONE(
    'Nothing to change for the editor: manifests of that kind and version are checked with the built-in model. Keep the CRD for the cluster.',
  ),
  'crd-kind-conflict': NONE(
    'Keep one definition of the kind: the CRD the cluster has (delete or stop naming the other copy, e.g. an older vendored bundle).',
  ),
  'crd-pattern-invalid': NONE(
    "Write the pattern in Go's syntax (RE2): no lookaround or backreferences, `\\z` rather than `\\Z`; the message quotes Go's error.",
  ),
  'crd-validation': NONE(
    "Change the manifest so that the CRD's rule holds; the message is the CRD's own (else `failed rule: <rule>`, as the API server says), on the field the rule's `fieldPath` names.",
  ),
  'crd-version-deprecated': {
    text: 'Move the manifest to the version named: the storage version, else the newest served one. Offered only when every field the manifest sets exists there with a compatible type and value (a string among the values the target allows); otherwise the message lists the fields to move by hand.',
    actions: ['Change to `<group>/<version>`'],
  },
  'api-version-removed': {
    text: 'Write the apiVersion that serves the kind now. Offered only when every field the manifest sets exists there with a compatible type and value; otherwise the message lists the fields to rewrite by hand.',
    actions: ['Change to `<group>/<version>`'],
  },
  'kube-name': NONE('Rename as the message says (the syntax the API server requires there).'),
  'kube-duplicate': NONE('Give each one its own name.'),
  'kube-volume-mount': NONE(
    "Add the volume to the pod's `volumes`, or name one of its volumes (the message lists them).",
  ),
  'kube-selector': NONE(
    'Give the pod template every label the selector asks for (or ask for the labels the template has).',
  ),
  'kube-cron-schedule': NONE(
    'Write five fields (minute, hour, day of month, month, day of week) or a descriptor (`@hourly`), and a time zone in `spec.timeZone`.',
  ),
  'kube-too-large': NONE('Make the object smaller: split the data, or keep large content elsewhere.'),
  'kube-secret-type': NONE('Add the keys the type requires, or change `type`.'),
  'kube-required': NONE('Write the field the message names.'),
  'kube-field-combination': NONE('Keep one of the fields, or change them as the message says.'),
  'kube-invalid-value': {
    text: "Write a value the message allows. Where the API server allows one value alone (a role's or a subject's `apiGroup`), the fix writes it and is safe; a workload's restart policy is offered `Always`, a Job's the choice of `OnFailure` and `Never` (not safe: the kind may be the mistake). Other values (a path, a port) have no fix: the right edit would be a guess.",
    actions: ['Change to `<the value allowed>`'],
    safe: true,
  },
  'api-version-deprecated': {
    text: 'Write the apiVersion that serves the kind without deprecation. Offered only when every field the manifest sets exists there with a compatible type and value; otherwise the message lists the fields to rewrite by hand.',
    actions: ['Change to `<group>/<version>`'],
  },
  'crd-version-not-served': {
    text: 'Move the manifest to a served version: the storage version, else the newest served one. Offered only when every field the manifest sets exists there with a compatible type and value (a string among the values the target allows); otherwise the message lists the fields to move by hand.',
    actions: ['Change to `<group>/<version>`'],
  },
  'crd-rule-invalid': NONE('Correct the rule in the CRD (the message gives the CEL error).'),
  'crd-rule-entry': {
    text: 'Write what the message says: a rule, a one-line `message`, a known `reason`, a `fieldPath` naming a field below the rule, the rule of `oldSelf` on the list itself (or the list as `x-kubernetes-list-type: map`).',
    actions: ['Change to `<reason>` (a `reason` written in another case)', 'Remove `optionalOldSelf`'],
    safe: true,
  },
  'crd-rule-refused': NONE(
    'Write the rule for the types the schema declares (the message names the part at fault); for a library the targeted Kubernetes release lacks, write the rule without it, or set `kubernetesVersion` to the release the cluster runs.',
  ),
  'crd-rule-cost': NONE(
    'Add `maxItems`, `maxProperties` or `maxLength` to the lists, maps and strings the rule reads, or rewrite it with fewer nested loops.',
  ),
  'crd-rule-not-run': NONE(
    'Fix the rule in the CRD (`crd-rule-cost` or `crd-rule-refused` there), or check the manifest against it yourself where the product cannot evaluate it.',
  ),
  'crd-unreadable': NONE(
    "Correct the CRD's YAML: its file has the `yaml-syntax` error that says where. Then its schema checks the manifest.",
  ),
  'crd-rule-budget': NONE(
    "Make the object smaller where the CRD's rules loop over it, or simplify the rules in the CRD (they cost too much to run).",
  ),
  'crd-schema-type': NONE(
    'Write one of the types the message lists (`string` for `strign`), or leave `type` out under `x-kubernetes-preserve-unknown-fields: true`.',
  ),
  'crd-schema': NONE(
    'Make the schema structural as the API server requires: `type` on every node, no `additionalProperties` beside `properties`.',
  ),
  'create-only-changed': {
    text: 'Write the committed value back (the message names it), or create a new resource under a new name if the change is meant. Where the value was never set before, remove it.',
    actions: ['Write back `<committed value>` (`<ref>` (`<commit>`))'],
  },
  'not-compared': {
    text: 'The message says why. A committed version over the cap: raise `maxFileSizeMB` if the file is meant to be that large. A repository not read: remove the `[include]`, the alternates or the `.git` file leading outside the workspace, or open the repository it leads to as the workspace. Set the code to `off` to silence it.',
    actions: [],
  },
  'update-refused': {
    text: "Write the committed value back (the message names it): the operator refuses to change a resource's cloud name or owner once it exists. To move it, create a new resource (a new `metadata.name`) and delete the old one.",
    actions: ['Write back `<committed value>` (`<ref>` (`<commit>`))'],
  },
  'resource-renamed': {
    text: 'Write the committed name back to keep the resource and its data; rename only when deleting it is meant.',
    actions: ['Write back `<committed name>` (`<ref>` (`<commit>`))'],
  },
  'crd-transition-rule': NONE(
    "Change the manifest so that the CRD's transition rule holds against the committed version; the message is the CRD's own, and the rule is quoted after it.",
  ),
};
