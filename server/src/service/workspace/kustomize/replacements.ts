// Kustomize's replacement transformer (api/filters/replacement of Kustomize v5.5.0, the one kubectl 1.32
// embeds) on the resources of one kustomization, as JSON values: each replacement reads one value from the
// one resource its `source` selects (`fieldPath`, default `metadata.name`; `options.delimiter`/`index` take
// a part of it) and writes it into the fields its `targets` name (`fieldPaths` with `[name=value]` list
// selectors, indexes and `*`; `options.create` adds what is missing; a delimiter replaces a part). Where
// kubectl stops the build (nothing or more than one source, a source field missing, a target field missing
// without `create`…) the failure says which replacement, and where in it, with kubectl's words. What is
// not reproduced with certainty (a value's YAML style or tag that decides the result, a `null` on the way)
// leaves the resources it would change marked as not sure rather than guessed.
import type { Json, JsonObject } from './jsonPatch';
import { compileGoRegexp, isRegexpError } from '../../core/goRegexp';
import { nearest } from '../../core/suggest';
import { parseAllDocuments } from 'yaml';
import { labelSelector } from './labelSelector';
import { canonicalReplacement } from './kustomizationFields';

/** A resource as the transformer sees it: its value, and the names and namespaces it had before. */
export interface ReplacementResource {
  value: JsonObject;
  previous?: readonly { name?: string; namespace?: string; kind?: string }[];
  /** Why it may not be what kubectl builds (then a failure it causes is not certain). */
  unsure?: string;
}

/** Where a replacement fails: which one, the pointer in it at fault (`/source/name`), and what to say. */
export interface ReplacementFailure {
  entry: number;
  pointer: string;
  /** kubectl's own words (quoted in the message). */
  kubectl: string;
  message: string;
  unsure: boolean;
  /** The name the message suggests (a source's misspelt `name`). */
  suggest?: string;
}

export interface ReplacementResult {
  /** The resources' values after the replacements (the same objects where nothing changed). */
  values: JsonObject[];
  /** Per resource: why it may not be what kubectl builds, if a replacement not reproduced touched it. */
  unsure: (string | undefined)[];
  /** Per resource: the last replacement (its index in the entries) that wrote into it. */
  writer: (number | undefined)[];
  /** MAX_REPLACEMENT_WORK was reached: the rest of the replacements were not run. */
  capped?: boolean;
  failure?: ReplacementFailure;
}

/** Targets × resources tried in one kustomization, past which the rest is not rendered (a cap on the work). */
export const MAX_REPLACEMENT_WORK = 2_000_000;

const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);
/** A value's YAML node kind, as kyaml's errors name it. */
const nodeKind = (v: Json): string => (Array.isArray(v) ? 'SequenceNode' : isObject(v) ? 'MappingNode' : 'ScalarNode');
const wrongKind = (expected: string, v: Json) =>
  new Fails(`wrong node kind: expected ${expected} but got ${nodeKind(v)}`);
const str = (v: Json | undefined): string | undefined => (typeof v === 'string' ? v : undefined);
const meta = (r: JsonObject): JsonObject => (isObject(r.metadata) ? r.metadata : {});
const clip = (s: string, max = 120): string => (s.length > max ? `${s.slice(0, max - 1)}…` : s);

/** A resource id as Kustomize's resid.ResId (group, version, kind, name, namespace). */
interface ResId {
  group: string;
  version: string;
  kind: string;
  name: string;
  namespace: string;
}

function gv(apiVersion: string): [string, string] {
  const i = apiVersion.indexOf('/');
  return i < 0 ? ['', apiVersion] : [apiVersion.slice(0, i), apiVersion.slice(i + 1)];
}

/** The current id and the previous ones (utils.MakeResIds). */
function idsOf(r: ReplacementResource): ResId[] {
  const [group, version] = gv(str(r.value.apiVersion) ?? '');
  const kind = str(r.value.kind) ?? '';
  const m = meta(r.value);
  const out = [{ group, version, kind, name: str(m.name) ?? '', namespace: str(m.namespace) ?? '' }];
  for (const p of r.previous ?? [])
    out.push({ group, version, kind: p.kind ?? kind, name: p.name ?? '', namespace: p.namespace ?? '' });
  return out;
}

/**
 * A selector's id, as decoded from the kustomization (resid.ResId: `group`, `version`, `kind`, `name`,
 * `namespace`). Ids built so are never cluster-scoped to Kustomize: an empty namespace is `default`.
 */
function selectorId(s: JsonObject): ResId {
  const f = (k: string) => (typeof s[k] === 'string' ? (s[k] as string) : '');
  return { group: f('group'), version: f('version'), kind: f('kind'), name: f('name'), namespace: f('namespace') };
}

const effectiveNs = (ns: string) => (ns === '' ? 'default' : ns);

/** resid.ResId.IsSelectedBy: every field the selector gives equals the id's. */
const selectedBy = (id: ResId, s: ResId): boolean =>
  (s.name === '' || s.name === id.name) &&
  (s.namespace === '' || effectiveNs(s.namespace) === effectiveNs(id.namespace)) &&
  (s.group === '' || s.group === id.group) &&
  (s.version === '' || s.version === id.version) &&
  (s.kind === '' || s.kind === id.kind);

const isEmptyId = (s: ResId) => !s.group && !s.version && !s.kind && !s.name && !s.namespace;

/** resid.ResId.String(), as kubectl's messages print a selector: `Kind.version.group/name.namespace`. */
function idString(s: ResId): string {
  return `${s.kind || '[noKind]'}.${s.version || '[noVer]'}.${s.group || '[noGrp]'}/${s.name || '[noName]'}.${s.namespace || '[noNs]'}`;
}

/** types.SourceSelector.String(): the id, the field path written, the options. */
function sourceString(source: JsonObject): string {
  const parts = [idString(selectorId(source))];
  if (typeof source.fieldPath === 'string' && source.fieldPath !== '') parts.push(source.fieldPath);
  const o = isObject(source.options) ? source.options : {};
  const delimiter = typeof o.delimiter === 'string' ? o.delimiter : '';
  if (delimiter !== '' || o.create === true)
    parts.push(`${delimiter}(${typeof o.index === 'number' ? o.index : 0}), create=${o.create === true}`);
  return parts.join(':');
}

/** A selector's words for our messages: `ConfigMap \`app\``, `any kind \`app\``. */
function selectorWords(s: ResId): string {
  const what = s.kind ? s.kind : 'resource';
  const bits = [
    s.name ? `\`${clip(s.name)}\`` : '',
    s.group || s.version ? `of \`${[s.group, s.version].filter(Boolean).join('/')}\`` : '',
    s.namespace ? `in namespace \`${clip(s.namespace, 60)}\`` : '',
  ].filter(Boolean);
  return `${clip(what, 60)}${bits.length ? ` ${bits.join(' ')}` : ''}`;
}

/** kyaml's SmarterPathSplitter: `.`-separated, `\.` escapes, a `[k=v.w]` kept whole. */
export function splitPath(path: string): string[] {
  let ps = path.split('.');
  if (ps.length > 1 && ps[0] === '') ps = ps.slice(1);
  const split: string[] = [ps[0]];
  for (let i = 1; i < ps.length; i++) {
    const last = split.length - 1;
    if (split[last].endsWith('\\')) split[last] = `${split[last].slice(0, -1)}.${ps[i]}`;
    else split.push(ps[i]);
  }
  const out: string[] = [];
  for (let i = 0; i < split.length; i++) {
    const e = split[i];
    if (e.startsWith('[') && !e.endsWith(']')) {
      const bracketed = [e];
      while (i < split.length - 1) {
        i++;
        bracketed.push(split[i]);
        if (split[i].endsWith(']')) break;
      }
      const joined = bracketed.join('.');
      out.push(joined.includes('=') ? joined : joined.replace(/^\[+|\]+$/g, ''));
    } else out.push(e);
  }
  return out;
}

/** Go's strconv.Atoi on a path part (`+1`, `-2`, `007`). */
const atoi = (p: string): number | undefined => (/^[+-]?\d{1,15}$/.test(p) ? Number(p) : undefined);
const isListIndex = (p: string) => p.startsWith('[') && p.endsWith(']');

/** Why something is not reproduced (the resources it would change are marked, nothing is said). */
class NotSure {
  constructor(readonly why: string) {}
}
/** What kubectl stops with. */
class Fails {
  constructor(readonly kubectl: string) {}
}

/** A scalar's text as the YAML node holds it (its `Value`): a string as is, a number or bool written. */
function scalarText(v: Json): string | NotSure {
  if (typeof v === 'string') return v;
  if (typeof v === 'boolean') return String(v);
  if (typeof v === 'number')
    return Number.isSafeInteger(v) ? String(v) : new NotSure('a number whose written form is not known here');
  return new NotSure('a value that is not a scalar');
}

/** The source's value (yaml.Lookup: a path getter, no wildcard). */
function lookup(root: Json, parts: readonly string[]): Json | undefined | NotSure | Fails {
  let node: Json | undefined = root;
  for (const part of parts) {
    if (node === undefined || node === null) return undefined;
    const idx = atoi(part);
    if (idx !== undefined || part === '-') {
      if (idx !== undefined && idx < 0) return new Fails(`array index ${idx} cannot be negative`);
      if (!Array.isArray(node)) return new NotSure('an index into what is not a list');
      node = part === '-' ? node[node.length - 1] : node[idx!];
      continue;
    }
    if (part === '*') return new Fails('wildcard is not supported in PathGetter');
    if (isListIndex(part)) {
      const eq = part.indexOf('=');
      if (eq < 0) return new Fails('list path element must contain fieldName=fieldValue for element to match');
      const [name, value] = [part.slice(1, eq), part.slice(eq + 1, -1)];
      if (!Array.isArray(node)) return new NotSure('a list selector on what is not a list');
      let found: Json | undefined;
      for (const e of node) {
        const v = name === '' ? e : isObject(e) ? e[name] : undefined;
        if (v === undefined || v === null || typeof v === 'object') continue;
        const t = scalarText(v);
        if (t instanceof NotSure) return t;
        if (t === value) {
          found = e;
          break;
        }
      }
      node = found;
      continue;
    }
    if (!isObject(node)) return wrongKind('MappingNode', node);
    node = Object.hasOwn(node, part) ? node[part] : undefined;
  }
  return node;
}

/** A field's value by its path (kyaml's Lookup), as vars.ts reads it: `missing`, or not decided here. */
export function fieldValue(root: Json, parts: readonly string[]): { value: Json } | 'missing' | 'unsure' {
  const got = lookup(root, parts);
  if (got instanceof NotSure) return 'unsure';
  if (got instanceof Fails || got === undefined) return 'missing';
  return { value: got };
}

/** A field of the value (a map entry or a list item) a target path reaches. */
interface Ref {
  holder: JsonObject | Json[];
  key: string | number;
}
const get = (r: Ref): Json | undefined =>
  Array.isArray(r.holder) ? r.holder[r.key as number] : (r.holder as JsonObject)[r.key as string];
const set = (r: Ref, v: Json) => {
  if (Array.isArray(r.holder)) r.holder[r.key as number] = v;
  else (r.holder as JsonObject)[r.key as string] = v;
};

/** A scalar the transformer creates (no tag: its text is read as YAML reads a plain scalar). */
const CREATED = '\u0000created';

/** The kind of node a path creates at a part, by the part after it (kyaml's getPathPartKind). */
function created(next: string | undefined, leaf: 'scalar' | 'map' | 'list'): Json {
  if (next === undefined) return leaf === 'scalar' ? CREATED : leaf === 'map' ? {} : [];
  if (isListIndex(next) || (atoi(next) ?? -1) >= 0) return [];
  return {};
}

/**
 * Whether a list selector's pattern matches an element's field, as kyaml matches it: an unanchored Go pattern
 * against the field written as YAML, where a string may be quoted (its style, which a JSON value does not
 * hold). Undefined where the quotes would change the answer.
 */
function matchesWritten(re: { test(s: string): boolean }, v: string | number | boolean): boolean | undefined {
  const t = String(v);
  const plain = re.test(t);
  if (typeof v !== 'string') return plain;
  return re.test(`"${t}"`) === plain && re.test(`'${t}'`) === plain ? plain : undefined;
}

/** The fields a target path reaches (kyaml's PathMatcher, creating what is missing when `create`). */
function match(
  at: Ref,
  parts: readonly string[],
  create: 'scalar' | 'map' | 'list' | undefined,
  out: Ref[],
): NotSure | Fails | undefined {
  if (parts.length === 0) {
    out.push(at);
    return undefined;
  }
  const node = get(at);
  const [part, next] = [parts[0], parts[1] as string | undefined];
  if (node === null || node === undefined) return new NotSure('a `null` on the way of a target path');
  const idx = atoi(part);
  if (idx !== undefined && idx >= 0) {
    if (!Array.isArray(node)) return wrongKind('SequenceNode', node);
    if (idx === node.length && create) node.push(created(next, create));
    if (idx >= node.length) return new Fails(`index ${idx} specified but only ${node.length} elements found`);
    return match({ holder: node, key: idx }, parts.slice(1), create, out);
  }
  if (isListIndex(part)) {
    const eq = part.indexOf('=');
    if (eq < 0) return new Fails('list path element must contain fieldName=fieldValue for element to match');
    if (!Array.isArray(node)) return wrongKind('SequenceNode', node);
    const [name, pattern] = [part.slice(1, eq), part.slice(eq + 1, -1)];
    const re = compileGoRegexp(pattern);
    if (isRegexpError(re)) return new Fails(re.error);
    const before = out.length;
    for (const [i, e] of node.entries()) {
      const v = name === '' ? e : isObject(e) ? e[name] : undefined;
      if (v === undefined) continue;
      if (v === null || typeof v === 'object') return new NotSure('a list selector on a field that is not a scalar');
      if (typeof v === 'number' && !Number.isSafeInteger(v))
        return new NotSure('a number whose written form is not known here');
      const hit = matchesWritten(re, v);
      if (hit === undefined) return new NotSure('a list selector whose match depends on how the value is quoted');
      if (!hit) continue;
      if (name === '') out.push({ holder: node, key: i });
      else {
        const r = match({ holder: node, key: i }, parts.slice(1), create, out);
        if (r) return r;
      }
    }
    if (out.length > before || !create) return undefined;
    // Created: `{name: value}` (or the value), its text read as a plain scalar.
    const value = resolvePlain(pattern);
    if (typeof value !== 'string') return new NotSure('a created list item whose name is not a plain string');
    node.push(name === '' ? value : { [name]: value });
    return match(at, parts, create, out);
  }
  if (part === '*') {
    if (!Array.isArray(node)) return wrongKind('SequenceNode', node);
    for (const i of node.keys()) {
      const r = match({ holder: node, key: i }, parts.slice(1), create, out);
      if (r) return r;
    }
    return undefined;
  }
  if (!isObject(node)) return wrongKind('MappingNode', node);
  if (!Object.hasOwn(node, part)) {
    if (!create) return undefined;
    node[part] = created(next, create);
  }
  return match({ holder: node, key: part }, parts.slice(1), create, out);
}

/**
 * A plain scalar's value as YAML reads it (what kubectl's output of a created, untagged scalar reads as):
 * NotSure where YAML 1.1 and 1.2 read it differently or the number's form is not plain.
 */
function resolvePlain(text: string): Json | NotSure {
  if (/^(?:true|True|TRUE|false|False|FALSE)$/.test(text)) return /^t/i.test(text);
  if (/^(?:null|Null|NULL|~)$/.test(text)) return null;
  if (text === '') return new NotSure('an empty created value');
  if (/^[-+]?(?:0|[1-9]\d*)$/.test(text)) {
    const n = Number(text);
    return Number.isSafeInteger(n) ? n : new NotSure('a large number');
  }
  if (/^[-+]?(?:\.?\d|0[xXoObB]|\.(?:inf|Inf|INF|nan|NaN|NAN)$)/.test(text)) return new NotSure('a number-like value');
  if (/^(?:y|Y|yes|Yes|YES|n|N|no|No|NO|on|On|ON|off|Off|OFF)$/.test(text))
    return new NotSure('a YAML 1.1 boolean word');
  return text;
}

/** The value written into one target field (setFieldValue): a scalar keeps its type, the rest is replaced. */
function write(ref: Ref, value: Json, options: JsonObject): NotSure | Fails | undefined {
  const target = get(ref);
  // A `null` keeps its tag when only its text is set: what kubectl then writes is not reproduced.
  if (target === null) return new NotSure('a `null` target field');
  let text: string | undefined;
  const delimiter = typeof options.delimiter === 'string' ? options.delimiter : '';
  if (delimiter !== '') {
    if (target !== CREATED && (typeof target === 'object' || target === undefined))
      return new Fails('delimiter option can only be used with scalar nodes');
    if (typeof target !== 'string') return new NotSure('a delimiter on a value that is not a string');
    const v = scalarText(value);
    if (v instanceof NotSure) return v;
    const index = typeof options.index === 'number' ? options.index : 0;
    const parts = target === CREATED ? [''] : target.split(delimiter);
    if (index < 0) parts.unshift(v);
    else if (index >= parts.length) parts.push(v);
    else parts[index] = v;
    text = parts.join(delimiter);
  }
  if (target === CREATED) {
    if (text === undefined && (typeof value === 'object' || value === null)) {
      set(ref, structuredClone(value));
      return undefined;
    }
    const t = text ?? scalarText(value);
    if (t instanceof NotSure) return t;
    const v = resolvePlain(t);
    if (v instanceof NotSure) return v;
    set(ref, v);
    return undefined;
  }
  if (target === null || typeof target === 'object') {
    set(ref, text !== undefined ? text : structuredClone(value));
    return undefined;
  }
  // A scalar: only its text changes, its tag stays (an int given "5" stays an int; a string given 5, "5").
  const t = text ?? scalarText(value);
  if (t instanceof NotSure) return t;
  if (typeof target === 'string') set(ref, t);
  else if (typeof target === 'boolean') {
    if (t !== 'true' && t !== 'false') return new NotSure('a boolean field given what is not a boolean');
    set(ref, t === 'true');
  } else {
    if (!/^-?(?:0|[1-9]\d{0,14})$/.test(t)) return new NotSure('a number field given what is not an integer');
    set(ref, Number(t));
  }
  return undefined;
}

/** The resources one source or target selector may name, for a near name in a message. */
const namesOfKind = (rs: readonly ReplacementResource[], kind: string): string[] => [
  ...new Set(rs.filter((r) => !kind || r.value.kind === kind).map((r) => str(meta(r.value).name) ?? '')),
];

/**
 * Runs the replacements of a kustomization (each an inline entry or one read from a `path:` file, in
 * order) on its resources. `unsureBuild`: the build asks for what is not rendered (or a resource entry was
 * not read): a failure is then not certain.
 */
export function runReplacements(
  resources: readonly ReplacementResource[],
  entries: readonly Json[],
  unsureBuild: boolean,
): ReplacementResult {
  const values = resources.map((r) => r.value);
  const unsure = resources.map(() => undefined as string | undefined);
  const writer = resources.map(() => undefined as number | undefined);
  const copied = new Set<number>();
  const current = (): ReplacementResource[] =>
    resources.map((r, i) => ({ ...r, value: values[i], unsure: r.unsure ?? unsure[i] }));
  let work = 0;
  // What is wrong, kubectl's words, then what to write.
  const fail = (
    entry: number,
    pointer: string,
    kubectl: string,
    what: string,
    advice: string,
    sure = true,
    suggest?: string,
  ) => ({
    values,
    unsure,
    writer,
    failure: {
      entry,
      pointer,
      kubectl,
      message: `${what}: \`kubectl kustomize\` stops with "${clip(kubectl, 300)}". ${advice}`,
      unsure: unsureBuild || !sure,
      ...(suggest !== undefined ? { suggest } : {}),
    },
  });
  for (const [e, r] of entries.entries()) {
    if (!isObject(r) || !isObject(r.source) || r.targets === undefined || r.targets === null)
      return fail(
        e,
        '',
        'replacements must specify a source and at least one target',
        'A replacement without a `source` or `targets`',
        'Give it a `source` (the resource and field to read) and `targets` (where to write it).',
      );
    // Bounded: replacements × resources (each replacement reads every resource once at least).
    if (work + resources.length > MAX_REPLACEMENT_WORK) {
      unsureAll(e, 'the work past its bound');
      return { values, unsure, writer, capped: true };
    }
    const source = r.source;
    const sel = selectorId(source);
    // The source: exactly one resource, by any id it has had.
    const found: number[] = [];
    const now = current();
    for (const [i, res] of now.entries()) {
      work++;
      if (idsOf(res).some((id) => selectedBy(id, sel))) found.push(i);
      if (found.length > 1) break;
    }
    const at = sel.name ? '/source/name' : sel.kind ? '/source/kind' : '/source';
    if (found.length === 0) {
      const near = sel.name ? nearest(sel.name, namesOfKind(now, sel.kind)) : undefined;
      return fail(
        e,
        at,
        `nothing selected by ${sourceString(source)}`,
        `The replacement's source selects nothing: no ${selectorWords(sel)} in what this kustomization renders`,
        near ? `Did you mean \`${clip(near)}\`?` : 'Name a resource it renders.',
        true,
        near,
      );
    }
    if (found.length > 1)
      return fail(
        e,
        at,
        `multiple matches for selector ${sourceString(source)}`,
        `The replacement's source selects more than one resource (${found
          .map((i) => `${String(values[i].kind)} \`${clip(str(meta(values[i]).name) ?? '', 60)}\``)
          .join(', ')})`,
        'It must name exactly one: add its `kind`, `name` or `namespace`.',
        !now[found[0]].unsure && !now[found[1]].unsure,
      );
    const src = now[found[0]];
    const fieldPath =
      typeof source.fieldPath === 'string' && source.fieldPath !== '' ? source.fieldPath : 'metadata.name';
    const fpAt = typeof source.fieldPath === 'string' ? '/source/fieldPath' : at;
    const got = lookup(src.value, splitPath(fieldPath));
    const srcName = `${String(src.value.kind)} \`${clip(str(meta(src.value).name) ?? '')}\``;
    if (got instanceof Fails)
      return fail(
        e,
        fpAt,
        `error looking up replacement source: ${got.kubectl}`,
        `The source's \`fieldPath\` \`${clip(fieldPath)}\` cannot be read in ${srcName}`,
        'Write a path of fields (`spec.x`), list items (`[name=value]`, an index).',
        !src.unsure,
      );
    if (got instanceof NotSure) {
      unsureAll(e, got.why);
      continue;
    }
    if (
      got === undefined ||
      got === null ||
      (Array.isArray(got) && got.length === 0) ||
      (isObject(got) && Object.keys(got).length === 0)
    )
      return fail(
        e,
        fpAt,
        `fieldPath \`${fieldPath}\` is missing for replacement source ${idString(sel)}`,
        `${srcName} has no \`${clip(fieldPath)}\` (or it is empty), the replacement's source field`,
        'Correct the `fieldPath`, or give the source that field.',
        !src.unsure,
      );
    let value: Json = got;
    const sopts = isObject(source.options) ? source.options : {};
    if (typeof sopts.delimiter === 'string' && sopts.delimiter !== '') {
      const optAt = '/source/options/delimiter';
      if (typeof value === 'object')
        return fail(
          e,
          optAt,
          'delimiter option can only be used with scalar nodes',
          `The source's \`${clip(fieldPath)}\` is not a scalar, and a \`delimiter\` splits a string`,
          'Read a string field, or remove the `delimiter`.',
          !src.unsure,
        );
      const text = scalarText(value);
      if (text instanceof NotSure) {
        unsureAll(e, text.why);
        continue;
      }
      const split = text.split(sopts.delimiter);
      const index = typeof sopts.index === 'number' ? sopts.index : 0;
      if (index < 0 || index >= split.length)
        return fail(
          e,
          typeof sopts.index === 'number' ? '/source/options/index' : optAt,
          `options.index ${index} is out of bounds for value ${text}`,
          `\`index: ${index}\` is past the parts of \`${clip(text)}\` split at \`${clip(sopts.delimiter, 20)}\``,
          `It has ${split.length} part${split.length === 1 ? '' : 's'}: write an index from 0 to ${split.length - 1}.`,
          !src.unsure,
        );
      value = typeof value === 'string' ? split[index] : split[index];
      // A number or bool's part is a string node of that tag: not reproduced.
      if (typeof got !== 'string') {
        unsureAll(e, 'a delimiter on a value that is not a string');
        continue;
      }
    }
    const targets = Array.isArray(r.targets) ? r.targets : [];
    for (const [t, target] of targets.entries()) {
      const tAt = `/targets/${t}`;
      if (!isObject(target) || !isObject(target.select))
        return fail(
          e,
          tAt,
          'target must specify resources to select',
          'A replacement target without `select`',
          'Add `select:` naming the resources to write into (`kind`, `name`…).',
        );
      const select = selectorId(target.select);
      const labels = selectorTest(target.select);
      const rejects = (Array.isArray(target.reject) ? target.reject : []).filter(isObject).map((j) => ({
        id: selectorId(j),
        test: selectorTest(j),
        // A reject by selectors only where one is written (an empty one is none, to Kustomize).
        bySelector:
          (typeof j.labelSelector === 'string' && j.labelSelector !== '') ||
          (typeof j.annotationSelector === 'string' && j.annotationSelector !== ''),
      }));
      if (labels === undefined || rejects.some((j) => j.test === undefined)) {
        unsureAll(e, 'a label or annotation selector not read here');
        break;
      }
      const paths =
        Array.isArray(target.fieldPaths) && target.fieldPaths.length > 0
          ? target.fieldPaths.map((p) => (typeof p === 'string' ? p : String(p)))
          : ['metadata.name'];
      const topts = isObject(target.options) ? target.options : {};
      const create = topts.create === true;
      const leaf: 'scalar' | 'map' | 'list' = Array.isArray(value) ? 'list' : isObject(value) ? 'map' : 'scalar';
      for (const [i, res] of current().entries()) {
        if (++work > MAX_REPLACEMENT_WORK) {
          unsureAll(e, 'the work past its bound');
          return { values, unsure, writer, capped: true };
        }
        if (!labels(res.value) || rejects.some((j) => j.bySelector && j.test!(res.value))) continue;
        const ids = idsOf(res);
        if (rejects.some((j) => !isEmptyId(j.id) && ids.some((id) => selectedBy(id, j.id)))) continue;
        if (!ids.some((id) => selectedBy(id, select))) continue;
        // Written into a copy (once per resource: the values handed in are never changed).
        if (!copied.has(i)) {
          values[i] = structuredClone(values[i]);
          copied.add(i);
        }
        const resName = `${String(values[i].kind)} \`${clip(str(meta(values[i]).name) ?? '')}\``;
        for (const [p, path] of paths.entries()) {
          const pAt = Array.isArray(target.fieldPaths) ? `${tAt}/fieldPaths/${p}` : tAt;
          const refs: Ref[] = [];
          const holder = { v: values[i] as Json };
          const m = match(
            { holder: holder as unknown as JsonObject, key: 'v' },
            splitPath(path),
            create ? leaf : undefined,
            refs,
          );
          values[i] = holder.v as JsonObject;
          const sure = !res.unsure;
          if (m instanceof Fails || (m === undefined && refs.length === 0)) {
            const kubectl = create
              ? `unable to find or create field "${path}" in replacement target`
              : `unable to find field "${path}" in replacement target`;
            return fail(
              e,
              pAt,
              m instanceof Fails ? `${kubectl}: ${m.kubectl}` : kubectl,
              `${resName} has no \`${clip(path)}\`, the replacement's target field`,
              create || m instanceof Fails
                ? 'Correct the path.'
                : 'Correct the path, or add `options: {create: true}` to the target to add the field.',
              sure,
            );
          }
          if (m instanceof NotSure) {
            unsure[i] ??= `a replacement not reproduced here: ${m.why}`;
            continue;
          }
          writer[i] = e;
          for (const ref of refs) {
            const w = write(ref, value, topts);
            if (w instanceof Fails)
              return fail(
                e,
                isObject(target.options) ? `${tAt}/options/delimiter` : pAt,
                w.kubectl,
                `${resName}'s \`${clip(path)}\` is not a scalar, and a \`delimiter\` replaces a part of a string`,
                'Write into a string field, or remove the `delimiter`.',
                sure,
              );
            if (w instanceof NotSure) unsure[i] ??= `a replacement not reproduced here: ${w.why}`;
          }
          if (containsCreated(values[i])) unsure[i] ??= 'a replacement not reproduced here';
        }
      }
    }
  }
  return { values, unsure, writer };

  /** A replacement not reproduced: every resource its targets may select is marked not sure. */
  function unsureAll(_entry: number, why: string): void {
    for (const i of values.keys()) unsure[i] ??= `a replacement not reproduced here: ${why}`;
  }
}

/** Whether a created scalar was left without a value (a path created where no value was then written). */
function containsCreated(v: Json, budget = { n: 10_000 }): boolean {
  if (budget.n-- <= 0) return false;
  if (v === CREATED) return true;
  if (Array.isArray(v)) return v.some((x) => containsCreated(x, budget));
  if (isObject(v)) return Object.values(v).some((x) => containsCreated(x, budget));
  return false;
}

/** A selector's label and annotation selectors as one test (undefined: one does not parse here). */
function selectorTest(s: JsonObject): ((r: JsonObject) => boolean) | undefined {
  const l = labelSelector(s.labelSelector);
  const a = labelSelector(s.annotationSelector);
  if (!l || !a) return undefined;
  return (r) => {
    const m = meta(r);
    return l(isObject(m.labels) ? m.labels : {}) && a(isObject(m.annotations) ? m.annotations : {});
  };
}

/** A kustomization's replacements, those of its `path:` files read in their place (the plugin's Config). */
export interface ReplacementEntries {
  entries: { value: Json; item: number; fromFile: boolean }[];
  /** What kubectl refuses while reading them: the item and the pointer in it. */
  failure?: { item: number; pointer: string; kubectl: string; message: string };
  /** A `path:` file not read (missing: told by buildErrors.ts) or not parsed here: the rest is not sure. */
  unread?: boolean;
}

/** Replacement entries read from a file, at most (a cap on the work: past it, not rendered). */
const MAX_FILE_ENTRIES = 10_000;

export function replacementEntries(
  list: readonly Json[],
  read: (path: string) => string | undefined,
): ReplacementEntries {
  const entries: ReplacementEntries['entries'] = [];
  for (const [item, r] of list.entries()) {
    if (!isObject(r)) return { entries, unread: true };
    const path = typeof r.path === 'string' ? r.path : '';
    if (path === '') {
      entries.push({ value: r, item, fromFile: false });
      continue;
    }
    if (r.source !== undefined && r.source !== null ? true : Array.isArray(r.targets) && r.targets.length > 0)
      return {
        entries,
        failure: {
          item,
          pointer: '/path',
          kubectl: 'cannot specify both path and inline replacement',
          message:
            'A replacement with both a `path:` and its own `source` or `targets`: `kubectl kustomize` stops with "cannot specify both path and inline replacement". Write one or the other.',
        },
      };
    const text = read(path);
    if (text === undefined) return { entries, unread: true };
    const docs = parseAllDocuments(text);
    const doc = docs.length === 1 ? docs[0] : undefined;
    if (!doc || !('toJS' in doc) || doc.errors.length > 0) return { entries, unread: true };
    let value: Json;
    try {
      value = (doc.toJS({ maxAliasCount: 100 }) ?? null) as Json;
    } catch {
      return { entries, unread: true };
    }
    if (Array.isArray(value)) {
      if (value.length > MAX_FILE_ENTRIES) return { entries, unread: true };
      for (const v of value) entries.push({ value: canonicalReplacement(v) as Json, item, fromFile: true });
    } else if (isObject(value)) entries.push({ value: canonicalReplacement(value) as Json, item, fromFile: true });
    else {
      const kind =
        value === null
          ? 'invalid'
          : typeof value === 'string'
            ? 'string'
            : typeof value === 'boolean'
              ? 'bool'
              : 'float64';
      return {
        entries,
        failure: {
          item,
          pointer: '/path',
          kubectl: `unsupported replacement type encountered within replacement path: ${kind}`,
          message: `\`${clip(path)}\` holds neither a replacement (a map) nor a list of them: \`kubectl kustomize\` stops with "unsupported replacement type encountered within replacement path: ${kind}". Write a replacement, or a list of them, in it.`,
        },
      };
    }
  }
  return { entries };
}
