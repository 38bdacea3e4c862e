// What every check of a built-in kind beyond its schema sees, and the few accessors they share: values are
// read only where written plainly (a scalar string, a mapping, a list); a Helm template's action in a value
// (masked: core/maskedChars.ts) leaves that value unjudged.
import { isMap, isPair, isScalar, isSeq, type Node, type YAMLMap, type YAMLSeq } from 'yaml';
import type { Code } from '../../core/codes';
import type { Reporter } from '../../core/diag';
import { isMasked } from '../../core/maskedChars';
import { entry, keyName, spanOf, type Span } from '../../core/yamlNodes';
import { choiceFix, valueFix } from '../fixes/values';

export interface KubeContext {
  out: Reporter;
  /** The document's text (node ranges are offsets into it): for the fixes' edits. */
  text: string;
  /** The minor of the targeted Kubernetes release (1.N). */
  minor: number;
}

/** The mapping at `key`, if one is written there. */
export const mapAt = (node: unknown, key: string): YAMLMap | undefined => {
  const v = entry(node, key)?.value;
  return isMap(v) ? v : undefined;
};

/** The list at `key`, if one is written there. */
export const seqAt = (node: unknown, key: string): YAMLSeq | undefined => {
  const v = entry(node, key)?.value;
  return isSeq(v) ? v : undefined;
};

/** A plain string scalar, not templated. */
export const stringOf = (node: unknown): string | undefined =>
  isScalar(node) && typeof node.value === 'string' && !isMasked(node.value) ? node.value : undefined;

/** The string at `key` and its node. */
export function stringAt(node: unknown, key: string): { value: string; node: Node } | undefined {
  const v = entry(node, key)?.value;
  const s = stringOf(v);
  return s === undefined || !v ? undefined : { value: s, node: v };
}

/** A value at `key` is written (not absent, not null). */
export function written(node: unknown, key: string): boolean {
  const v = entry(node, key)?.value;
  return v !== undefined && v !== null && !(isScalar(v) && v.value === null);
}

/** The mapping items of a list (others skipped), with their index. */
export function mapsOf(seq: YAMLSeq | undefined): [YAMLMap, number][] {
  const out: [YAMLMap, number][] = [];
  seq?.items.forEach((x, i) => {
    if (isMap(x)) out.push([x, i]);
  });
  return out;
}

/** A mapping's entries with a plain, untemplated scalar key (`<<` merges left out). */
export function keysOf(map: YAMLMap): { key: string; keyNode: Node; value: unknown }[] {
  const out: { key: string; keyNode: Node; value: unknown }[] = [];
  for (const p of map.items) {
    if (!isPair(p) || !isScalar(p.key)) continue;
    const k = keyName(p);
    if (k === undefined || k === '<<' || isMasked(k)) continue;
    out.push({ key: k, keyNode: p.key, value: p.value });
  }
  return out;
}

/** Whether any key or value below holds a templated part (a Helm action): then the whole is not judged. */
export function templated(node: unknown, budget = { left: 10_000 }): boolean {
  if (--budget.left < 0) return true;
  if (isScalar(node)) return typeof node.value === 'string' && isMasked(node.value);
  if (isMap(node)) return node.items.some((p) => templated(p.key, budget) || templated(p.value, budget));
  if (isSeq(node)) return node.items.some((x) => templated(x, budget));
  return false;
}

/** Reports at a node. */
export const report = (ctx: KubeContext, code: Code, node: unknown, message: string, span?: Span): void =>
  ctx.out.report(code, span ?? spanOf(node), message);

/**
 * Reports a value for which the API server allows `values` alone: one is the fix (safe for fix-all when
 * `safe`), several are a choice.
 */
export function reportWithFix(
  ctx: KubeContext,
  code: Code,
  node: unknown,
  message: string,
  values: string[],
  safe: boolean,
): void {
  const span = spanOf(node);
  const fix = values.length === 1 ? valueFix(ctx.text, span, values, safe) : choiceFix(ctx.text, span, values);
  // The empty string is titled as it is written.
  const titled =
    fix?.fix === 'replace' && values[0] === ''
      ? { ...fix, candidates: fix.candidates.map((c) => ({ ...c, title: 'Change to `""`' })) }
      : fix;
  ctx.out.report(code, span, message, undefined, titled);
}
