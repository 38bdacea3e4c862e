// Completion and hover inside PromQL (a rule's `expression`): functions, aggregation operators and keywords
// with signatures and docs, and the metrics, labels and values the file's expressions use.
import { CompletionItemKind, InsertTextFormat, type CompletionItem } from '../core/editorTypes';
import type { ParsedFile } from '../core/parse';
import {
  AGGREGATION_BY_NAME,
  AGGREGATIONS,
  FUNCTION_BY_NAME,
  FUNCTIONS,
  KEYWORDS,
  signature,
} from '../checks/embedded/promql/functions';
import { fileVocabulary } from '../checks/embedded/promql/vocabulary';
import { encodeIn } from '../checks/embedded/reportInside';
import { md, rangeOf, type Site } from './embeddedSite';

const promFunctionDoc = (name: string): string | undefined => {
  const fn = FUNCTION_BY_NAME.get(name);
  if (fn) return `\`\`\`promql\n${signature(fn)}\n\`\`\`\n\n${fn.doc}`;
  const agg = AGGREGATION_BY_NAME.get(name);
  if (agg)
    return `\`\`\`promql\n${name}${agg.param ? `(parameter ${agg.param}, v instant-vector)` : '(v instant-vector)'} [by|without (labels)]\n\`\`\`\n\nAggregation operator. ${agg.doc}`;
  const kw = KEYWORDS.find((k) => k.name === name);
  if (kw) return `**${name}** — PromQL keyword\n\n${kw.doc}`;
  return undefined;
};

/** Inside a string, a label matcher `{…}` or a range `[…]`: no function belongs there. */
export function inPromqlLiteral(v: string, at: number): boolean {
  let quote = '';
  let braces = 0;
  let brackets = 0;
  for (let i = 0; i < at; i++) {
    const c = v[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = '';
    } else if (c === '"' || c === "'" || c === '`') quote = c;
    else if (c === '{') braces++;
    else if (c === '}') braces--;
    else if (c === '[') brackets++;
    else if (c === ']') brackets--;
  }
  return !!quote || braces > 0 || brackets > 0;
}

/**
 * Where in a label matcher or a label list the cursor is: at a label name (after `{`, `,` or `(` of
 * `by (…)`), or at a value (after `=`, `!=`, `=~`, `!~`, with or without its opening quote).
 */
export type PromqlSpot =
  | { kind: 'label'; from: number; open: number }
  | { kind: 'value'; label: string; regex: boolean; from: number; quote?: string };

export function promqlSpot(v: string, at: number): PromqlSpot | undefined {
  let quote = '';
  let quoteAt = -1;
  let braces = 0;
  let segment = -1;
  let open = -1;
  for (let i = 0; i < at; i++) {
    const c = v[i];
    if (quote) {
      if (c === '\\' && quote !== '`') i++;
      else if (c === quote) quote = '';
      continue;
    }
    if (c === '"' || c === "'" || c === '`') {
      quote = c;
      quoteAt = i;
    } else if (c === '{') {
      braces++;
      segment = i + 1;
      open = i;
    } else if (c === '}') braces = Math.max(0, braces - 1);
    else if (c === ',' && braces > 0) segment = i + 1;
  }
  if (braces > 0) {
    if (quote) {
      const m = /^\s*([A-Za-z_]\w*)\s*(=~|!~|!=|=)\s*$/.exec(v.slice(segment, quoteAt));
      return m ? { kind: 'value', label: m[1], regex: m[2].includes('~'), from: quoteAt + 1, quote } : undefined;
    }
    const seg = v.slice(segment, at);
    const name = /^\s*([A-Za-z_]\w*)?$/.exec(seg);
    if (name) return { kind: 'label', from: at - (name[1]?.length ?? 0), open };
    const m = /^\s*([A-Za-z_]\w*)\s*(=~|!~|!=|=)\s*$/.exec(seg);
    return m ? { kind: 'value', label: m[1], regex: m[2].includes('~'), from: at } : undefined;
  }
  if (quote || !inLabelList(v, at)) return undefined;
  const name = /(?:^|[(,])\s*([A-Za-z_]\w*)?$/.exec(v.slice(0, at));
  return name ? { kind: 'label', from: at - (name[1]?.length ?? 0), open: v.lastIndexOf('(', at - 1) } : undefined;
}

/** Names by how often the file uses them, most used first (then by name). */
const ranked = (m: Map<string, number>): [string, number][] =>
  [...m].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));

const times = (n: number) => (n === 1 ? 'once' : `${n} times`);

/** Label names, or a label's values, the file's expressions use, at a spot of a matcher or label list. */
function promqlSpotItems(file: ParsedFile, site: Site, spot: PromqlSpot): CompletionItem[] {
  const vocabulary = fileVocabulary(file);
  const range = rangeOf(file, site, spot.from);
  const items: CompletionItem[] = [];
  if (!range) return items;
  if (spot.kind === 'label') {
    // The labels the same matcher or list already names (the word being typed aside) are not offered again.
    const v = site.map.value;
    const close = v.slice(spot.open).search(/[})]/);
    const group = v.slice(spot.open + 1, close < 0 ? v.length : spot.open + close);
    const written = new Set(
      group
        .split(',')
        .map((part) => /^\s*([A-Za-z_]\w*)/.exec(part)?.[1])
        .filter((x): x is string => x !== undefined),
    );
    const typed = v.slice(spot.from, site.at);
    ranked(vocabulary.labels).forEach(([name, n], i) => {
      if (written.has(name) && name !== typed) return;
      if (name === typed) return;
      items.push({
        label: name,
        kind: CompletionItemKind.Field,
        detail: `label, used ${times(n)} in this file`,
        textEdit: { range, newText: name },
        sortText: String(i).padStart(5, '0'),
        insertTextFormat: InsertTextFormat.PlainText,
      });
    });
    return items;
  }
  const values = vocabulary.values.get(spot.label);
  if (!values) return items;
  const q = spot.quote ?? '"';
  ranked(spot.regex ? new Map([...values.regex, ...values.exact]) : values.exact).forEach(([value, n], i) => {
    // Written in PromQL's string syntax (inside the quote the user opened, or quoted), then in the scalar's.
    const escaped = q === '`' ? value : value.replace(/\\/g, '\\\\').split(q).join(`\\${q}`);
    if (q === '`' && value.includes('`')) return;
    const promql = spot.quote ? escaped : `${q}${escaped}${q}`;
    const newText = encodeIn(site.node.type, promql);
    if (newText === undefined) return;
    items.push({
      label: value,
      kind: CompletionItemKind.Value,
      detail: `value of ${spot.label}, used ${times(n)} in this file`,
      filterText: promql,
      textEdit: { range, newText },
      sortText: String(i).padStart(5, '0'),
      insertTextFormat: InsertTextFormat.PlainText,
    });
  });
  return items;
}

export function promqlItems(file: ParsedFile, site: Site): CompletionItem[] {
  const v = site.map.value;
  const spot = promqlSpot(v, site.at);
  if (spot) return promqlSpotItems(file, site, spot);
  if (inPromqlLiteral(v, site.at)) return [];
  const word = /[A-Za-z_][\w]*$/.exec(v.slice(0, site.at))?.[0] ?? '';
  const range = rangeOf(file, site, site.at - word.length);
  const items: CompletionItem[] = [];
  if (!range) return items;
  // The metrics the file's expressions select and its recording rules record.
  ranked(fileVocabulary(file).metrics).forEach(([name, n], i) =>
    items.push({
      label: name,
      kind: CompletionItemKind.Variable,
      detail: `metric, used ${times(n)} in this file`,
      textEdit: { range, newText: name },
      sortText: `3_${String(i).padStart(5, '0')}`,
      insertTextFormat: InsertTextFormat.PlainText,
    }),
  );
  for (const fn of FUNCTIONS)
    items.push({
      label: fn.name,
      kind: CompletionItemKind.Function,
      detail: signature(fn),
      documentation: md(promFunctionDoc(fn.name)!),
      textEdit: { range, newText: fn.name },
      sortText: `1_${fn.name}`,
      insertTextFormat: InsertTextFormat.PlainText,
    });
  for (const a of AGGREGATIONS)
    items.push({
      label: a.name,
      kind: CompletionItemKind.Operator,
      detail: 'aggregation operator',
      documentation: md(promFunctionDoc(a.name)!),
      textEdit: { range, newText: a.name },
      sortText: `0_${a.name}`,
      insertTextFormat: InsertTextFormat.PlainText,
    });
  for (const k of KEYWORDS)
    items.push({
      label: k.name,
      kind: CompletionItemKind.Keyword,
      detail: 'keyword',
      documentation: md(k.doc),
      textEdit: { range, newText: k.name },
      sortText: `2_${k.name}`,
      insertTextFormat: InsertTextFormat.PlainText,
    });
  return items;
}

export function promqlHover(site: Site): { markdown: string; from: number; to: number } | undefined {
  const v = site.map.value;
  let s = site.at;
  let e = site.at;
  while (s > 0 && /\w/.test(v[s - 1])) s--;
  while (e < v.length && /\w/.test(v[e])) e++;
  const word = v.slice(s, e);
  if (!word || inPromqlLiteral(v, s)) return undefined;
  const doc = promFunctionDoc(word);
  // A metric named like a function (`time` without parentheses) is a metric.
  if (!doc || (FUNCTION_BY_NAME.has(word) && !/^\s*\(/.test(v.slice(e)))) return undefined;
  return { markdown: doc, from: s, to: e };
}

/** Inside the parentheses of `by`, `without`, `on`, `ignoring`, `group_left` or `group_right`: label names. */
export function inLabelList(v: string, at: number): boolean {
  let depth = 0;
  for (let i = at - 1; i >= 0; i--) {
    if (v[i] === ')') depth++;
    else if (v[i] === '(') {
      if (depth === 0) return /\b(?:by|without|on|ignoring|group_left|group_right)\s*$/.test(v.slice(0, i));
      depth--;
    }
  }
  return false;
}
