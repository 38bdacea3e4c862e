// References between Kubernetes objects, as data: which fields of which built-in kinds name another object
// (a pod template's ConfigMaps, Secrets, claims and service account; an Ingress backend's Service; a
// binding's role and service accounts; an autoscaler's target), and which of the operator's types name a
// ConfigMap or Secret it reads or writes. extract.ts reads them into the index's sites (`style: 'object'`),
// where owners and resource references already are: definition, references, rename and the cross-file
// rule (rules/kubeReferences.ts) take them as they take an owner.
import { isMap, isPair, isScalar, isSeq, type YAMLMap } from 'yaml';
import type { KindDef } from '../../model/types';
import { isMasked } from '../core/maskedChars';
import { entry, keyName, scalarValue, spanOf } from '../core/yamlNodes';
import type { KeyUse, ObjectSiteFacts } from './manifest';

const RBAC = 'rbac.authorization.k8s.io';

/**
 * One kind of reference: where it is (keys from the place the table is read at; `[]` each item of a
 * list), the kind it names, and which keys of the reference hold the name, the keys read and `optional`.
 */
interface ObjectRefRule {
  at: readonly string[];
  /** The kind named (and its group), or `from-kind`: read from the reference's `kind` (roleRef, scaleTargetRef). */
  target: { kind: string; group: string } | 'from-kind';
  /** The key of the name in the reference mapping; `''`: the value at `at` is the name itself. */
  name: string;
  /** A `key` the reference reads (`configMapKeyRef.key`). */
  key?: true;
  /** `items[].key`: the keys a volume projects. */
  items?: true;
  /** An Ingress backend's `port` (`name` or `number`). */
  port?: true;
  /** A subject: only `kind: ServiceAccount`, looked up in its `namespace`. */
  subject?: true;
}

const CONFIG_MAP = { kind: 'ConfigMap', group: '' };
const SECRET = { kind: 'Secret', group: '' };

/** The references of a container (`containers[]`, `initContainers[]`, `ephemeralContainers[]`). */
const CONTAINER: readonly ObjectRefRule[] = [
  { at: ['envFrom', '[]', 'configMapRef'], target: CONFIG_MAP, name: 'name' },
  { at: ['envFrom', '[]', 'secretRef'], target: SECRET, name: 'name' },
  { at: ['env', '[]', 'valueFrom', 'configMapKeyRef'], target: CONFIG_MAP, name: 'name', key: true },
  { at: ['env', '[]', 'valueFrom', 'secretKeyRef'], target: SECRET, name: 'name', key: true },
];

/** The references of a pod spec. */
const POD_SPEC: readonly ObjectRefRule[] = [
  ...['containers', 'initContainers', 'ephemeralContainers'].flatMap((list) =>
    CONTAINER.map((r) => ({ ...r, at: [list, '[]', ...r.at] })),
  ),
  { at: ['volumes', '[]', 'configMap'], target: CONFIG_MAP, name: 'name', items: true },
  { at: ['volumes', '[]', 'secret'], target: SECRET, name: 'secretName', items: true },
  {
    at: ['volumes', '[]', 'persistentVolumeClaim'],
    target: { kind: 'PersistentVolumeClaim', group: '' },
    name: 'claimName',
  },
  { at: ['volumes', '[]', 'projected', 'sources', '[]', 'configMap'], target: CONFIG_MAP, name: 'name', items: true },
  { at: ['volumes', '[]', 'projected', 'sources', '[]', 'secret'], target: SECRET, name: 'name', items: true },
  { at: ['serviceAccountName'], target: { kind: 'ServiceAccount', group: '' }, name: '' },
  { at: ['imagePullSecrets', '[]'], target: SECRET, name: 'name' },
];

/** Rules read below one place of a manifest (its pod spec): the place is found once for all of them. */
interface RuleGroup {
  prefix: readonly string[];
  rules: readonly ObjectRefRule[];
}

const under = (prefix: readonly string[], rules: readonly ObjectRefRule[]): RuleGroup[] => [{ prefix, rules }];
const top = (rules: readonly ObjectRefRule[]): RuleGroup[] => [{ prefix: [], rules }];

const TEMPLATE = ['spec', 'template', 'spec'];
const INGRESS_BACKEND: Omit<ObjectRefRule, 'at'> = {
  target: { kind: 'Service', group: '' },
  name: 'name',
  port: true,
};
const BINDING: readonly ObjectRefRule[] = [
  { at: ['roleRef'], target: 'from-kind', name: 'name' },
  { at: ['subjects', '[]'], target: { kind: 'ServiceAccount', group: '' }, name: 'name', subject: true },
];

/** Per built-in kind (`group/kind`, the core group empty), the references its manifests hold. */
export const OBJECT_REFS: ReadonlyMap<string, readonly RuleGroup[]> = new Map([
  ['/Pod', under(['spec'], POD_SPEC)],
  ['/PodTemplate', under(['template', 'spec'], POD_SPEC)],
  ['/ReplicationController', under(TEMPLATE, POD_SPEC)],
  ['apps/Deployment', under(TEMPLATE, POD_SPEC)],
  ['apps/StatefulSet', under(TEMPLATE, POD_SPEC)],
  ['apps/DaemonSet', under(TEMPLATE, POD_SPEC)],
  ['apps/ReplicaSet', under(TEMPLATE, POD_SPEC)],
  ['batch/Job', under(TEMPLATE, POD_SPEC)],
  ['batch/CronJob', under(['spec', 'jobTemplate', ...TEMPLATE], POD_SPEC)],
  [
    'networking.k8s.io/Ingress',
    under(
      ['spec'],
      [
        { at: ['defaultBackend', 'service'], ...INGRESS_BACKEND },
        { at: ['rules', '[]', 'http', 'paths', '[]', 'backend', 'service'], ...INGRESS_BACKEND },
        { at: ['tls', '[]', 'secretName'], target: SECRET, name: '' },
      ],
    ),
  ],
  [`${RBAC}/RoleBinding`, top(BINDING)],
  [`${RBAC}/ClusterRoleBinding`, top(BINDING)],
  [
    'autoscaling/HorizontalPodAutoscaler',
    under(['spec'], [{ at: ['scaleTargetRef'], target: 'from-kind', name: 'name' }]),
  ],
]);

/** The kinds a `roleRef` may name, and whether each is cluster-scoped; what an autoscaler may scale. */
const ROLE_KINDS: Readonly<Record<string, boolean>> = { Role: false, ClusterRole: true };
const SCALABLE: Readonly<Record<string, string>> = {
  Deployment: 'apps',
  StatefulSet: 'apps',
  ReplicaSet: 'apps',
  ReplicationController: '',
};

/**
 * The operator's types that name a ConfigMap or Secret (model/common.ts), by type name: what the operator
 * reads (`…FromConfig`, a webhook's secret) and what it writes (`operatorSpec.secrets`/`configMaps`
 * destinations, and the expression lists, whose kind the list's field name gives).
 */
export const OPERATOR_OBJECT_TYPES: ReadonlyMap<string, { role: 'reference' | 'writes'; kind?: string }> = new Map([
  ['ConfigMapReference', { role: 'reference', kind: 'ConfigMap' }],
  ['SecretReference', { role: 'reference', kind: 'Secret' }],
  ['SecretDestination', { role: 'writes', kind: 'Secret' }],
  ['ConfigMapDestination', { role: 'writes', kind: 'ConfigMap' }],
  ['DestinationExpression', { role: 'writes' }],
] as const);

/** The kind an expression list writes: `configMapExpressions` ConfigMaps, `secretExpressions` Secrets. */
export const EXPRESSION_LISTS: Readonly<Record<string, string>> = {
  configMapExpressions: 'ConfigMap',
  secretExpressions: 'Secret',
};

/** What extract.ts makes of a reference found: its place, name and facts (spans chunk-relative). */
export interface FoundObjectRef {
  role: 'reference' | 'writes';
  path: string;
  /** The reference mapping (or the name scalar). */
  span: [number, number];
  keySpan: [number, number];
  kind: string;
  name?: string;
  nameSpan?: [number, number];
  facts: ObjectSiteFacts;
}

const str = (node: unknown): string | undefined => {
  const v = scalarValue(node);
  return typeof v === 'string' ? v : undefined;
};

/** `optional: true` (the YAML 1.1 spellings the cluster reads too). */
const isTrue = (node: unknown): boolean => {
  const v = scalarValue(node);
  return v === true || (typeof v === 'string' && /^(true|yes|on|y)$/i.test(v));
};

/** The `group` of an `apiVersion` (`apps/v1` → `apps`, `v1` → ``). */
const groupOf = (apiVersion: string): string => (apiVersion.includes('/') ? apiVersion.split('/')[0] : '');

/**
 * The rules of a kind as a tree of keys (`[]` for the items of a list), so that one walk of the manifest
 * visits each node at most once, whatever the number of rules: a node holds the rules that end there.
 */
interface Trie {
  children: Map<string, Trie>;
  rules: ObjectRefRule[];
}

function trieOf(groups: readonly RuleGroup[]): Trie {
  const root: Trie = { children: new Map(), rules: [] };
  for (const g of groups)
    for (const rule of g.rules) {
      let t = root;
      for (const seg of [...g.prefix, ...rule.at]) {
        let next = t.children.get(seg);
        if (!next) t.children.set(seg, (next = { children: new Map(), rules: [] }));
        t = next;
      }
      t.rules.push(rule);
    }
  return root;
}

/** Each kind's rules as a tree (built once, from the table). */
const TRIES: ReadonlyMap<string, Trie> = new Map([...OBJECT_REFS].map(([k, groups]) => [k, trieOf(groups)]));

/** Visits the nodes of a manifest the tree reaches, reading the references that end at each. */
function visit(node: unknown, t: Trie, keyNode: unknown, path: string, def: KindDef, out: FoundObjectRef[]): void {
  for (const rule of t.rules) {
    const ref = readRef(node, keyNode, path, rule, def);
    if (ref) out.push(ref);
  }
  if (t.children.size === 0) return;
  if (isSeq(node)) {
    const items = t.children.get('[]');
    if (items) node.items.forEach((it, n) => visit(it, items, keyNode, `${path}[${n}]`, def, out));
  } else if (isMap(node))
    for (const item of node.items) {
      if (!isPair(item)) continue;
      const k = keyName(item);
      const child = k === undefined || k === '[]' ? undefined : t.children.get(k);
      if (child) visit(item.value, child, item.key, path ? `${path}.${k}` : k!, def, out);
    }
}

/** The keys a reference reads: its `key`, or its `items[].key`. */
function keysOf(map: YAMLMap, rule: ObjectRefRule): KeyUse[] | undefined {
  const out: KeyUse[] = [];
  if (rule.key) {
    const k = entry(map, 'key');
    const v = str(k?.value);
    if (v !== undefined) out.push({ key: v, span: spanOf(k!.value) });
  }
  if (rule.items) {
    const items = entry(map, 'items')?.value;
    if (isSeq(items))
      for (const it of items.items) {
        const k = entry(it, 'key');
        const v = str(k?.value);
        if (v !== undefined) out.push({ key: v, span: spanOf(k!.value) });
      }
  }
  return out.length > 0 ? out : undefined;
}

/** The references a built-in kind's manifest holds (none for a kind the table does not list). */
export function objectRefsOf(root: YAMLMap, def: KindDef): FoundObjectRef[] {
  const trie = def.kube ? TRIES.get(`${def.kube.group}/${def.kind}`) : undefined;
  if (!trie) return [];
  const out: FoundObjectRef[] = [];
  visit(root, trie, undefined, '', def, out);
  // In document order: what a cursor finds first, and how messages are ordered.
  return out.sort((a, b) => a.span[0] - b.span[0]);
}

function readRef(
  value: unknown,
  keyNode: unknown,
  path: string,
  rule: ObjectRefRule,
  def: KindDef,
): FoundObjectRef | undefined {
  const keySpan = spanOf(keyNode);
  if (rule.name === '') {
    const name = str(value);
    if (name === undefined || !isScalar(value)) return undefined;
    const t = rule.target as { kind: string; group: string };
    return {
      role: 'reference',
      path,
      span: spanOf(value),
      keySpan,
      kind: t.kind,
      name,
      nameSpan: spanOf(value),
      facts: { group: t.group },
    };
  }
  if (!isMap(value)) return undefined;
  let kind: string;
  const facts: ObjectSiteFacts = { group: '' };
  if (rule.target === 'from-kind') {
    const k = str(entry(value, 'kind')?.value);
    if (k === undefined) return undefined;
    if (path === 'roleRef') {
      // `apiGroup` must be rbac's; a ClusterRoleBinding binds ClusterRoles only (the API server refuses a Role).
      if (!(k in ROLE_KINDS) || (def.kind === 'ClusterRoleBinding' && k !== 'ClusterRole')) return undefined;
      if (str(entry(value, 'apiGroup')?.value) !== RBAC) return undefined;
      facts.group = RBAC;
      if (ROLE_KINDS[k]) facts.clusterScoped = true;
    } else {
      // scaleTargetRef: a kind we know the group of, named with that group's apiVersion.
      const apiVersion = str(entry(value, 'apiVersion')?.value);
      if (!(k in SCALABLE) || apiVersion === undefined || groupOf(apiVersion) !== SCALABLE[k]) return undefined;
      facts.group = SCALABLE[k];
    }
    kind = k;
  } else {
    kind = rule.target.kind;
    facts.group = rule.target.group;
  }
  if (rule.subject) {
    if (str(entry(value, 'kind')?.value) !== 'ServiceAccount') return undefined;
    const ns = str(entry(value, 'namespace')?.value);
    // A ClusterRoleBinding's subject names its namespace (required); without one, nothing is certain.
    if (ns !== undefined) facts.namespace = ns;
    else if (def.kind === 'ClusterRoleBinding') return undefined;
  }
  if (isTrue(entry(value, 'optional')?.value)) facts.optional = true;
  const keys = keysOf(value, rule);
  if (keys) facts.keys = keys;
  if (rule.port) {
    const p = entry(value, 'port')?.value;
    const name = entry(p, 'name');
    const number = entry(p, 'number');
    const n = scalarValue(number?.value);
    if (str(name?.value) !== undefined) facts.port = { name: str(name!.value), span: spanOf(name!.value) };
    else if (typeof n === 'number') facts.port = { number: n, span: spanOf(number!.value) };
  }
  const ref: FoundObjectRef = { role: 'reference', path, span: spanOf(value), keySpan, kind, facts };
  const n = entry(value, rule.name);
  const name = str(n?.value);
  if (name !== undefined) {
    ref.name = name;
    ref.nameSpan = spanOf(n!.value);
  }
  return ref;
}

/** Secret types whose keys the cluster writes (a service account's token): their keys are not known here. */
const FILLED_SECRET_TYPES: ReadonlySet<string> = new Set(['kubernetes.io/service-account-token']);
/** Annotations of tools that fill or copy a ConfigMap or Secret (reflector, replicator, sealed/external secrets). */
const FILLED_BY = /replicat|reflector|sealedsecrets|external-secrets|vault|kubed|sync/i;

/** What a built-in kind's manifest tells the references to it: its data's keys, a Service's ports. */
export function kubeFactsOf(
  root: YAMLMap,
  def: KindDef,
): { dataKeys?: string[]; ports?: (string | number)[] } | undefined {
  if (def.kube?.group !== '') return undefined;
  if (def.kind === 'ConfigMap' || def.kind === 'Secret') return { dataKeys: dataKeysOf(root, def.kind) };
  if (def.kind === 'Service') {
    const ports = entry(entry(root, 'spec')?.value, 'ports')?.value;
    if (!isSeq(ports)) return undefined;
    const out: (string | number)[] = [];
    for (const p of ports.items) {
      if (!isMap(p)) return undefined;
      const name = str(entry(p, 'name')?.value);
      const port = scalarValue(entry(p, 'port')?.value);
      if (name !== undefined) out.push(name);
      if (typeof port === 'number') out.push(port);
      else return undefined;
    }
    return out.some((v) => typeof v === 'string' && isMasked(v)) ? undefined : { ports: out };
  }
  return undefined;
}

/**
 * The keys a ConfigMap's `data` and `binaryData` (a Secret's `data` and `stringData`) define, when they are
 * certain: every key a plain string, at least one, no merge key, nothing a template writes, and nothing
 * says a controller fills or copies the object.
 */
function dataKeysOf(root: YAMLMap, kind: string): string[] | undefined {
  const meta = entry(root, 'metadata')?.value;
  const annotations = entry(meta, 'annotations')?.value;
  if (isMap(annotations))
    for (const item of annotations.items) {
      const k = isScalar(item.key) ? String(item.key.value) : '';
      if (FILLED_BY.test(k)) return undefined;
    }
  if (kind === 'Secret') {
    const type = str(entry(root, 'type')?.value);
    if (type !== undefined && FILLED_SECRET_TYPES.has(type)) return undefined;
  }
  const keys: string[] = [];
  for (const field of kind === 'Secret' ? ['data', 'stringData'] : ['data', 'binaryData']) {
    const e = entry(root, field);
    if (!e) continue;
    if (scalarValue(e.value) === null) continue;
    if (!isMap(e.value)) return undefined;
    for (const item of e.value.items) {
      const k = isScalar(item.key) ? keyName(item) : undefined;
      if (k === undefined || k === '<<' || isMasked(k)) return undefined;
      keys.push(k);
    }
  }
  return keys.length > 0 ? keys : undefined;
}

/**
 * The object a built-in kind's field at `path` (keys as the cursor reads them, `[]` for a list item) names,
 * when it is a reference's name: its kind and group, or `from-kind` (the reference's `kind` says).
 */
export function objectRefAt(
  def: KindDef,
  path: readonly string[],
): { kind: string; group: string } | 'from-kind' | undefined {
  const groups = def.kube ? OBJECT_REFS.get(`${def.kube.group}/${def.kind}`) : undefined;
  for (const r of (groups ?? []).flatMap((g) => g.rules.map((rule) => ({ ...rule, at: [...g.prefix, ...rule.at] })))) {
    const at = r.name === '' ? r.at : [...r.at, r.name];
    if (at.length === path.length && at.every((seg, i) => seg === path[i] || (seg === '[]' && /^\d+$/.test(path[i]))))
      return r.target;
  }
  return undefined;
}

/** The group of a kind a `from-kind` reference names (`roleRef`, `scaleTargetRef`), when known. */
export function groupOfNamedKind(kind: string): string | undefined {
  if (kind in ROLE_KINDS) return RBAC;
  return SCALABLE[kind];
}
