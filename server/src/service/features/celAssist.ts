// Completion and hover inside CEL (a destination expression's `value`): the fields of `self` and `secret`
// walked from the model, with their docs and types, and the variables and functions.
import { CompletionItemKind, InsertTextFormat, type CompletionItem } from '../core/editorTypes';
import type { Field, ObjectType, Type } from '../../model/types';
import { fieldMarkdown, typeLabel } from './markdown';
import type { ParsedFile } from '../core/parse';
import { envelopeOf } from '../../model/envelope';
import { celTypeOf, escapeField, secretObject, unescapeField } from '../checks/embedded/cel/env';
import { md, rangeOf, type Site } from './embeddedSite';

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

export function celItems(file: ParsedFile, site: Site & { language: { lang: 'cel' } }): CompletionItem[] {
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

export function celHover(
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
