// `configMapGenerator` and `secretGenerator` as Kustomize (v5.5.0) runs them: each entry makes a ConfigMap or
// Secret from its sources (env files' lines, then literals, then files: api/kv), with the labels and
// annotations of its options and the kustomization's `generatorOptions`; `behavior: merge|replace` changes
// the one a base generated. The name gets Kustomize's content hash as a suffix (api/hasher: SHA-256 of a
// canonical JSON encoding, ten characters) at the end of the whole build, unless `disableNameSuffixHash`.
// An entry whose sources are not all read here is not made (the build is then unsure).
import { sha256Hex } from '../../core/sha256';
import type { Json, JsonObject } from './jsonPatch';
import { resolveFrom } from './kustomization';

const isObject = (v: Json | undefined): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);
const strings = (v: Json | undefined): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
const stringMap = (v: Json | undefined): Record<string, string> => {
  const out: Record<string, string> = {};
  if (isObject(v)) for (const [k, x] of Object.entries(v)) if (x !== null) out[k] = String(x);
  return out;
};

export interface Generated {
  /** The entry's index in its list (`configMapGenerator` or `secretGenerator`). */
  list: 'configMapGenerator' | 'secretGenerator';
  index: number;
  behavior: 'create' | 'merge' | 'replace';
  value: JsonObject;
  /** Its name gets the content hash at the end of the build. */
  hash: boolean;
}

/** A literal's quotes as Kustomize removes them (both ends the same quote). */
const unquote = (s: string) =>
  s.length >= 2 && s[0] === s[s.length - 1] && (s[0] === '"' || s[0] === "'") ? s.slice(1, -1) : s;

/**
 * An env file's pairs (api/kv keyValuesFromLines): blank lines and comments skipped, `KEY` alone is empty, a
 * line with nothing before its `=` skipped. kubectl's validator checks no key (its IsEnvVarName is a no-op):
 * `1BAD` or `A KEY` are kept as written.
 */
function envPairs(text: string): [string, string][] | undefined {
  const out: [string, string][] = [];
  text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .forEach((raw) => {
      const line = raw.replace(/^\s+/, '');
      if (line === '' || line.startsWith('#')) return;
      const at = line.indexOf('=');
      if (at === 0) return;
      out.push(at < 0 ? [line, ''] : [line.slice(0, at), line.slice(at + 1)]);
    });
  return out;
}

/** Base64 of a string's UTF-8 bytes (a Secret's data), pure. */
function base64(s: string): string {
  const bytes = new TextEncoder().encode(s);
  const abc = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i] << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    out += abc[(n >> 18) & 63] + abc[(n >> 12) & 63];
    out += i + 1 < bytes.length ? abc[(n >> 6) & 63] : '=';
    out += i + 2 < bytes.length ? abc[n & 63] : '=';
  }
  return out;
}

/**
 * The ConfigMaps and Secrets a kustomization's generators make, in Kustomize's order, and whether an entry
 * could not be made here (a source not read, a key Kustomize refuses: its own checks say so).
 */
export function generate(
  k: JsonObject,
  uri: string,
  read: (uri: string) => string | undefined,
): { made: Generated[]; unsure: boolean } {
  const made: Generated[] = [];
  let unsure = false;
  const global = isObject(k.generatorOptions) ? k.generatorOptions : {};
  for (const list of ['configMapGenerator', 'secretGenerator'] as const) {
    const entries = Array.isArray(k[list]) ? k[list] : [];
    entries.forEach((e, index) => {
      if (!isObject(e) || typeof e.name !== 'string') {
        unsure = true;
        return;
      }
      const pairs: [string, string][] = [];
      for (const p of [...strings(e.envs), ...(typeof e.env === 'string' ? [e.env] : [])]) {
        const at = resolveFrom(uri, p);
        const text = at === undefined ? undefined : read(at);
        const got = text === undefined ? undefined : envPairs(text);
        if (!got) return void (unsure = true);
        for (const x of got) pairs.push(x);
      }
      for (const l of strings(e.literals)) {
        const at = l.indexOf('=');
        if (at <= 0) return void (unsure = true);
        pairs.push([l.slice(0, at), unquote(l.slice(at + 1))]);
      }
      for (const f of strings(e.files)) {
        const at = f.indexOf('=');
        const path = at < 0 ? f : f.slice(at + 1);
        const key = at < 0 ? path.slice(path.lastIndexOf('/') + 1) : f.slice(0, at);
        const file = resolveFrom(uri, path);
        const text = file === undefined ? undefined : read(file);
        if (text === undefined || key === '') return void (unsure = true);
        pairs.push([key, text]);
      }
      // Keys repeated (buildErrors.ts reports those): not made here. kubectl refuses no key for its characters
      // (api/internal/validate's ErrIfInvalidKey is a no-op); the API server does, the ConfigMap's own check says.
      const data: Record<string, string> = {};
      for (const [key, v] of pairs) {
        if (Object.hasOwn(data, key)) return void (unsure = true);
        data[key] = v;
      }
      const local = isObject(e.options) ? e.options : {};
      // Kustomize merges the global options into the entry's: its maps over the entry's, its flags or'ed.
      const labels = { ...stringMap(local.labels), ...stringMap(global.labels) };
      const annotations = { ...stringMap(local.annotations), ...stringMap(global.annotations) };
      const immutable = local.immutable === true || global.immutable === true;
      const hash = !(local.disableNameSuffixHash === true || global.disableNameSuffixHash === true);
      const secret = list === 'secretGenerator';
      const metadata: JsonObject = { name: e.name };
      if (typeof e.namespace === 'string' && e.namespace !== '') metadata.namespace = e.namespace;
      if (Object.keys(labels).length > 0) metadata.labels = labels;
      if (Object.keys(annotations).length > 0) metadata.annotations = annotations;
      const value: JsonObject = { apiVersion: 'v1', kind: secret ? 'Secret' : 'ConfigMap', metadata };
      if (pairs.length > 0)
        value.data = secret ? Object.fromEntries(Object.entries(data).map(([x, v]) => [x, base64(v)])) : data;
      if (secret) value.type = typeof e.type === 'string' && e.type !== '' ? e.type : 'Opaque';
      if (immutable) value.immutable = true;
      const behavior = e.behavior === 'merge' || e.behavior === 'replace' ? e.behavior : 'create';
      made.push({ list, index, behavior, value, hash });
    });
  }
  return { made, unsure };
}

/** A generated resource merged into the one a base made (`behavior: merge`): data and metadata maps merged. */
export function mergeGenerated(base: JsonObject, over: JsonObject): JsonObject {
  const bm = isObject(base.metadata) ? base.metadata : {};
  const om = isObject(over.metadata) ? over.metadata : {};
  const metadata: JsonObject = { ...bm };
  for (const key of ['labels', 'annotations'] as const)
    if (isObject(om[key])) metadata[key] = { ...(isObject(bm[key]) ? bm[key] : {}), ...om[key] };
  const out: JsonObject = { ...base, metadata };
  if (isObject(over.data)) out.data = { ...(isObject(base.data) ? base.data : {}), ...over.data };
  return out;
}

/** Go's encoding/json of a value: map keys sorted, `<`, `>`, `&`, U+2028 and U+2029 escaped as Go does. */
function goJson(v: Json): string {
  if (isObject(v))
    return `{${Object.keys(v)
      .sort()
      .map((key) => `${goJson(key)}:${goJson(v[key])}`)
      .join(',')}}`;
  if (Array.isArray(v)) return `[${v.map(goJson).join(',')}]`;
  if (typeof v !== 'string') return JSON.stringify(v);
  return JSON.stringify(v).replace(/[<>&\u2028\u2029\b\f]/g, (c) =>
    c === '\b' ? '\\u0008' : c === '\f' ? '\\u000c' : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** Kustomize's suffix for a ConfigMap or Secret (api/hasher): its content hashed, ten characters (checked with kubectl). */
export function nameHash(r: JsonObject): string {
  // Kustomize looks the name up as one field called `metadata/name`, which no resource has: its hash
  // encodes the name as empty (so two generators with the same content get the same suffix).
  const name = '';
  const of = (k: string): Json => (r[k] === undefined ? '' : r[k]);
  const encoded: JsonObject =
    r.kind === 'Secret'
      ? { kind: 'Secret', type: of('type'), name, data: of('data') }
      : { kind: 'ConfigMap', name, data: of('data') };
  if (r.kind === 'Secret' && isObject(r.stringData)) encoded.stringData = r.stringData;
  if (r.kind !== 'Secret' && isObject(r.binaryData)) encoded.binaryData = r.binaryData;
  const hex = sha256Hex(goJson(encoded)).slice(0, 10);
  return hex.replace(/[013ae]/g, (c) => ({ '0': 'g', '1': 'h', '3': 'k', a: 'm', e: 't' })[c]!);
}
