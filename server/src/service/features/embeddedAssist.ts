// Completion and hover inside embedded expressions: PromQL in a rule's `expression` (functions, aggregation
// operators and keywords, with signatures and docs) and CEL in a destination expression's `value` (fields
// of `self` and `secret` walked from the model, with their docs and types; variables and functions).
// Both read the scalar under the cursor through its position map.
import { isMap, isPair, isScalar, isSeq, type Scalar } from 'yaml';
import { CompletionItemKind, InsertTextFormat, MarkupKind, type CompletionItem } from '../core/editorTypes';
import type { Field, KindDef, ObjectType, Type } from '../../model/types';
import { identifyChunk } from '../checks/identity';
import { chunkAt } from '../core/parse';
import { fieldMarkdown, typeLabel } from './markdown';
import type { ParsedFile } from '../core/parse';
import { keyName, spanOf } from '../core/yamlNodes';
import { envelopeOf } from '../../model/envelope';
import { celTypeOf, escapeField, secretObject, unescapeField } from '../checks/embedded/cel/env';
import { whereOf, type Where } from '../checks/embedded/cel/celCheck';
import { resolvePath } from '../../model/typePath';
import { splitsCharacter } from '../core/lineIndex';
import { spanIn, valueMap, valueOffset, type ValueMap } from '../checks/embedded/positionMap';
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

type Language = { lang: 'promql' } | { lang: 'cel'; def: KindDef; where: Where };

interface Site {
  language: Language;
  node: Scalar;
  map: ValueMap;
  /** The cursor as a value offset. */
  at: number;
  /** Chunk offset, to turn chunk-relative spans into file offsets. */
  base: number;
  /** The chunk's text (the map's offsets are into it). */
  text: string;
}

/** The string scalar whose text holds `off` (its end included: the cursor after the last character). */
function scalarAt(node: unknown, off: number, path: string[]): { node: Scalar; path: string[] } | undefined {
  if (isMap(node)) {
    for (const it of node.items) {
      if (!isPair(it) || !it.value) continue;
      const [s, e] = spanOf(it.value);
      if (off >= s && off <= e) {
        const name = keyName(it);
        return name === undefined ? undefined : scalarAt(it.value, off, [...path, name]);
      }
    }
    return undefined;
  }
  if (isSeq(node)) {
    for (const it of node.items) {
      const [s, e] = spanOf(it);
      if (off >= s && off <= e) return scalarAt(it, off, [...path, '[]']);
    }
    return undefined;
  }
  if (isScalar(node) && typeof node.value === 'string') return { node: node as Scalar, path };
  return undefined;
}

/** The language of the value at a key path: the format the model gives its type (`promql`, `cel`). */
function languageOf(path: string[], def: KindDef): Language | undefined {
  // A `<Kind>List` item is a manifest under `items[]`.
  const p = path[0] === 'items' && path[1] === '[]' ? path.slice(2) : path;
  const t = resolvePath(envelopeOf(def), p).type;
  if (t?.kind !== 'string') return undefined;
  if (t.format === 'promql') return { lang: 'promql' };
  if (t.format === 'cel') return { lang: 'cel', def, where: whereOf(p) };
  return undefined;
}

/**
 * The expression under the cursor: its site, `'between'` when the cursor is in the scalar but not between two
 * of its characters (on a block scalar's header line, in the indentation, after a closing quote, inside an
 * escape or a surrogate pair), where no edit could both contain the cursor and be whole; undefined elsewhere.
 */
function siteAt(file: ParsedFile, offset: number): Site | 'between' | undefined {
  const chunk = chunkAt(file, offset);
  const local = offset - chunk.offset;
  const id = identifyChunk(chunk, local);
  if (!id.def) return undefined;
  const hit = scalarAt(chunk.doc.contents, local, []);
  if (!hit) return undefined;
  const language = languageOf(hit.path, id.def);
  if (!language) return undefined;
  const map = valueMap(chunk.text, hit.node);
  const [start] = spanOf(hit.node);
  // Before the opening quote or block indicator: not inside the expression.
  if (local <= start && hit.node.type !== 'PLAIN') return undefined;
  const t = chunk.text;
  if (splitsCharacter(t, local)) return 'between';
  const block = hit.node.type === 'BLOCK_LITERAL' || hit.node.type === 'BLOCK_FOLDED';
  if (block && !/\n/.test(t.slice(start, local))) return 'between';
  const at = valueOffset(map, local);
  // Where no character of the value was written (an edit placed at the next one would not hold the cursor).
  if (!map.exact || map.at[at] !== local) return 'between';
  return { language, node: hit.node, map, at, base: chunk.offset, text: t };
}

const md = (value: string) => ({ kind: MarkupKind.Markdown, value });

/**
 * The range a completion replacing value characters `[from, site.at)` edits: from where the first was
 * written to the cursor. LSP requires it on the cursor's line and holding the cursor: where those characters
 * were written across a line break (a double-quoted value continued with `\`), no such edit could replace
 * them, and undefined says so (no items).
 */
function rangeOf(file: ParsedFile, site: Site, from: number) {
  const cursor = site.map.at[site.at];
  const start = from < site.at ? site.map.at[from] : cursor;
  if (start > cursor || /[\r\n]/.test(site.text.slice(start, cursor))) return undefined;
  return file.lines.range(site.base + start, site.base + cursor);
}

// ---------------------------------------------------------------------------------------------------
// PromQL

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
function inPromqlLiteral(v: string, at: number): boolean {
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
type PromqlSpot =
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

function promqlItems(file: ParsedFile, site: Site): CompletionItem[] {
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

function promqlHover(site: Site): { markdown: string; from: number; to: number } | undefined {
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

// ---------------------------------------------------------------------------------------------------
// CEL

const CEL_GLOBALS: [string, string][] = [
  ['size', 'size(string|bytes|list|map) -> int: the length'],
  ['string', 'string(value) -> string: converts a number, boolean, bytes, timestamp or duration'],
  ['int', 'int(value) -> int: converts a number, string or timestamp'],
  ['double', 'double(value) -> double'],
  ['bool', 'bool(string) -> bool'],
  ['has', 'has(self.a.b) -> bool: whether the field is set (macro)'],
  ['dyn', 'dyn(value) -> dyn: defers type checking to evaluation'],
  ['duration', 'duration(string) -> duration, e.g. duration("5m")'],
  ['timestamp', 'timestamp(string) -> timestamp, RFC 3339'],
];
const CEL_METHODS: [string, string][] = [
  ['contains', 'string.contains(string) -> bool'],
  ['startsWith', 'string.startsWith(string) -> bool'],
  ['endsWith', 'string.endsWith(string) -> bool'],
  ['matches', 'string.matches(regex) -> bool (RE2)'],
  ['replace', 'string.replace(old, new[, n]) -> string'],
  ['split', 'string.split(separator[, n]) -> list(string)'],
  ['substring', 'string.substring(start[, end]) -> string'],
  ['lowerAscii', 'string.lowerAscii() -> string'],
  ['upperAscii', 'string.upperAscii() -> string'],
  ['trim', 'string.trim() -> string'],
  ['indexOf', 'string.indexOf(string[, start]) -> int'],
  ['charAt', 'string.charAt(int) -> string'],
  ['format', 'string.format(list) -> string, e.g. "%s:%d".format([host, port])'],
  ['join', 'list(string).join([separator]) -> string'],
  ['map', 'list.map(x, expr) -> list (macro)'],
  ['filter', 'list.filter(x, predicate) -> list (macro)'],
  ['exists', 'list.exists(x, predicate) -> bool (macro)'],
  ['all', 'list.all(x, predicate) -> bool (macro)'],
  ['orValue', 'optional.orValue(default): the value, or the default when absent'],
];

/** The model type and label of a `self`/`secret` chain written as `names` (CEL spelling). */
function resolveChain(
  root: string,
  names: string[],
  site: Site & { language: { lang: 'cel' } },
): { type: Type; field?: Field; label: string } | undefined {
  const { def, where } = site.language;
  let type: Type;
  if (root === 'self') type = envelopeOf(def);
  else if (root === 'secret' && where === 'secretExpressions') type = secretObject(def);
  else return undefined;
  let field: Field | undefined;
  let label = root;
  for (const n of names) {
    const name = unescapeField(n);
    if (type.kind === 'map') {
      type = type.values;
      field = undefined;
    } else if (type.kind === 'object' && type.fields[name]) {
      field = type.fields[name];
      type = field.type;
    } else return undefined;
    label += `.${n}`;
  }
  return { type, field, label };
}

const CHAIN = /\b(self|secret)((?:\s*\.\??\s*[A-Za-z_]\w*)*)\s*\.\??\s*([A-Za-z_]\w*)?$/;

function celItems(file: ParsedFile, site: Site & { language: { lang: 'cel' } }): CompletionItem[] {
  const before = site.map.value.slice(0, site.at);
  const m = CHAIN.exec(before);
  if (m) {
    const partial = m[3] ?? '';
    const names = m[2]
      .split('.')
      .map((s) => s.replace(/[?\s]/g, ''))
      .filter(Boolean);
    const r = resolveChain(m[1], names, site);
    const range = rangeOf(file, site, site.at - partial.length);
    if (!r || !range) return [];
    if (r.type.kind === 'open' || r.type.kind === 'map')
      // The spec does not name these fields (or keys): one item says so rather than an empty list that
      // looks like a broken completion. Accepting it changes nothing.
      return [
        {
          label: partial || '…',
          kind: CompletionItemKind.Text,
          detail:
            r.type.kind === 'map'
              ? `${r.label}: a map; its keys are whatever the resource holds`
              : `${r.label}: the spec leaves this type open; its fields are not known here`,
          filterText: partial,
          textEdit: { range, newText: partial },
          insertTextFormat: InsertTextFormat.PlainText,
        },
      ];
    if (r.type.kind !== 'object') return [];
    const obj: ObjectType = r.type;
    return Object.entries(obj.fields).map(([k, f]) => ({
      label: escapeField(k),
      kind: CompletionItemKind.Field,
      detail: `${typeLabel(f.type)}${f.required ? ' · required' : ''}${f.type.kind === 'open' ? ' · fields not described by the spec' : f.type.kind === 'object' && f.type.unknownFields === 'warning' ? ' · known in part' : ''}`,
      documentation: md(fieldMarkdown(`${r.label}.${k}`.replace(/^self\./, ''), f)),
      textEdit: { range, newText: escapeField(k) },
      insertTextFormat: InsertTextFormat.PlainText,
    }));
  }
  // After a `.` on anything else: methods; elsewhere: variables and functions.
  const dot = /\.\s*([A-Za-z_]\w*)?$/.exec(before);
  const word = /[A-Za-z_]\w*$/.exec(before)?.[0] ?? '';
  const range = rangeOf(file, site, site.at - word.length);
  if (!range) return [];
  const item = (label: string, kind: CompletionItemKind, doc: string): CompletionItem => ({
    label,
    kind,
    detail: doc.split(':')[0],
    documentation: md(doc),
    textEdit: { range, newText: label },
    insertTextFormat: InsertTextFormat.PlainText,
  });
  if (dot) return CEL_METHODS.map(([n, d]) => item(n, CompletionItemKind.Method, d));
  const vars = [
    item(
      'self',
      CompletionItemKind.Variable,
      `self: the ${site.language.def.kind} itself as written (\`apiVersion\`, \`kind\`, \`metadata\`, \`spec\`, \`status\`)`,
    ),
  ];
  if (site.language.where === 'secretExpressions')
    vars.push(
      item(
        'secret',
        CompletionItemKind.Variable,
        `secret: the ${site.language.def.kind}'s secrets, keyed by \`operatorSpec.secrets\` field`,
      ),
    );
  return [...vars, ...CEL_GLOBALS.map(([n, d]) => item(n, CompletionItemKind.Function, d))];
}

function celHover(
  site: Site & { language: { lang: 'cel' } },
): { markdown: string; from: number; to: number } | undefined {
  const v = site.map.value;
  let e = site.at;
  while (e < v.length && /\w/.test(v[e])) e++;
  const m = /\b(self|secret)((?:\s*\.\??\s*[A-Za-z_]\w*)*)$/.exec(v.slice(0, e));
  if (!m) return undefined;
  const names = m[2]
    .split('.')
    .map((s) => s.replace(/[?\s]/g, ''))
    .filter(Boolean);
  const r = resolveChain(m[1], names, site);
  if (!r) return undefined;
  const last = names[names.length - 1] ?? m[1];
  const from = e - last.length;
  if (r.field)
    return {
      markdown: `${fieldMarkdown(r.label.replace(/^self\./, ''), r.field)}\n\nCEL type: \`${celType(r.type)}\``,
      from,
      to: e,
    };
  if (names.length === 0)
    return {
      markdown:
        m[1] === 'self'
          ? `**\`self\`** — the ${site.language.def.kind} as written (\`${celType(r.type)}\`): \`apiVersion\`, \`kind\`, \`metadata\`, \`spec\`, \`status\`.`
          : `**\`secret\`** — the secrets of the ${site.language.def.kind}, all strings: ${
              Object.keys((r.type as ObjectType).fields)
                .map((k) => `\`${k}\``)
                .join(', ') || 'none'
            }.`,
      from,
      to: e,
    };
  return { markdown: `**\`${r.label}\`** — \`${celType(r.type)}\``, from, to: e };
}

/** A model type as CEL writes it (objects by their model name). */
const celType = (t: Type): string => celTypeOf(t, (o) => o.name, 'written');

// ---------------------------------------------------------------------------------------------------
// Entry points

/** Inside the parentheses of `by`, `without`, `on`, `ignoring`, `group_left` or `group_right`: label names. */
function inLabelList(v: string, at: number): boolean {
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

/**
 * Whether completion opened by `trigger` belongs here: in CEL after a `.`; in PromQL after `(` or `,` where
 * an expression starts (not in a label list, a matcher or a range), and where a label name or value goes:
 * `{`, `,` or `(` of `by (…)` before a label, `=` (of `=`, `!=`) before a value.
 */
function triggerFits(site: Site, trigger: string): boolean {
  const v = site.map.value;
  if (site.language.lang === 'cel') return trigger === '.';
  const spot = promqlSpot(v, site.at);
  if (spot) return spot.kind === 'label' ? trigger !== '=' : trigger === '=';
  if (trigger !== '(' && trigger !== ',') return false;
  return !inPromqlLiteral(v, site.at) && !inLabelList(v, site.at);
}

/**
 * Completion inside an embedded expression; undefined when the cursor is not in one. `trigger`: the
 * character that opened it by itself, honoured only where it makes sense (else nothing).
 */
export function embeddedCompletion(file: ParsedFile, offset: number, trigger?: string): CompletionItem[] | undefined {
  const site = siteAt(file, offset);
  if (!site) return undefined;
  if (site === 'between') return [];
  if (trigger && !triggerFits(site, trigger)) return [];
  if (site.language.lang === 'promql') return promqlItems(file, site);
  return celItems(file, site as Site & { language: { lang: 'cel' } });
}

/** Hover inside an embedded expression: file offsets of the word and its markdown. */
export function embeddedHover(
  file: ParsedFile,
  offset: number,
): { markdown: string; start: number; end: number } | undefined {
  const site = siteAt(file, offset);
  if (!site || site === 'between') return undefined;
  const h =
    site.language.lang === 'promql' ? promqlHover(site) : celHover(site as Site & { language: { lang: 'cel' } });
  if (!h) return undefined;
  const [s, e] = spanIn(site.text, site.map, h.from, h.to);
  return { markdown: h.markdown, start: site.base + s, end: site.base + e };
}
