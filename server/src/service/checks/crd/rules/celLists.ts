// Lists typed `x-kubernetes-list-type: set` or `map` as the API server gives them to a rule (apiserver
// pkg/cel/common/values.go, unstructuredSetList and unstructuredMapList): `==` with such a list on its left
// ignores order (a set: every item of the right is in it; a map list: every item of the right has its keys
// in it and equals the item there), and `+` is a union (a set) or a merge by keys (a map list: the right's
// item replaces the left's of the same keys, in place; new keys are appended). cel-js knows plain lists
// only, so the lists a manifest's values hold are registered here when they are made (validations.ts
// celValue), and a parsed rule's `==`, `!=` and `+` nodes are given these semantics (`useTypedLists`).
// Where the API server's result rests on Go details our values do not carry (a set of doubles or formatted
// strings, a map list compared with objects the rule wrote), the rule is left unjudged, never guessed.
import type * as CelJs from '@marcbachmann/cel-js';
import { forEachNode, type CelNode } from './celAst';
import { celPropertyName } from './celNames';

/** A list's type: `atomic` (the default), a set, or a map list with the names its keys have in CEL. */
type ListKind = { list: 'atomic' } | { list: 'set' } | { list: 'map'; keys: MapKey[] };

/** A key of a map list: its name in CEL, and whether the API server reads it (an escaped name it does not). */
interface MapKey {
  name: string;
  read: boolean;
}

/** The lists made from a manifest's values, by their type. */
const dataLists = new WeakMap<unknown[], ListKind>();
/** The objects made from a manifest's values (a map list keys those only: the API server reads stored items). */
const dataObjects = new WeakSet<object>();

/** Registers `o`, made from a manifest's value of an object type. */
export function registerObject<T extends object>(o: T): T {
  dataObjects.add(o);
  return o;
}

/** Whether `o` was made from a manifest's value (its keys are the manifest's: strings). */
export const isDataObject = (o: object): boolean => dataObjects.has(o);

/** Whether `list` was made from a manifest's value of an array type. */
export const isDataList = (list: unknown[]): boolean => dataLists.has(list);

const ATOMIC: ListKind = { list: 'atomic' };
const SET: ListKind = { list: 'set' };

/** Registers `list`, made from a manifest's value of an array type (`set`, `mapKeys`: its list type). */
export function registerList(list: unknown[], set: boolean, mapKeys: string[] | undefined): unknown[] {
  const kind: ListKind = mapKeys
    ? {
        list: 'map',
        // The API server looks the escaped name up in the stored item, so a key that escaping changes is
        // read as absent there (values.go escapeKeyProps): the same here.
        keys: mapKeys.map((k) => ({ name: celPropertyName(k), read: celPropertyName(k) === k })),
      }
    : set
      ? SET
      : ATOMIC;
  dataLists.set(list, kind);
  return list;
}

/** Thrown where the API server's result cannot be known here: the rule gives no verdict (ruleErrors.ts). */
class Unjudged extends Error {}

type Plain = Record<string, unknown>;
const isPlain = (v: unknown): v is Plain =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;

export type Ev = { run(ast: unknown, ctx: unknown): unknown; debugType(v: unknown): unknown; registry: Registry };
type Registry = { findBinaryOverload(op: string, l: unknown, r: unknown): Overload | undefined };
type Overload = { handler(a: unknown, b: unknown, ast: unknown, ev: Ev): unknown };
export type Binary = CelNode & {
  left: unknown;
  right: unknown;
  handle(l: unknown, r: unknown, ast: unknown, ev: Ev): unknown;
};

/**
 * A set item as a Go map key: the API server keys a set by the stored values (int64, string, bool) and looks
 * the right side's values up by their Go value. A double may be stored as an integer, a formatted string
 * becomes a duration, a timestamp or bytes: our values cannot tell those apart, so they are not judged.
 */
function setKey(v: unknown): string {
  switch (typeof v) {
    case 'string':
      return `s${v}`;
    case 'bigint':
      return `i${v}`;
    case 'boolean':
      return `b${v}`;
    default:
      throw new Unjudged('a set of items other than strings, integers or booleans');
  }
}

/**
 * A map list item's keys as a Go map key (an absent key is nil, as the API server reads it). The API server
 * keys the stored items it reads; an object the rule wrote (`{'k': 'a'}`) it does not key as we could.
 */
function mapKey(item: unknown, keys: MapKey[]): string {
  if (!isPlain(item) || !dataObjects.has(item)) throw new Unjudged('a map list item that the rule made');
  return JSON.stringify(
    keys.map(({ name, read }) => {
      const v = read ? item[name] : undefined;
      if (v === undefined || v === null) return 'nil';
      if (typeof v === 'object') throw new Unjudged('a map list key that is not a scalar');
      return setKey(v);
    }),
  );
}

/** The items of a map list by their keys. */
function byKeys(list: unknown[], keys: MapKey[]): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const x of list) out.set(mapKey(x, keys), x);
  return out;
}

/** cel-js's own equality of two values neither of which is a list or an object made of plain values. */
export function leafEqual(a: unknown, b: unknown, ast: unknown, ev: Ev): boolean {
  if (a === b) return true;
  // CEL's numeric equality across int and double (`1 == 1.0`), as cel-js compares them.
  if (typeof a === 'bigint' && typeof b === 'number') return Number.isInteger(b) && a === BigInt(b);
  if (typeof a === 'number' && typeof b === 'bigint') return Number.isInteger(a) && BigInt(a) === b;
  if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null) return false;
  const [lt, rt] = [ev.debugType(a), ev.debugType(b)];
  if (lt !== rt) return false;
  return ev.registry.findBinaryOverload('==', lt, rt)?.handler(a, b, ast, ev) === true;
}

/** `a == b` as the API server decides it when `a` holds (or is) a typed list: the left side's `Equal`. */
function equal(a: unknown, b: unknown, ast: unknown, ev: Ev): boolean {
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return false;
    const kind = dataLists.get(a);
    if (kind?.list === 'set') {
      const items = new Set(a.map(setKey));
      return b.every((y) => items.has(setKey(y)));
    }
    if (kind?.list === 'map') {
      const items = byKeys(a, kind.keys);
      return b.every((y) => {
        const k = mapKey(y, kind.keys);
        return items.has(k) && equal(items.get(k), y, ast, ev);
      });
    }
    return a.every((x, i) => equal(x, b[i], ast, ev));
  }
  if (isPlain(a) && isPlain(b)) {
    const keys = Object.keys(a);
    if (keys.length !== Object.keys(b).length) return false;
    return keys.every((k) => Object.prototype.hasOwnProperty.call(b, k) && equal(a[k], b[k], ast, ev));
  }
  return leafEqual(a, b, ast, ev);
}

/** `a + b` with `a` a typed list: a set's union, a map list's merge by keys; `undefined` for other lists. */
function add(a: unknown[], b: unknown[]): unknown[] | undefined {
  const kind = dataLists.get(a);
  if (kind?.list === 'set') {
    const seen = new Set(a.map(setKey));
    const out = [...a];
    for (const y of b) {
      const k = setKey(y);
      if (!seen.has(k)) {
        seen.add(k);
        out.push(y);
      }
    }
    return registerList(out, true, undefined);
  }
  if (kind?.list === 'map') {
    const out = [...a];
    const at = new Map(a.map((x, i) => [mapKey(x, kind.keys), i]));
    for (const y of b) {
      const i = at.get(mapKey(y, kind.keys));
      if (i === undefined) out.push(y);
      else out[i] = y;
    }
    dataLists.set(out, kind);
    return out;
  }
  return undefined;
}

/** Whether `v` is, or holds, a list or object of a manifest's values (only then may a typed list be in it). */
const container = (v: unknown): boolean => Array.isArray(v) || isPlain(v);

function evaluateEquality(this: Binary, ev: Ev, ast: Binary, ctx: unknown): unknown {
  const l = ev.run(ast.left, ctx);
  const r = ev.run(ast.right, ctx);
  // Two lists or two objects: compared as the API server compares its values; anything else as cel-js does.
  if (!(container(l) && Array.isArray(l) === Array.isArray(r) && container(r))) return ast.handle(l, r, ast, ev);
  const eq = equal(l, r, ast, ev);
  return ast.op === '==' ? eq : !eq;
}

/** `l + r` (their values) at a `+` node: typed lists as the API server adds them, anything else as cel-js. */
export const addValues = (l: unknown, r: unknown, ast: Binary, ev: Ev): unknown =>
  (Array.isArray(l) && Array.isArray(r) && add(l, r)) || ast.handle(l, r, ast, ev);

function evaluateAdd(this: Binary, ev: Ev, ast: Binary, ctx: unknown): unknown {
  return addValues(ev.run(ast.left, ctx), ev.run(ast.right, ctx), ast, ev);
}

/** Gives the `==`, `!=` and `+` nodes of a parsed rule the typed lists' semantics (before its first run). */
export function useTypedLists(root: CelJs.ASTNode): void {
  forEachNode(root, (x) => {
    if (x.op === '==' || x.op === '!=') x.meta.evaluate = evaluateEquality;
    else if (x.op === '+') x.meta.evaluate = evaluateAdd;
  });
}
