// What a cross-field rule sees: one manifest's AST, its kind's definition and a reporter.
import { isMap, type Document, type Node, type YAMLMap } from 'yaml';
import type { KindDef } from '../../../model/types';
import type { Code } from '../../core/codes';
import type { Reporter } from '../../core/diag';
import type { Memo } from '../../core/memo';
import { clusterValue, entry, isNullish, spanOf, type Span } from '../../core/yamlNodes';

export interface RuleContext {
  def: KindDef;
  doc: Document;
  /** The manifest mapping (top-level document, or a `<Kind>List` item). */
  root: YAMLMap;
  out: Reporter;
  /** The document's text (node ranges are offsets into it): for fixes, which carry offsets and the text to
   * write, and for checks that read inside a scalar. */
  text: string;
  /** The analysis's caches of what is not per document (embedded expressions by text); none: uncached. */
  memo?: Memo;
}

export interface Rule {
  /** The codes this rule reports (each listed in codes.ts). */
  codes: Code[];
  /** Kinds the rule applies to; all kinds when absent. */
  kinds?: string[];
  check(ctx: RuleContext): void;
}

/** A located value inside the manifest. */
export interface Found {
  key: Node;
  value: Node | null;
  /** The scalar value, when the node is a scalar. */
  scalar: unknown;
  keySpan: Span;
  valueSpan: Span;
}

/** Finds `path` (keys only) from the manifest root; undefined when absent or null. */
export function find(root: unknown, path: string[]): Found | undefined {
  if (path.length === 0) return undefined;
  let cur: unknown = root;
  let e: ReturnType<typeof entry>;
  // Every rule asks several paths of each manifest: the steps on the way are looked up, only the last read.
  for (const seg of path) {
    if (!isMap(cur)) return undefined;
    e = entry(cur, seg);
    if (!e) return undefined;
    cur = e.value;
  }
  if (!e || isNullish(e.value)) return undefined;
  // Scalars as the cluster reads them (plain `yes`/`on` are booleans there), like the structural checks.
  return {
    key: e.key,
    value: e.value,
    scalar: clusterValue(e.value).value,
    keySpan: spanOf(e.key),
    valueSpan: spanOf(e.value),
  };
}
