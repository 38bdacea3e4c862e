// The metric names, label names and label values a file's PromQL expressions already use: what completion
// offers inside a selector's `{…}`, after a matcher's `=`, in a `by (…)` list and where a metric name
// may start. The spec names no metric or label (they are the monitored workspace's), and an editor has no
// Prometheus to ask; the rules written beside the one being typed are the best evidence there is.
import type { SyntaxNode } from '@lezer/common';
import { promqlParser } from '../../../core/libraries';
import { isMap, isScalar } from 'yaml';
import { envelopeOf } from '../../../../model/envelope';
import { identifyChunk } from '../../identity';
import type { ParsedDoc, ParsedFile } from '../../../core/parse';
import { formatSites } from '../formatSites';

/** How often each name is used: completion lists the most used first. */
export interface Vocabulary {
  metrics: Map<string, number>;
  labels: Map<string, number>;
  /** Per label: the values written after `=`/`!=` (`exact`) and after `=~`/`!~` (`regex`), with counts. */
  values: Map<string, { exact: Map<string, number>; regex: Map<string, number> }>;
}

const empty = (): Vocabulary => ({ metrics: new Map(), labels: new Map(), values: new Map() });
const count = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);

/** A PromQL string literal's value (`"a\"b"`, `'a'`, or a raw `` `a` ``); undefined if it is not one. */
export function unquoteLiteral(s: string): string | undefined {
  if (s.length < 2) return undefined;
  const q = s[0];
  if (s[s.length - 1] !== q) return undefined;
  const body = s.slice(1, -1);
  if (q === '`') return body;
  if (q !== '"' && q !== "'") return undefined;
  // Go's escapes, as far as label values use them.
  return body.replace(/\\(.)/g, (_, c: string) => ({ n: '\n', t: '\t', r: '\r' })[c] ?? c);
}

/** Adds what one expression uses to `into`. Expressions that do not parse still give their whole parts. */
export function addExpression(expression: string, into: Vocabulary): void {
  // Bounded: a pathological expression is not walked past this many nodes.
  let budget = 20_000;
  const cursor = promqlParser().parse(expression).cursor();
  const slice = (n: { from: number; to: number }) => expression.slice(n.from, n.to);
  do {
    if (--budget < 0) return;
    const name = cursor.name;
    if (name === 'VectorSelector') {
      const id = cursor.node.getChild('Identifier');
      if (id) count(into.metrics, slice(id));
    } else if (name === 'GroupingLabels') {
      for (const l of cursor.node.getChildren('LabelName')) count(into.labels, slice(l));
    } else if (name === 'UnquotedLabelMatcher') matcher(cursor.node, slice, into);
  } while (cursor.next());
}

function matcher(node: SyntaxNode, slice: (n: SyntaxNode) => string, into: Vocabulary): void {
  const label = node.getChild('LabelName');
  if (!label) return;
  const l = slice(label);
  count(into.labels, l);
  const op = node.getChild('MatchOp');
  const lit = node.getChild('StringLiteral');
  const value = lit ? unquoteLiteral(slice(lit)) : undefined;
  if (!op || value === undefined || value === '' || l === '__name__') return;
  let v = into.values.get(l);
  if (!v) into.values.set(l, (v = { exact: new Map(), regex: new Map() }));
  count(/~/.test(slice(op)) ? v.regex : v.exact, value);
}

/** Per document (its chunk's identity): the vocabulary of its expressions, parsed once per text. */
const byChunk = new WeakMap<object, Vocabulary>();

function chunkVocabulary(chunk: ParsedDoc): Vocabulary {
  const hit = byChunk.get(chunk.key);
  if (hit) return hit;
  const v = empty();
  const id = identifyChunk(chunk);
  const root = chunk.doc.contents;
  if (id.def && isMap(root))
    for (const site of formatSites(root, envelopeOf(id.def), 'promql')) {
      if (typeof site.node.value === 'string') addExpression(site.node.value, v);
      // A recording rule's name is a metric the other rules may select.
      const record = site.parent.get('record', true);
      if (isScalar(record) && typeof record.value === 'string' && /^[A-Za-z_:][\w:]*$/.test(record.value))
        count(v.metrics, record.value);
    }
  byChunk.set(chunk.key, v);
  return v;
}

/** Per version of a file (each completion in it asks again). */
const byFile = new WeakMap<ParsedFile, Vocabulary>();

/** What the file's expressions use, every document together. */
export function fileVocabulary(file: ParsedFile): Vocabulary {
  const hit = byFile.get(file);
  if (hit) return hit;
  const all = empty();
  byFile.set(file, all);
  const merge = (into: Map<string, number>, from: Map<string, number>) => {
    for (const [k, n] of from) into.set(k, (into.get(k) ?? 0) + n);
  };
  for (const chunk of file.docs) {
    const v = chunkVocabulary(chunk);
    merge(all.metrics, v.metrics);
    merge(all.labels, v.labels);
    for (const [l, { exact, regex }] of v.values) {
      let into = all.values.get(l);
      if (!into) all.values.set(l, (into = { exact: new Map(), regex: new Map() }));
      merge(into.exact, exact);
      merge(into.regex, regex);
    }
  }
  return all;
}
