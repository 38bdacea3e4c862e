// JSON Patch (RFC 6902) on plain JSON values, as Kustomize applies `patchesJson6902` and operation-list
// patches: add, remove, replace, move, copy, test. An operation that cannot apply (a path that is not
// there, a failed test) leaves the value as it was: the renderer shows what can be rendered.
/** A plain JSON value, as YAML parses into it. */
export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
export type JsonObject = { [k: string]: Json };

type Container = Json[] | { [k: string]: Json };

const unescape = (s: string) => s.replace(/~1/g, '/').replace(/~0/g, '~');
const pointer = (path: unknown): string[] | undefined =>
  typeof path === 'string' && (path === '' || path.startsWith('/'))
    ? path === ''
      ? []
      : path.slice(1).split('/').map(unescape)
    : undefined;

const isContainer = (v: Json | undefined): v is Container => typeof v === 'object' && v !== null;

/** The parent of the pointer's last step, and that step. */
function parentOf(root: Json, segs: string[]): { parent: Container; key: string } | undefined {
  let cur: Json = root;
  for (const s of segs.slice(0, -1)) {
    if (Array.isArray(cur)) cur = cur[Number(s)];
    else if (isContainer(cur)) cur = cur[s];
    else return undefined;
    if (cur === undefined) return undefined;
  }
  return isContainer(cur) ? { parent: cur, key: segs[segs.length - 1] } : undefined;
}

function get(root: Json, segs: string[]): Json | undefined {
  let cur: Json | undefined = root;
  for (const s of segs) {
    if (Array.isArray(cur)) cur = cur[Number(s)];
    else if (isContainer(cur)) cur = cur[s];
    else return undefined;
  }
  return cur;
}

function add(root: Json, segs: string[], value: Json): boolean {
  if (segs.length === 0) return false;
  const p = parentOf(root, segs);
  if (!p) return false;
  if (Array.isArray(p.parent)) {
    const i = p.key === '-' ? p.parent.length : Number(p.key);
    if (!Number.isInteger(i) || i < 0 || i > p.parent.length) return false;
    p.parent.splice(i, 0, value);
  } else p.parent[p.key] = value;
  return true;
}

function remove(root: Json, segs: string[]): Json | undefined {
  const p = parentOf(root, segs);
  if (!p) return undefined;
  if (Array.isArray(p.parent)) {
    const i = Number(p.key);
    if (!Number.isInteger(i) || i < 0 || i >= p.parent.length) return undefined;
    return p.parent.splice(i, 1)[0];
  }
  if (!(p.key in p.parent)) return undefined;
  const was = p.parent[p.key];
  delete p.parent[p.key];
  return was;
}

/** Applies the operations in order to a copy of `value`. */
export function applyOperations(value: Json, ops: readonly Json[]): Json {
  const root = structuredClone(value);
  for (const op of ops) {
    if (typeof op !== 'object' || op === null || Array.isArray(op)) continue;
    const segs = pointer(op.path);
    if (!segs) continue;
    const v = op.value === undefined ? null : structuredClone(op.value);
    switch (op.op) {
      case 'add':
        add(root, segs, v);
        break;
      case 'remove':
        remove(root, segs);
        break;
      case 'replace':
        if (get(root, segs) !== undefined && remove(root, segs) !== undefined) add(root, segs, v);
        break;
      case 'move':
      case 'copy': {
        const from = pointer(op.from);
        const got = from ? get(root, from) : undefined;
        if (!from || got === undefined) break;
        if (op.op === 'move') remove(root, from);
        add(root, segs, structuredClone(got));
        break;
      }
      default:
        break;
    }
  }
  return root;
}
