// JSON Patch (RFC 6902) on plain JSON values, as Kustomize applies `patchesJson6902` and operation-list
// patches: add, remove, replace, move, copy, test, with the library Kustomize uses (evanphx/json-patch v5):
// the first operation that cannot apply (a path that is not there, a failed test, an unknown `op`) is
// told with what `kubectl kustomize` stops the build with; it and the rest still leave the value as the
// operations that could apply made it (the renderer shows what can be rendered). Each operation walks its
// path once: the work is linear in the operations and their paths.
/** A plain JSON value, as YAML parses into it. */
export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
export type JsonObject = { [k: string]: Json };

type Container = Json[] | { [k: string]: Json };

/** The first operation that did not apply: its index, the field at fault, and kubectl's words for it. */
export interface OperationFailure {
  index: number;
  /** `path`, `from`, `op` or `value`: the field of the operation the failure is about. */
  field: 'path' | 'from' | 'op' | 'value';
  /** `kubectl kustomize`'s error (evanphx/json-patch's), e.g. `replace operation does not apply: doc is missing path: /a`. */
  kubectl: string;
  /** What is wrong, in plain words. */
  reason: string;
  /**
   * The failure rests on how the path was written, not on the resource (a path without a leading `/`, a
   * negative index): the library's handling of those is not modelled, so it is not told as certain.
   */
  unsure?: boolean;
}

const unescape = (s: string) => s.replace(/~1/g, '/').replace(/~0/g, '~');
const pointer = (path: unknown): string[] | undefined =>
  typeof path === 'string' && (path === '' || path.startsWith('/'))
    ? path === ''
      ? []
      : path.slice(1).split('/').map(unescape)
    : undefined;

const isContainer = (v: Json | undefined): v is Container => typeof v === 'object' && v !== null;
const own = (o: { [k: string]: Json }, k: string) => Object.hasOwn(o, k);

/** An array index as the library reads it (Go's strconv.Atoi); undefined: not one. */
const indexOf = (s: string): number | undefined => (/^[+-]?\d+$/.test(s) ? Number(s) : undefined);

/** The container holding the pointer's last step, and that step; undefined when a step before is missing. */
function parentOf(root: Json, segs: readonly string[]): { parent: Container; key: string } | undefined {
  let cur: Json | undefined = root;
  for (let i = 0; i < segs.length - 1; i++) {
    const s = segs[i];
    if (Array.isArray(cur)) {
      const n = indexOf(s);
      cur = n !== undefined && n >= 0 && n < cur.length ? cur[n] : undefined;
    } else if (isContainer(cur)) cur = own(cur, s) ? cur[s] : undefined;
    else return undefined;
    if (cur === undefined) return undefined;
  }
  return isContainer(cur) ? { parent: cur, key: segs[segs.length - 1] } : undefined;
}

/** The value at the step `key` of `parent`; undefined: none. */
function at(p: { parent: Container; key: string }): Json | undefined {
  if (Array.isArray(p.parent)) {
    const n = indexOf(p.key);
    return n !== undefined && n >= 0 && n < p.parent.length ? p.parent[n] : undefined;
  }
  return own(p.parent, p.key) ? p.parent[p.key] : undefined;
}

/** JSON equality (the `test` operation's): numbers by value, maps whatever their key order. */
function equal(a: Json | undefined, b: Json | undefined): boolean {
  if (a === b) return true;
  if (!isContainer(a) || !isContainer(b)) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bs = b as Json[];
    return a.length === bs.length && a.every((x, i) => equal(x, bs[i]));
  }
  const ao = a as { [k: string]: Json };
  const bo = b as { [k: string]: Json };
  const keys = Object.keys(ao);
  return keys.length === Object.keys(bo).length && keys.every((k) => own(bo, k) && equal(ao[k], bo[k]));
}

/** The result of the operations: the value, and the first that did not apply. */
export interface Operated {
  value: Json;
  failure?: OperationFailure;
}

/** Applies the operations in order to a copy of `value`. */
export function applyOperations(value: Json, ops: readonly Json[]): Operated {
  const root = structuredClone(value);
  let failure: OperationFailure | undefined;
  const fail = (f: OperationFailure) => {
    failure ??= f;
  };
  ops.forEach((op, index) => {
    if (typeof op !== 'object' || op === null || Array.isArray(op)) return;
    const kind = op.op;
    if (
      kind !== 'add' &&
      kind !== 'remove' &&
      kind !== 'replace' &&
      kind !== 'move' &&
      kind !== 'copy' &&
      kind !== 'test'
    ) {
      const k = typeof kind === 'string' ? kind : String(kind ?? '');
      fail({ index, field: 'op', kubectl: `Unexpected kind: ${k}`, reason: `\`${k}\` is not an operation` });
      return;
    }
    if (typeof op.path !== 'string') {
      fail({
        index,
        field: 'op',
        kubectl: `${kind} operation failed to decode path: operation missing path field: missing value`,
        reason: 'the operation has no `path`',
      });
      return;
    }
    const segs = pointer(op.path);
    if (!segs || segs.length === 0) {
      // A path without its leading `/`, or the whole document: the library's handling is not modelled.
      fail({ index, field: 'path', kubectl: '', reason: 'the path is not a JSON pointer to a field', unsure: true });
      return;
    }
    const path = op.path;
    // A negative index counts from the end of a list in the library: not modelled.
    if ([...segs, ...(pointer(op.from) ?? [])].some((x) => /^-\d+$/.test(x))) {
      fail({ index, field: 'path', kubectl: '', reason: 'a negative list index', unsure: true });
      return;
    }
    const missing = (what: string, field: 'path' | 'from' = 'path', p = path) =>
      fail({
        index,
        field,
        kubectl: `${kind} operation does not apply: doc is missing ${what}: ${p}: missing value`,
        reason: `the resource has no \`${p}\``,
      });
    const v = op.value === undefined ? null : structuredClone(op.value);
    const parent = parentOf(root, segs);
    switch (kind) {
      case 'add':
        if (!parent) return missing('path');
        insert(parent, v, index, fail);
        return;
      case 'remove':
      case 'replace': {
        if (!parent) return missing('path');
        // A replace of a key its map does not have sets it (the library reads a missing key as null:
        // checked with kubectl); of an index its list does not have, fails.
        if (kind === 'replace' && !Array.isArray(parent.parent)) {
          parent.parent[parent.key] = v;
          return;
        }
        if (at(parent) === undefined) {
          if (kind === 'replace') return missing('key');
          if (Array.isArray(parent.parent))
            return fail({
              index,
              field: 'path',
              kubectl: `error in remove for path: '${path}': Unable to access invalid index: ${parent.key}: invalid index referenced`,
              reason: `the list has no index ${parent.key}`,
            });
          return fail({
            index,
            field: 'path',
            kubectl: `error in remove for path: '${path}': Unable to remove nonexistent key: ${parent.key}: missing value`,
            reason: `the resource has no \`${path}\``,
          });
        }
        if (Array.isArray(parent.parent)) {
          const n = indexOf(parent.key)!;
          if (kind === 'remove') parent.parent.splice(n, 1);
          else parent.parent[n] = v;
        } else if (kind === 'remove') delete parent.parent[parent.key];
        else parent.parent[parent.key] = v;
        return;
      }
      case 'test': {
        // A missing value is compared as null.
        const got = parent ? at(parent) : undefined;
        if (!parent && segs.length > 1)
          return fail({
            index,
            field: 'path',
            kubectl: `test operation does not apply: doc is missing path: ${path}: missing value`,
            reason: `the resource has no \`${path}\``,
          });
        if (!equal(got ?? null, v))
          fail({
            index,
            field: 'path',
            kubectl: `testing value ${path} failed: test failed`,
            reason:
              got === undefined
                ? `the resource has no \`${path}\``
                : `\`${path}\` is ${shortJson(got)}, not ${shortJson(v)}`,
          });
        return;
      }
      case 'move':
      case 'copy': {
        const fromSegs = pointer(op.from);
        if (!fromSegs || fromSegs.length === 0) {
          fail({
            index,
            field: 'from',
            kubectl: '',
            reason: 'the `from` is not a JSON pointer to a field',
            unsure: true,
          });
          return;
        }
        const from = String(op.from);
        const source = parentOf(root, fromSegs);
        if (!source) return missing('from path', 'from', from);
        const got = at(source);
        if (kind === 'move') {
          if (got === undefined)
            return fail({
              index,
              field: 'from',
              kubectl: `error in move for path: '${source.key}': Unable to remove nonexistent key: ${source.key}: missing value`,
              reason: `the resource has no \`${from}\``,
            });
          if (Array.isArray(source.parent)) source.parent.splice(indexOf(source.key)!, 1);
          else delete source.parent[source.key];
        } else if (got === undefined && Array.isArray(source.parent)) return missing('from path', 'from', from);
        // The destination is found after the source is removed (a move within one list).
        const dest = parentOf(root, segs);
        if (!dest) return missing('destination path');
        // A copy of a key that is not there copies null (the library's behaviour, checked with kubectl).
        insert(dest, got === undefined ? null : kind === 'copy' ? structuredClone(got) : got, index, fail);
        return;
      }
    }
  });
  return failure ? { value: root, failure } : { value: root };
}

/** `add` at a step: a map key is set; a list index inserts (`-` appends), up to the list's length. */
function insert(
  p: { parent: Container; key: string },
  v: Json,
  index: number,
  fail: (f: OperationFailure) => void,
): void {
  if (!Array.isArray(p.parent)) {
    p.parent[p.key] = v;
    return;
  }
  if (p.key === '-') {
    p.parent.push(v);
    return;
  }
  const n = indexOf(p.key);
  // Not a number at all: the library's Atoi refuses it (checked with kubectl); a negative one counts from
  // the end there (not modelled).
  if (n === undefined) {
    fail({
      index,
      field: 'path',
      kubectl: `value was not a proper array index: '${p.key}'`,
      reason: `\`${p.key}\` is not a list index`,
    });
    return;
  }
  if (n < 0) {
    fail({ index, field: 'path', kubectl: '', reason: `\`${p.key}\` is not a list index`, unsure: true });
    return;
  }
  if (n > p.parent.length) {
    fail({
      index,
      field: 'path',
      kubectl: `Unable to access invalid index: ${n}: invalid index referenced`,
      reason: `the list has ${p.parent.length} item${p.parent.length === 1 ? '' : 's'}, no index ${n}`,
    });
    return;
  }
  p.parent.splice(n, 0, v);
}

/** A value as JSON, cut past 60 characters. */
function shortJson(v: Json | undefined): string {
  const s = v === undefined ? 'missing' : JSON.stringify(v);
  return `\`${s.length > 60 ? `${s.slice(0, 57)}…` : s}\``;
}
