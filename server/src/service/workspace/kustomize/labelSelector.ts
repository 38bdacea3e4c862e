// Label and annotation selectors as Kubernetes parses them (labels.Parse), for the selectors of a kustomization's
// patch targets (render.ts) and replacement targets (replacements.ts).
import type { Json, JsonObject } from './jsonPatch';

/**
 * One requirement of a label selector: `key`, `!key`, `key=v`, `key==v`, `key!=v`, `key in (…)`,
 * `key notin (…)`, `key>n`, `key<n`.
 */
const REQUIREMENT =
  /^(?:!\s*([^\s!=<>(),]+)|([^\s!=<>(),]+)\s*(?:(==?|!=)\s*([^\s!=<>(),]*)|([<>])\s*(-?\d+)|\s(in|notin)\s*\(([^()]*)\))?)$/;

/**
 * A `labelSelector` / `annotationSelector` as Kubernetes parses it (labels.Parse): requirements separated
 * by commas, all of which must hold; `!=` and `notin` hold where the key is absent. Undefined: it does not
 * parse (`kubectl kustomize` refuses it).
 */
export function labelSelector(sel: Json | undefined): ((of: JsonObject) => boolean) | undefined {
  if (typeof sel !== 'string' || sel.trim() === '') return () => true;
  const tests: ((of: JsonObject) => boolean)[] = [];
  for (const part of requirements(sel)) {
    const t = requirement(part);
    if (!t) return undefined;
    tests.push(t);
  }
  return (of) => tests.every((t) => t(of));
}

/**
 * The requirements of a selector, split at the commas outside parentheses (`in (a, b)` is one), blanks
 * runs made one space: one pass over the text (a selector of 100,000 terms is read in linear time).
 */
function requirements(sel: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i <= sel.length; i++) {
    const c = sel[i];
    if (c === '(') depth++;
    else if (c === ')') depth = Math.max(0, depth - 1);
    else if (i === sel.length || (c === ',' && depth === 0)) {
      out.push(sel.slice(from, i).replace(/\s+/g, ' ').trim());
      from = i + 1;
    }
  }
  return out;
}

/** One requirement as a test of a resource's labels (or annotations); undefined: it does not parse. */
function requirement(part: string): ((of: JsonObject) => boolean) | undefined {
  const m = REQUIREMENT.exec(part);
  if (!m) return undefined;
  const [, absent, key, eq, value, cmp, bound, op, set] = m;
  const val = (of: JsonObject, k: string) => (Object.hasOwn(of, k) ? String(of[k]) : undefined);
  if (absent) return (of) => !Object.hasOwn(of, absent);
  if (eq === '!=') return (of) => val(of, key) !== value;
  if (eq) return (of) => val(of, key) === value;
  if (cmp) {
    // Compared as integers; a value that is not one does not match.
    const n = Number(bound);
    return (of) => {
      const v = val(of, key);
      return v !== undefined && /^-?\d+$/.test(v) && (cmp === '>' ? Number(v) > n : Number(v) < n);
    };
  }
  if (op) {
    const values = new Set(set.split(',').map((x) => x.trim()));
    const v = (of: JsonObject) => val(of, key);
    return op === 'in'
      ? (of) => v(of) !== undefined && values.has(v(of)!)
      : (of) => v(of) === undefined || !values.has(v(of)!);
  }
  return (of) => Object.hasOwn(of, key);
}
