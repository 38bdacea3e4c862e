// A strategic-merge patch on a resource of Kubernetes' own kinds as `kubectl kustomize` (v5) applies it: not
// the API server's strategic merge, but kyaml's merge2 walk (sigs.k8s.io/kustomize/kyaml/yaml/walk and
// yaml/merge2), whose behaviour this follows step by step:
// - maps merge key by key; `null` in the patch deletes; `$patch: delete` removes the map, `$patch: replace`
//   puts the patch's map in its place; no other `$` key is read (`$setElementOrder/…`, `$retainKeys`,
//   `$deleteFromPrimitiveList/…` land in the output as written, which is what kubectl prints);
// - a list whose schema has a patch strategy with `merge` is merged by its keys (`x-kubernetes-list-map-keys`
//   where the schema has them, else `x-kubernetes-patch-merge-key`; a list of scalars as a set): the
//   patch's elements first, in its order, then the resource's others, each element merged with its match;
//   an element merged to nothing (`$patch: delete`) is dropped; `{$patch: replace}` / `{$patch: delete}`
//   as an element directs the whole list;
// - any other list is replaced by the patch's.
// The schema is Kustomize's own bundle (Kubernetes 1.21.2: model/kube/kustomizeMerge.ts), whatever release
// is targeted: a kind the bundle lacks is merged without one (every list replaced).
// What the walk does that is not reproduced here with certainty (a list element lacking one of its merge
// keys, repeated keys, kinds that disagree between the resource and the patch, an unknown `$patch`) makes
// the result `unsure`: the rendered resource is then not checked whole (renderedDiagnostics.ts).
import { kustomizeKindDef, kustomizeProp } from '../../../model/kube/kustomizeMerge';
import type { Json, JsonObject } from './jsonPatch';

/** Where each value of a resource was written, by JSON pointer (render.ts's Origins). */
type OriginsOf<O> = Map<string, O>;

export interface StrategicResult<O> {
  /** The merged resource; undefined: `$patch: delete` removed it. */
  value: JsonObject | undefined;
  origins: OriginsOf<O>;
  /** Why the result may differ from kubectl's (undefined: it is what kubectl prints). */
  unsure?: string;
}

/** What the walk knows of a value's place in the schema: the definition of a map, the strategy of a list. */
interface Schema {
  def: string;
  strategy: string;
  keys: readonly string[];
}

const NONE: Schema = { def: '', strategy: '', keys: [] };
const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);
const escape = (k: string) => k.replace(/~/g, '~0').replace(/\//g, '~1');
/** Deeper than this the walk stops (a value nested without end is not a manifest). */
const MAX_DEPTH = 200;
/** A pointer no origin has: the value is the patch's own (merged with itself), not the resource's. */
const NOWHERE = '\u0000';

const fieldSchema = (s: Schema, key: string): Schema => {
  if (!s.def) return NONE;
  const p = kustomizeProp(s.def, key);
  return p ? { def: p[0], strategy: p[1], keys: p[2] } : NONE;
};
const itemSchema = (s: Schema): Schema => ({ def: s.def, strategy: '', keys: [] });
const merges = (s: Schema): boolean => s.strategy.split(',').includes('merge');

/** The kind of a YAML node a value is, as the walk compares them. */
const kindOf = (v: Json): 'map' | 'list' | 'scalar' => (Array.isArray(v) ? 'list' : isObject(v) ? 'map' : 'scalar');

/** A scalar as its YAML text (a key's value, compared as a string: `80` and `"80"` are one). */
const scalarText = (v: Json | undefined): string =>
  v === undefined || v === null || typeof v === 'object' ? '' : String(v);

/** Pointers of the merge: where a value is in the resource, in the patch, in the result. */
interface At {
  d: string;
  p: string;
  out: string;
}

class Walk<O> {
  unsure?: string;
  readonly out: OriginsOf<O> = new Map();
  constructor(
    private readonly base: OriginsOf<O>,
    private readonly patch: OriginsOf<O>,
    private readonly keep: (pointer: string) => boolean,
  ) {}

  doubt(why: string): void {
    this.unsure ??= why;
  }

  /** The origins of a value taken whole from the resource or the patch. */
  copy(v: Json, from: OriginsOf<O>, at: string, to: string, depth: number): void {
    const o = from.get(at);
    if (o !== undefined) this.out.set(to, o);
    if (depth > MAX_DEPTH) return;
    if (Array.isArray(v)) v.forEach((x, i) => this.copy(x, from, `${at}/${i}`, `${to}/${i}`, depth + 1));
    else if (isObject(v))
      for (const [k, x] of Object.entries(v)) this.copy(x, from, `${at}/${escape(k)}`, `${to}/${escape(k)}`, depth + 1);
  }

  /** The origin of a merged node: the patch's where it writes it, else the resource's. */
  mark(at: At, fromPatch: boolean): void {
    const o = fromPatch && this.keep(at.out) ? this.patch.get(at.p) : undefined;
    const b = o ?? this.base.get(at.d) ?? (fromPatch ? this.patch.get(at.p) : undefined);
    if (b !== undefined) this.out.set(at.out, b);
  }

  /** One node: `d` the resource's, `p` the patch's (undefined: absent). */
  node(d: Json | undefined, p: Json | undefined, s: Schema, at: At, depth: number): Json | undefined {
    if (depth > MAX_DEPTH) {
      this.doubt('nested too deep');
      return p ?? d;
    }
    // A `null` in the patch clears the field, whatever it held.
    if (p === null) return undefined;
    if (d === null && p === undefined) {
      // kyaml keeps `key: null` / `key: ~` (a persistent null) but drops `key:` written empty: the parsed
      // value does not say which was written.
      this.doubt('a null value the patch leaves (kubectl keeps or drops it by how it is written)');
      this.copy(d, this.base, at.d, at.out, depth);
      return null;
    }
    const dest = d === null ? undefined : d;
    if (dest === undefined && p === undefined) return undefined;
    if (dest !== undefined && p !== undefined && kindOf(dest) !== kindOf(p)) {
      // kyaml stops ("wrong node kind"): the patch does not apply.
      this.doubt('the patch writes a map, list or scalar where the resource has another');
      this.copy(p, this.patch, at.p, at.out, depth);
      return p;
    }
    const kind = kindOf((dest ?? p)!);
    if (kind === 'map') return this.map(dest as JsonObject | undefined, p as JsonObject | undefined, s, at, depth);
    if (kind === 'list' && merges(s))
      return this.list(dest as Json[] | undefined, p as Json[] | undefined, s, at, depth);
    // A scalar, or a list not merged by key: the patch's replaces the resource's.
    if (p !== undefined) this.copy(p, this.patch, at.p, at.out, depth);
    else this.copy(dest!, this.base, at.d, at.out, depth);
    return p ?? dest;
  }

  /** A `$patch` directive of a map: the map without it, and what it says. */
  directive(p: JsonObject): { rest: JsonObject; says: string } {
    const v = p.$patch;
    if (v === undefined) return { rest: p, says: 'merge' };
    const { $patch: _, ...rest } = p;
    if (v !== 'delete' && v !== 'replace' && v !== 'merge') {
      this.doubt(`an unknown \`$patch: ${scalarText(v)}\``);
      return { rest, says: 'merge' };
    }
    return { rest, says: v };
  }

  map(d: JsonObject | undefined, p: JsonObject | undefined, s: Schema, at: At, depth: number): Json | undefined {
    let dest = d;
    let patch = p;
    let atD = at.d;
    if (p !== undefined) {
      const { rest, says } = this.directive(p);
      if (says === 'delete') return undefined;
      patch = rest;
      // No map in the resource, or `replace`: the patch's map is the result, merged with itself.
      if (dest === undefined || says === 'replace') {
        dest = rest;
        atD = NOWHERE;
      }
    }
    this.mark({ ...at, d: atD }, p !== undefined);
    const out: JsonObject = {};
    const keys = new Set(Object.keys(dest!));
    if (patch) for (const k of Object.keys(patch)) keys.add(k);
    for (const k of keys) {
      const e = `/${escape(k)}`;
      const v = this.node(
        dest![k],
        patch?.[k],
        fieldSchema(s, k),
        { d: `${atD}${e}`, p: `${at.p}${e}`, out: `${at.out}${e}` },
        depth + 1,
      );
      if (v !== undefined) out[k] = v;
    }
    return out;
  }

  /** A list merged by its keys (or, without keys, as a set of scalars). */
  list(d: Json[] | undefined, p: Json[] | undefined, s: Schema, at: At, depth: number): Json | undefined {
    let dest = d;
    let patch = p;
    if (dest === undefined) {
      // No list in the resource: the patch's is taken, then merged with itself (no directive read).
      if (p!.some((e) => isObject(e) && '$patch' in e)) this.doubt('a `$patch` element in a list the resource lacks');
      dest = p;
    } else if (p !== undefined) {
      const i = p.findIndex((e) => isObject(e) && '$patch' in e);
      const e = i >= 0 ? (p[i] as JsonObject) : undefined;
      if (e && Object.keys(e).length === 1) {
        const says = e.$patch;
        if (says === 'delete') return undefined;
        if (says !== 'replace' && says !== 'merge') this.doubt(`an unknown \`$patch: ${scalarText(says)}\``);
        // The directive element is taken out; `replace`: the patch's list is the result, merged with itself.
        const rest = p.filter((_, j) => j !== i);
        if (i !== p.length - 1) this.doubt('a `$patch` element not last in its list');
        patch = rest;
        if (says === 'replace') dest = rest;
      }
    }
    this.mark(dest === patch ? { ...at, d: NOWHERE } : at, p !== undefined);
    const base = dest!;
    const from = patch ?? [];
    // Merged with itself: every element is the patch's (its pointers are the patch's).
    const self = base === from;
    if (s.keys.length === 0) return this.set(self ? [] : base, from, at, depth);
    const tuple = (e: Json): string[] => s.keys.map((k) => (isObject(e) ? scalarText(e[k]) : ''));
    for (const e of self ? from : [...from, ...base]) if (!isObject(e)) this.doubt('a list element that is not a map');
    // The keys some element gives a value (kyaml's validateKeys); an element lacking one of them is matched
    // by kyaml in a way not reproduced here.
    const all = (self ? from : [...from, ...base]).map(tuple);
    const given = s.keys.map((_, i) => all.some((t) => t[i] !== ''));
    const used = given.some(Boolean) ? given : s.keys.map(() => true);
    const keyOf = (t: string[]) => t.filter((_, i) => used[i]).join('\u0000');
    if (all.some((t) => t.some((v, i) => used[i] && v === '')))
      this.doubt('a list element lacks one of its merge keys');
    const index = (list: Json[]): Map<string, number> => {
      const m = new Map<string, number>();
      list.forEach((e, i) => {
        const k = keyOf(tuple(e));
        if (m.has(k)) this.doubt('two elements of a list have the same merge key');
        else m.set(k, i);
      });
      return m;
    };
    const inPatch = index(from);
    const inBase = self ? new Map<string, number>() : index(base);
    // The patch's keys first, then the resource's others (kyaml's ListIncreaseDirection: prepend).
    const order = [...new Set([...inPatch.keys(), ...inBase.keys()])];
    const out: Json[] = [];
    for (const k of order) {
      const bi = inBase.get(k);
      const pi = inPatch.get(k);
      const pe = pi === undefined ? undefined : from[pi];
      const v = this.node(
        bi === undefined ? (self ? pe : undefined) : base[bi],
        pe,
        itemSchema(s),
        {
          d: bi === undefined ? NOWHERE : `${at.d}/${bi}`,
          p: pi === undefined ? NOWHERE : `${at.p}/${pi}`,
          out: `${at.out}/${out.length}`,
        },
        depth + 1,
      );
      // Merged to nothing (deleted, or an empty map): the element is dropped.
      if (v === undefined || (isObject(v) && Object.keys(v).length === 0)) continue;
      out.push(v);
    }
    return out;
  }

  /** A list of scalars merged as a set: the patch's values first, then the resource's others. */
  set(base: Json[], from: Json[], at: At, depth: number): Json[] {
    const out: Json[] = [];
    const seen = new Set<string>();
    const add = (list: Json[], origins: OriginsOf<O>, path: string) =>
      list.forEach((e, i) => {
        if (typeof e === 'object' && e !== null) this.doubt('a list of scalars holds a map or list');
        const k = scalarText(e);
        if (seen.has(k)) return;
        seen.add(k);
        this.copy(e, origins, `${path}/${i}`, `${at.out}/${out.length}`, depth + 1);
        out.push(e);
      });
    add(from, this.patch, at.p);
    add(base, this.base, at.d);
    return out;
  }
}

/**
 * `patch` merged into `target` as kubectl kustomize merges a strategic-merge patch, with where each value of
 * the result was written (`keep`: whether a pointer may take the patch's origin; the resource's identity
 * keeps the resource's).
 */
export function strategicMerge<O>(
  target: JsonObject,
  patch: JsonObject,
  base: OriginsOf<O>,
  patchOrigins: OriginsOf<O>,
  keep: (pointer: string) => boolean,
): StrategicResult<O> {
  const apiVersion = typeof target.apiVersion === 'string' ? target.apiVersion : '';
  const kind = typeof target.kind === 'string' ? target.kind : '';
  const def = kustomizeKindDef(apiVersion, kind) ?? '';
  const w = new Walk(base, patchOrigins, keep);
  const value = w.node(target, patch, { def, strategy: '', keys: [] }, { d: '', p: '', out: '' }, 0);
  // What names the resource keeps the resource's origin (a patch's name selects; it writes nothing).
  for (const [p, o] of base) if (!keep(p) && w.out.has(p)) w.out.set(p, o);
  return {
    value: isObject(value) ? value : undefined,
    origins: w.out,
    ...(w.unsure ? { unsure: w.unsure } : {}),
  };
}

/** Whether Kustomize merges this resource's lists by key (a kind its bundle knows). */
export const knownToKustomize = (r: JsonObject): boolean =>
  typeof r.apiVersion === 'string' &&
  typeof r.kind === 'string' &&
  kustomizeKindDef(r.apiVersion, r.kind) !== undefined;
