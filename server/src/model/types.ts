// The vocabulary of the language model. Every kind, field, enum, limit, owner and exclusive group of the
// spec is expressed with these types as plain data; completion, hover, validation, the JSON Schemas and
// the docs' tables are all derived from it.

/** One allowed value of an enumeration, with its meaning where the spec gives one. */
export interface EnumValue {
  value: string;
  doc?: string;
}

/** Formats the validator and the schema generator know how to check. */
export type StringFormat =
  | 'duration' // ISO 8601 duration such as PT1M
  | 'date-time' // RFC 3339 / ISO 8601 timestamp
  | 'ipv4-or-cidr' // 10.0.0.1 or 10.0.0.0/24
  | 'cidr' // 10.0.0.0/24 (a bare address is accepted as /32)
  | 'arm-id' // /subscriptions/<id>[/resourceGroups/<rg>][/providers/<ns>/<type>/<name>...]
  | 'uuid'
  | 'go-cidr' // a CRD's `cidr`: Go's net.ParseCIDR, IPv4 or IPv6 (goFormats.ts)
  | 'go-ipv4' // a CRD's `ipv4` (kube-openapi strfmt)
  | 'go-ipv6' // a CRD's `ipv6` (kube-openapi strfmt)
  | 'go-date' // a CRD's `date`: Go's time.Parse("2006-01-02") (kube-openapi strfmt)
  | 'go-mac' // a CRD's `mac`: Go's net.ParseMAC (kube-openapi strfmt)
  | 'go-uri' // a CRD's `uri`: Go's url.ParseRequestURI (goUrl.ts)
  | 'go-email' // a CRD's `email`: Go's net/mail.ParseAddress (goMail.ts)
  | 'go-duration' // a CRD's `duration`: strfmt's ParseDuration, Go's or scala-style (goDuration.ts)
  | 'go-datetime' // a CRD's `date-time`/`datetime`: strfmt's IsDateTime (strfmtFormats.ts, as the rest below)
  | 'go-hostname'
  | 'go-uuid' // dashes optional, unlike the operator's `uuid`
  | 'go-uuid3'
  | 'go-uuid4'
  | 'go-uuid5'
  | 'go-isbn'
  | 'go-isbn10'
  | 'go-isbn13'
  | 'go-creditcard'
  | 'go-ssn'
  | 'go-hexcolor'
  | 'go-rgbcolor'
  | 'go-byte' // base64
  | 'go-bsonobjectid'
  | 'kube-base64' // a built-in kind's bytes: Go's JSON decoding of []byte (standard base64, newlines ignored, empty allowed)
  | 'kube-quantity' // a built-in kind's resource.Quantity written as a string (`500m`, `1Gi`, `1e3`)
  | 'cel' // CEL expression (operatorSpec destination expressions)
  | 'promql'; // PromQL expression (alert rules)

/** The OpenAPI formats of a string that a CRD's CEL rules read as bytes, a duration or a timestamp. */
export type CelFormat = 'byte' | 'duration' | 'date' | 'date-time';

export interface StringType {
  kind: 'string';
  /** Allowed values; a value differing only in case is reported as a warning naming the right spelling. */
  enum?: EnumValue[];
  /** Name of the enum type in the spec (for docs), e.g. `StorageAccount_Kind_Spec`. */
  enumName?: string;
  minLength?: number;
  maxLength?: number;
  /**
   * Regular expression the value must match: ECMAScript, anchored as written, for the built-in kinds; Go's
   * syntax (RE2) where `patternSyntax` is `go` (a CRD's `pattern`, matched as the API server matches it).
   */
  pattern?: string;
  /** Human wording of `pattern` for messages and docs, e.g. "alphanumeric characters only". */
  patternDoc?: string;
  /** `warning` where the spec states the pattern but real manifests are known to stray from it. */
  patternSeverity?: 'warning';
  format?: StringFormat;
  /** For `format: 'duration'`: inclusive bounds in seconds. */
  durationSeconds?: { min?: number; max?: number };
  /** An ISO date (`YYYY-MM-DD`) the value, a date of that form, must not be earlier than (a version date). */
  notBefore?: string;
  /**
   * Names an allowed value (or item of `delimited`) goes by elsewhere, each with the value it stands for
   * (a container's `Private` access, as the portal calls `None`): the did-you-mean and its fix for them.
   */
  aliases?: Readonly<Record<string, string>>;
  /** A `;`-separated list whose items must be among `items` (SMB settings). */
  delimited?: { separator: string; items: string[] };
  /** `go`: `pattern` is a Go regular expression (a CRD's), matched with RE2's semantics in linear time. */
  patternSyntax?: 'go';
  /** An integer is accepted too (a CRD's `x-kubernetes-int-or-string`); the string limits apply to strings. */
  intOrString?: true;
  /** Any number is accepted too (a Kubernetes quantity: `cpu: 0.5`); the string limits apply to strings. */
  numeric?: true;
  /**
   * A CRD's `format` that makes the API server's CEL read the string as another type: `byte` as bytes,
   * `duration` as a duration, `date` and `date-time` as timestamps (rules compare them with `duration(…)`,
   * `timestamp(…)`, `b'…'`).
   */
  celFormat?: CelFormat;
  /**
   * The one value is fixed by where the field stands (a destination's `endpointType`, a filter's
   * `operatorType`): any other value is a slip, and the fix writes the one value whatever was written.
   */
  fixed?: true;
}

export interface IntType {
  kind: 'int';
  /** What the number counts, where the spec says (`seconds`, `days`, `GB`…): shown in docs and hints. */
  unit?: string;
  minimum?: number;
  maximum?: number;
  /** Value must be strictly greater than this (share quota "greater than 0"). */
  exclusiveMinimum?: number;
  /** Value must be strictly less than this (a CRD's `exclusiveMaximum`). */
  exclusiveMaximum?: number;
  /** Value must be a multiple of this positive integer (a CRD's `multipleOf`). */
  multipleOf?: number;
}

export interface NumberType {
  kind: 'number'; // float64
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
}

export interface BoolType {
  kind: 'bool';
}

export interface ArrayType {
  kind: 'array';
  items: Type;
  minItems?: number;
  maxItems?: number;
  /** Items are objects whose value under this key must be unique within the list. */
  uniqueBy?: string;
  /** Items are objects whose values under these keys together must be unique (`x-kubernetes-list-type: map`). */
  mapKeys?: string[];
  /** No two items may be equal (`uniqueItems`, `x-kubernetes-list-type: set`). */
  unique?: true;
  /** `x-kubernetes-list-type: set`: a CRD rule compares the list as a set (checks/crd/rules/celLists.ts). */
  setList?: true;
  /** A CRD's CEL rules on each item, when the items are not objects (an object type holds its own). */
  itemValidations?: CelValidation[];
  /** A CRD's items schema says `nullable: true`: a `null` item is a value, not a missing one. */
  nullableItems?: true;
}

export interface MapType {
  kind: 'map';
  values: Type;
  /** A CRD's CEL rules on each value, when the values are not objects (an object type holds its own). */
  valueValidations?: CelValidation[];
  maxEntries?: number;
  minEntries?: number;
  keyMaxLength?: number;
}

/**
 * Mutually exclusive members of an object.
 * - `exactlyOne`: one and only one of `members` must be present (destination, advanced filter item)
 * - `atMostOne`: never two of `members` together (X / XFromConfig)
 */
export interface ExclusiveGroup {
  members: string[];
  mode: 'exactlyOne' | 'atMostOne';
}

/**
 * The reference shapes of reference-shapes.md, whose rules the validator knows:
 * - known: `name` or `armId`, exactly one (owner of kinds with a fixed owner kind)
 * - arbitrary: `armId` alone, or all of `group`, `kind`, `name` (ArbitraryOwnerReference, ResourceReference)
 * - wellKnown: as arbitrary, or `wellKnownName` alone (roleDefinitionReference)
 */
export type ReferenceStyle = 'known' | 'arbitrary' | 'wellKnown';

export interface ObjectType {
  kind: 'object';
  /** Type name as the spec writes it, e.g. `CorsRule`, `RoleAssignment_Spec`. */
  name: string;
  doc?: string;
  fields: Record<string, Field>;
  exclusive?: ExclusiveGroup[];
  reference?: ReferenceStyle;
  /**
   * An exactly-one container whose members all hold a discriminator naming them (`numberIn` holds
   * `operatorType: NumberIn`): an item written flat, the discriminator directly in it, is recognised and
   * reported once. `members` maps each discriminator value to its member.
   */
  flat?: { discriminator: string; members: Record<string, string> };
  /**
   * A member whose fields are often written directly in this object, the member itself left out (a
   * manifest's `spec` fields at its top level): recognised and reported once.
   */
  flatInto?: string;
  /**
   * How keys not in `fields` are treated. `error` (default): unknown field. `warning`: the shape is
   * only known approximately (a ≈ fact or a Kubernetes type the spec does not show). `accept`: the schema
   * keeps unknown fields (a CRD's `x-kubernetes-preserve-unknown-fields`), anything goes there.
   */
  unknownFields?: 'error' | 'warning' | 'accept';
  /** Bounds on the number of keys (a CRD's `minProperties`/`maxProperties`). */
  minProperties?: number;
  maxProperties?: number;
  /** A whole Kubernetes object (`x-kubernetes-embedded-resource`): `apiVersion` and `kind` are required. */
  embedded?: true;
  /** The CEL rules of a CRD's `x-kubernetes-validations` on this node (see service/checks/crd/). */
  validations?: CelValidation[];
  /** A CRD's defaults of its fields as written (objects and lists included): applied before CEL rules run. */
  defaults?: Record<string, unknown>;
}

/** One `x-kubernetes-validations` rule of a CRD. */
export interface CelValidation {
  rule: string;
  message?: string;
  messageExpression?: string;
  /** A JSONPath-like path (`.spec.x`) below the node the rule sits on, where the problem is reported. */
  fieldPath?: string;
  reason?: string;
  /**
   * A transition rule (it reads `oldSelf`) that runs also where the old object had no value here: `oldSelf`
   * is then an optional (`oldSelf.hasValue()`, `oldSelf.orValue(…)`).
   */
  optionalOldSelf?: true;
  /**
   * Where the rule sits, for the API server's cost estimate (service/checks/crd/rules/cost/ruleCost.ts): the version's raw
   * `openAPIV3Schema`, and the path from it to the raw schema node holding the rule.
   */
  site?: { root: unknown; path: (string | number)[] };
}

/** A shape no document shows and no fact fills: any content is accepted. */
export interface OpenType {
  kind: 'open';
  name: string;
  note: string;
}

export type Type = StringType | IntType | NumberType | BoolType | ArrayType | MapType | ObjectType | OpenType;

export interface Field {
  type: Type;
  required?: boolean;
  /** Meaning, in our own words from the spec's notes. */
  doc: string;
  /** Default applied by the service when the field is absent. */
  default?: string | number | boolean;
  /** Free wording of a default that is not a single value (e.g. per SKU). */
  defaultDoc?: string;
  /** Writable only when the resource is created. */
  createOnly?: boolean;
  /** A note that a setting cannot be reverted or undone once made. */
  irreversible?: string;
  deprecated?: string;
  /**
   * The fact comes from a neighbouring API version (≈ in reference-shapes.md): violations found
   * inside this field are reported as warnings, never errors.
   */
  approx?: boolean;
  /** `required` comes from a ≈ fact of reference-shapes.md: the field's absence is a warning. */
  requiredApprox?: boolean;
  /** Where the spec says the field's enum values differ per version, each version's own list lives in its kind. */
  /** `null` is a value the schema allows (a CRD's `nullable: true`). */
  nullable?: boolean;
  /** The CEL rules of a CRD on this field's value when it is not an object (an object's are on its type). */
  validations?: CelValidation[];
}

export type OwnerRule =
  /** A KnownResourceReference to one kind (by name in the same namespace, or by armId). */
  | { style: 'known'; kind: string }
  /** An ArbitraryOwnerReference: any resource may own (extension resources). */
  | { style: 'arbitrary' }
  /** No owner field (ResourceGroup). */
  | { style: 'none' };

export interface NameLimit {
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  /** Wording of the rule for messages, e.g. "3 to 24 characters". */
  doc: string;
  /** `warning` where reference-shapes.md says to warn. */
  severity: 'error' | 'warning';
  /** The limit holds in API versions later than the kind's, not in its own (reference-shapes.md): a warning. */
  laterVersions?: boolean;
  /** Kubernetes' rule for object names (model/nameLimits.ts), not a cloud limit. */
  objectName?: boolean;
}

export interface KindDef {
  kind: string;
  /** The area part of the group: `storage` in `storage.{api_domain}`. */
  area: string;
  /** Version identifier, e.g. `v20220901`. */
  version: string;
  /** The cloud API version value, e.g. `2022-09-01`. */
  apiVersionValue: string;
  doc: string;
  /**
   * Management path shape with parents expanded, e.g.
   * `/subscriptions/{subscriptionId}/resourceGroups/{resourceGroupName}/providers/Provider.Storage/storageAccounts/{accountName}`.
   * Undefined where the spec says the path is not shown.
   */
  pathShape?: string;
  /**
   * The id shape an owned resource's owner `armId` must have, where the spec shows no path shape but
   * reference-shapes.md gives the type path (queue and table services: `…/queueServices/default`).
   */
  ownerIdShape?: string;
  owner: OwnerRule;
  spec: ObjectType;
  status: ObjectType;
  /** Values of `status.provisioningState`; undefined where the kind has none or the spec gives none. */
  provisioningStates?: string[];
  /** Limits on `cloudName` (or `metadata.name` when `cloudName` is absent). */
  nameLimits?: NameLimit[];
  /** How the cloud name is derived when `cloudName` is absent. */
  cloudNameDefault?: 'metadata.name' | 'uuid';
  /**
   * What the resource holds that a delete loses (its data), in a few words: a new `metadata.name` for a
   * resource that exists is a delete and a create, so a rename is warned about (service/checks/changes/).
   */
  holdsData?: string;
  /** Spec section the kind comes from, e.g. `2-storage.txt`; for a CRD's kind, the CRD's name. */
  source: string;
  /**
   * The domain part of the group when the kind comes from a CustomResourceDefinition: its group is exactly
   * `<area>.<domain>`. Built-in kinds have none (their group is `<area>.{api_domain}`, any domain).
   */
  domain?: string;
  /**
   * A built-in kind the spec only names (ResourceGroup, an owner): a CRD that defines the same kind and
   * version replaces it, where the spec's own kinds win over any CRD.
   */
  crdReplaces?: true;
  /** Where a CRD's kind comes from, and what the CRD says about this version. */
  crd?: CrdOrigin;
  /**
   * One of Kubernetes' own kinds (model/kube/): checked as a CRD's kind is (it has `crd` too), its group
   * exact, possibly without a dot (`apps`, or empty for the core group).
   */
  kube?: KubeOrigin;
  /**
   * The top-level fields besides `apiVersion`, `kind` and `metadata` (a CRD's schema states them all,
   * `spec` and `status` included, and may have others); built-in kinds have `spec` and `status` alone.
   */
  topFields?: Record<string, Field>;
  /** Keys the CRD's schema does not state are accepted at the top level (it preserves unknown fields). */
  topUnknown?: 'accept';
  /** The CEL rules on the whole object (a CRD's root schema), and the defaults of its top-level fields. */
  validations?: CelValidation[];
  topDefaults?: Record<string, unknown>;
}

/** A built-in kind of Kubernetes, as the targeted release serves it. */
export interface KubeOrigin {
  /** The exact group: `apps`, `networking.k8s.io`, empty for the core group. */
  group: string;
  /** The release whose documents the kind was read from (`1.35`: the newest known for a newer target). */
  release: string;
  /** The targeted release no longer serves this version (`1.25`), and where the kind is served now. */
  removedIn?: string;
  replacement?: string;
  /**
   * The targeted release serves this version deprecated (the API server warns): since which release, the
   * release that removes it (the first release whose documents lack it; `planned` when no release known lacks
   * it yet: the removal Kubernetes' lifecycle announces), and the apiVersion to move to (`replacement`).
   */
  deprecated?: { since: string; removal?: string; planned?: boolean };
}

/** A CRD's version as a kind: where it was read and the version's own flags. */
/**
 * A CRD whose text does not parse, not even its header (group, kind, versions): what could still be read of
 * the kind it meant to define, so that that kind's manifests can say their CRD could not be read.
 */
export interface UnreadableCrd {
  uri: string;
  /** `metadata.name`, when it could be read. */
  name?: string;
  group?: string;
  kind?: string;
  /** What the reader said. */
  reason: string;
}

export interface CrdOrigin {
  /** The CRD's `metadata.name` (`<plural>.<group>`). */
  name: string;
  /** The file it was read from (a URI), when known. */
  uri?: string;
  served: boolean;
  storage: boolean;
  /** `deprecated: true`: the version's `deprecationWarning`, or a default wording. */
  deprecated?: string;
  /** The version has the `status` subresource (a written `status` is ignored). */
  statusSubresource: boolean;
  /** The kind of a list of them when the CRD names one other than `<kind>List` (`spec.names.listKind`). */
  listKind?: string;
  /**
   * Why the CRD's schema could not be read when the kind was first used (its text does not parse: a syntax
   * error or a duplicate key below its header); undefined when it was, or is not asked yet.
   */
  readonly unreadable?: string;
}
