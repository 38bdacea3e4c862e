// Proves the model holds the spec: every table row and every prose line of the three spec documents is
// either mapped to checks against the model (kinds, spec and status fields, supporting types, enum values,
// states, path shapes, limits, versions) or allow-listed with a reason. Nothing is left out silently:
// an item no entry maps fails, a backticked value of a mapped item that no check uses fails, and an
// entry that maps nothing fails.
//
// The mapping (ENTRIES, below the engine) is data: per table (by heading, header and the line above it)
// or prose line (by its opening words), where its fields live in the model.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { envelopeOf, listEnvelopeOf } from '../server/src/model/envelope';
import { allKinds, kindsOf, lookup } from '../server/src/model/registry';
import type { Field, KindDef, ObjectType, Type } from '../server/src/model/types';
import { isCode } from '../server/src/service/core/codes';
import { actualDiagnostics, readExpectations } from '../test/expectations';
import { SHARED } from './shared';
import { PROSE_RULES, RULE_WORDS, VALUE_WORDS, type ProseDoc, type ProseRule } from './proseRules';
import { parseFieldList, parseSpecFile, splitTop, ticksOf, type SpecItem } from './specTables';

const SPEC_DIR = join(SHARED, 'spec');
const DOCS = {
  1: '1-common-authorization-appconfiguration-alerts.txt',
  2: '2-storage.txt',
  3: '3-batch-eventgrid.txt',
} as const;
type DocNo = keyof typeof DOCS;

// =====================================================================================================
// Engine: expectations on the model
// =====================================================================================================

/** What a check expects of the type (and field) at a path. */
interface Exp {
  /** Field's `required` flag (true: R; false: O, i.e. absent or false). */
  required?: boolean;
  /** Spec type notation (`string`, `int`, `T[]`, `map[string]T`, `enum …`, a type name); `<Kind>` is the kind. */
  type?: string;
  /** Exact enum values. */
  enum?: string[];
  /** Enum values that must be among the model's. */
  enumIncludes?: string[];
  /** Exactly these values, as an enum or as the items of a delimited list (a combination of them). */
  values?: string[];
  /** A string with an enum (values not given by the spec). */
  isEnum?: boolean;
  /** Exact field names of the object. */
  fields?: string[];
  /** The path must not exist. */
  absent?: boolean;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  maxItems?: number;
  maxEntries?: number;
  keyMaxLength?: number;
  /** maxLength of a string, or of the values of a map of strings. */
  maxLength?: number;
  durationSeconds?: { min?: number; max?: number };
  format?: string;
  delimited?: string[];
  default?: string | number | boolean;
  defaultDocIncludes?: string[];
  docIncludes?: string[];
  createOnly?: boolean;
  irreversible?: boolean;
  deprecated?: boolean;
  /** An exclusive group of exactly these members (of the given mode, or of either). */
  exclusive?: { mode?: 'exactlyOne' | 'atMostOne'; members: string[] };
  /** Reference style of an object type (`known`, `arbitrary`, `wellKnown`). */
  reference?: string;
}

/** A check on every version of each kind: at a path, or a free test of the definition. */
interface Check {
  kinds: readonly string[];
  versions?: readonly string[];
  /** `spec.a.b[].c`, `status.x{}.y`, `envelope.metadata`, `list.items`; `[]` steps into items, `{}` into map values. */
  path?: string;
  exp?: Exp;
  /** A free test: a message on failure. */
  test?: (def: KindDef) => string | undefined;
  what?: string;
  /** Backticked values of the item this check accounts for (besides its path and values). */
  consumes?: string[];
}

const pathSegments = (path: string): string[] =>
  path.split('.').flatMap((p) => {
    const m = /^([^[{]*)((?:\[\]|\{\})*)$/.exec(p);
    if (!m) throw new Error(`bad path ${path}`);
    return [...(m[1] ? [m[1]] : []), ...(m[2].match(/\[\]|\{\}/g) ?? [])];
  });

function rootOf(def: KindDef, seg: string): Type | undefined {
  switch (seg) {
    case 'spec':
      return def.spec;
    case 'status':
      return def.status;
    case 'envelope':
      return envelopeOf(def);
    case 'list':
      return listEnvelopeOf(def);
  }
  throw new Error(`bad root ${seg}`);
}

function resolve(def: KindDef, path: string): { type?: Type; field?: Field } {
  const segs = pathSegments(path);
  let t: Type | undefined = rootOf(def, segs[0]);
  let field: Field | undefined;
  for (const s of segs.slice(1)) {
    field = undefined;
    if (!t) return {};
    if (s === '[]') t = t.kind === 'array' ? t.items : undefined;
    else if (s === '{}') t = t.kind === 'map' ? t.values : undefined;
    else {
      field = t.kind === 'object' ? t.fields[s] : undefined;
      t = field?.type;
    }
  }
  return { type: t, field };
}

const describe = (t: Type | undefined): string =>
  !t
    ? 'nothing'
    : t.kind === 'object' || t.kind === 'open'
      ? `${t.kind} ${t.name}`
      : t.kind === 'array'
        ? `${describe(t.items)}[]`
        : t.kind === 'map'
          ? `map of ${describe(t.values)}`
          : t.kind === 'string' && t.enum
            ? `enum ${t.enumName ?? ''}(${t.enum.map((e) => e.value).join(', ')})`
            : t.kind;

const bare = (name: string) =>
  name
    .replace(/`/g, '')
    .replace(/^(?:genruntime|core|conditions|metav1)\./, '')
    .trim();

/** Whether a model type fits the spec's type notation; a message when not. */
function typeFits(spec: string, t: Type | undefined): string | undefined {
  const s = spec.replace(/`/g, '').trim();
  if (!t) return `expected ${s}, found nothing`;
  const bad = `expected ${s}, found ${describe(t)}`;
  if (s === '' || s === 'embedded') return undefined;
  if (/^(?:kind-specific )?enum\b/.test(s)) return t.kind === 'string' && t.enum?.length ? undefined : bad;
  if (s === 'string' || s === 'strings') return t.kind === 'string' ? undefined : bad;
  if (s === 'int') return t.kind === 'int' ? undefined : bad;
  if (s === 'bool') return t.kind === 'bool' ? undefined : bad;
  if (s === 'float64') return t.kind === 'number' ? undefined : bad;
  if (s.endsWith('[]')) return t.kind === 'array' ? typeFits(s.slice(0, -2), t.items) : bad;
  const m = /^map\[string\](.+)$/.exec(s);
  if (m) return t.kind === 'map' ? typeFits(m[1], t.values) : bad;
  // A named type: an object or open shape of that name, or an enum of that name.
  const name = bare(s);
  if (t.kind === 'object' || t.kind === 'open')
    return t.name === name ? undefined : `expected type ${name}, found ${describe(t)}`;
  if (t.kind === 'string' && t.enum)
    return t.enumName === name ? undefined : `expected enum ${name}, found ${describe(t)}`;
  return bad;
}

const enumValues = (t: Type | undefined): string[] | undefined =>
  t?.kind === 'string' && t.enum ? t.enum.map((e) => e.value) : undefined;
const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join('\u0000') === [...b].sort().join('\u0000');

function evalExp(def: KindDef, path: string, exp: Exp): string[] {
  const errs: string[] = [];
  const { type: t, field } = resolve(def, path);
  if (exp.absent) return t ? [`should be absent, found ${describe(t)}`] : [];
  if (!t) {
    const p = resolve(def, path.replace(/(?:\.[^.]+|\[\]|\{\})$/, '')).type;
    return [
      `missing (parent is ${describe(p)}${p?.kind === 'object' ? ` with fields ${Object.keys(p.fields).join(', ')}` : ''})`,
    ];
  }
  if (exp.required !== undefined) {
    if (!field) errs.push('required flag asked of a path that is not a field');
    else if (!!field.required !== exp.required)
      errs.push(`spec says ${exp.required ? 'R' : 'O'}, model has ${field.required ? 'required' : 'optional'}`);
  }
  if (exp.type !== undefined) {
    const e = typeFits(exp.type.replace(/<Kind>/g, def.kind), t);
    if (e) errs.push(e);
  }
  const ev = enumValues(t) ?? (t.kind === 'array' ? enumValues(t.items) : undefined);
  if (exp.enum && !(ev && sameSet(ev, exp.enum)))
    errs.push(`enum should be exactly [${exp.enum.join(', ')}], model has ${ev ? `[${ev.join(', ')}]` : describe(t)}`);
  if (exp.enumIncludes) {
    const missing = exp.enumIncludes.filter((v) => !ev?.includes(v));
    if (missing.length)
      errs.push(`enum lacks [${missing.join(', ')}] (model: ${ev ? `[${ev.join(', ')}]` : describe(t)})`);
  }
  if (exp.values) {
    const have = ev ?? (t.kind === 'string' ? t.delimited?.items : undefined);
    if (!have || !sameSet(have, exp.values))
      errs.push(
        `values should be exactly [${exp.values.join(', ')}], model has ${describe(t)}${t.kind === 'string' && t.delimited ? ` ${JSON.stringify(t.delimited)}` : ''}`,
      );
  }
  if (exp.isEnum && !ev?.length) errs.push(`should be an enum, found ${describe(t)}`);
  if (exp.fields) {
    const have = t.kind === 'object' ? Object.keys(t.fields) : [];
    if (!sameSet(have, exp.fields))
      errs.push(`fields should be exactly [${exp.fields.join(', ')}], model has [${have.join(', ')}]`);
  }
  const num = (k: 'minimum' | 'maximum' | 'exclusiveMinimum') => {
    if (exp[k] === undefined) return;
    const v = t.kind === 'int' ? t[k] : t.kind === 'number' && k !== 'exclusiveMinimum' ? t[k] : undefined;
    if (v !== exp[k]) errs.push(`${k} should be ${exp[k]}, model has ${String(v)}`);
  };
  num('minimum');
  num('maximum');
  num('exclusiveMinimum');
  for (const k of ['minItems', 'maxItems'] as const) {
    if (exp[k] === undefined) continue;
    const v = t.kind === 'array' ? t[k] : undefined;
    if (v !== exp[k]) errs.push(`${k} should be ${exp[k]}, model has ${String(v)}`);
  }
  for (const k of ['maxEntries', 'keyMaxLength'] as const) {
    if (exp[k] === undefined) continue;
    const v = t.kind === 'map' ? t[k] : undefined;
    if (v !== exp[k]) errs.push(`${k} should be ${exp[k]}, model has ${String(v)}`);
  }
  if (exp.maxLength !== undefined) {
    const s = t.kind === 'map' ? t.values : t;
    const v = s.kind === 'string' ? s.maxLength : undefined;
    if (v !== exp.maxLength) errs.push(`maxLength should be ${exp.maxLength}, model has ${String(v)}`);
  }
  if (exp.durationSeconds) {
    const v = t.kind === 'string' ? t.durationSeconds : undefined;
    if (v?.min !== exp.durationSeconds.min || v?.max !== exp.durationSeconds.max)
      errs.push(`duration bounds should be ${JSON.stringify(exp.durationSeconds)}, model has ${JSON.stringify(v)}`);
  }
  if (exp.format !== undefined && (t.kind !== 'string' || t.format !== exp.format))
    errs.push(`format should be ${exp.format}, model has ${t.kind === 'string' ? String(t.format) : describe(t)}`);
  if (exp.delimited) {
    const d = t.kind === 'string' ? t.delimited : undefined;
    if (!d || d.separator !== ';' || !sameSet(d.items, exp.delimited))
      errs.push(`should be a ';'-separated list of [${exp.delimited.join(', ')}], model has ${JSON.stringify(d)}`);
  }
  if (exp.default !== undefined && field?.default !== exp.default)
    errs.push(`default should be ${String(exp.default)}, model has ${String(field?.default)}`);
  for (const w of exp.defaultDocIncludes ?? [])
    if (!`${field?.defaultDoc ?? ''} ${field?.default ?? ''}`.includes(w))
      errs.push(`default wording should mention ${w}, model has ${JSON.stringify(field?.defaultDoc)}`);
  for (const w of exp.docIncludes ?? []) {
    const doc = `${field?.doc ?? ''} ${t.kind === 'object' ? (t.doc ?? '') : ''}`;
    if (!doc.toLowerCase().includes(w.toLowerCase()))
      errs.push(`doc should mention "${w}", model has ${JSON.stringify(doc.trim())}`);
  }
  if (exp.createOnly !== undefined && !!field?.createOnly !== exp.createOnly)
    errs.push(`createOnly should be ${exp.createOnly}`);
  if (exp.irreversible && !field?.irreversible) errs.push('should carry an irreversible note');
  if (exp.deprecated && !field?.deprecated) errs.push('should be marked deprecated');
  if (exp.exclusive) {
    const groups = t.kind === 'object' ? (t.exclusive ?? []) : [];
    if (
      !groups.some(
        (g) => (!exp.exclusive!.mode || g.mode === exp.exclusive!.mode) && sameSet(g.members, exp.exclusive!.members),
      )
    )
      errs.push(
        `should have an ${exp.exclusive.mode ?? 'exclusive'} group of [${exp.exclusive.members.join(', ')}], model has ${JSON.stringify(groups)}`,
      );
  }
  if (exp.reference !== undefined && (t.kind !== 'object' || t.reference !== exp.reference))
    errs.push(
      `reference style should be ${exp.reference}, model has ${t.kind === 'object' ? String(t.reference) : describe(t)}`,
    );
  return errs;
}

/** Every definition of the named kinds (all versions, or the given ones); a kind with none is an error. */
function defsOf(kinds: readonly string[], versions?: readonly string[]): { defs: KindDef[]; errs: string[] } {
  const defs: KindDef[] = [];
  const errs: string[] = [];
  for (const spec of kinds) {
    // `Kind@version` names one version of a kind.
    const [k, only] = spec.split('@');
    const ds = allKinds.filter(
      (d) => d.kind === k && (!versions || versions.includes(d.version)) && (!only || d.version === only),
    );
    if (!ds.length) errs.push(`kind ${spec}${versions ? ` (${versions.join(', ')})` : ''} is not in the model`);
    defs.push(...ds);
  }
  return { defs, errs };
}

function runCheck(c: Check): string[] {
  const { defs, errs } = defsOf(c.kinds, c.versions);
  const out = [...errs];
  for (const d of defs) {
    const at = `${d.kind}@${d.version}`;
    if (c.path) for (const e of evalExp(d, c.path, c.exp ?? {})) out.push(`${at} ${c.path}: ${e}`);
    if (c.test) {
      const e = c.test(d);
      if (e) out.push(`${at}${c.what ? ` (${c.what})` : ''}: ${e}`);
    }
  }
  return out;
}

/** Backticked values a check accounts for: its path's names, its values and its declared extras. */
function consumedBy(c: Check): string[] {
  const out: string[] = [...(c.consumes ?? []), ...(c.versions ?? []), ...c.kinds.flatMap((k) => k.split('@'))];
  if (c.path) {
    out.push(c.path, c.path.replace(/^(?:spec|status|envelope|list)\./, ''));
    for (const s of pathSegments(c.path)) out.push(s);
  }
  const e = c.exp;
  if (e) {
    out.push(
      ...(e.enum ?? []),
      ...(e.enumIncludes ?? []),
      ...(e.values ?? []),
      ...(e.delimited ?? []),
      ...(e.fields ?? []),
      ...(e.exclusive?.members ?? []),
    );
    if (e.type) out.push(e.type, ...ticksOf(e.type));
    if (typeof e.default === 'string') out.push(e.default);
    out.push(...(e.docIncludes ?? []).flatMap((w) => [w, ...ticksOf(w)]));
  }
  return out;
}

// =====================================================================================================
// Engine: the mapping and how it turns items into checks
// =====================================================================================================

/** A comma list of fields inside a text (a prose line, or a table cell). */
interface Seg {
  /** The list starts after the first occurrence of this marker (default: the start). */
  after?: string;
  /** … and ends before the first occurrence of this marker after the start (default: the end). */
  before?: string;
  /** Which cell of a table row holds the list (default: the last). */
  cell?: number;
  kinds: readonly string[];
  versions?: readonly string[];
  /** Path of the object holding the listed fields, e.g. `spec.cors.corsRules[]`. */
  base: string | string[];
  /** R/O of items that say neither (default false: O). */
  required?: boolean;
  /** Type of items that give none. */
  type?: string;
  /** Listed fields also checked to exist (optional) at this status path, minus `statusSkip`. */
  status?: string;
  statusSkip?: string[];
  /** Items of the list that are not `name (note)`: a reason, or the field names they stand for. */
  rest?: Record<string, string | string[]>;
  /** Per field name: expectations added to (or, for `type: ''`, replacing) the generated ones. */
  item?: Record<string, Exp>;
}

interface RowOpt {
  /** Allow-listed: the reason. */
  allow?: string;
  /** Field tables: the path instead of `<base>.<name>`. */
  path?: string;
  kinds?: readonly string[];
  versions?: readonly string[];
  /** Field tables: overrides the R/O column (`null`: not checked). */
  required?: boolean | null;
  /** Field tables: overrides the Type column (`null`: not checked). */
  type?: string | null;
  /** Field tables: expectations added to the generated ones. */
  exp?: Exp;
  /** Field tables: no enum values taken from the Type or Notes cells. */
  noEnum?: boolean;
  checks?: Check[];
  segs?: Seg[];
  /** Backticked values the row mentions that are not fields or values of the model: each with a reason. */
  ticks?: Record<string, string>;
}

interface Entry {
  doc: DocNo;
  /** Tables: last heading, first header cell and (optional) start of the line above the table. */
  table?: { heading: string; header0: string; context?: string };
  /** Prose: the start of the line. */
  starts?: string;
  /** Allow-listed: the reason. */
  allow?: string;
  /** A table of fields: rows `| field | type | R/O | notes |` (or without R/O: all O). */
  fields?: { kinds: readonly string[]; versions?: readonly string[]; base: string };
  /** Per row (by first cell): options. Tables without `fields` or `row` must list every row here. */
  rows?: Record<string, RowOpt>;
  /** A table whose rows are mapped by a function of the cells. */
  row?: (cells: string[]) => RowOpt;
  segs?: Seg[];
  checks?: Check[];
  ticks?: Record<string, string>;
}

interface Resolved {
  item: SpecItem;
  status: 'mapped' | 'allowed' | 'unmapped';
  reason?: string;
  checks: Check[];
  /** Problems found while mapping (unparsed list items, backticked values no check uses). */
  problems: string[];
}

const norm = (s: string) => s.replace(/`/g, '');

function segText(text: string, seg: Seg): string | undefined {
  let t = text;
  if (seg.after !== undefined) {
    const i = t.indexOf(seg.after);
    if (i < 0) return undefined;
    t = t.slice(i + seg.after.length);
  }
  if (seg.before !== undefined) {
    const i = t.indexOf(seg.before);
    if (i < 0) return undefined;
    t = t.slice(0, i);
  }
  return t.replace(/^\s*:\s*/, '');
}

const TYPE_TOKEN = /^(?:string|strings|int|bool|float64|enum\b.*|map\[string\][\w.]+|[A-Za-z][\w.]*(?:\[\])?)$/;

/** Checks of a list segment; problems for unparsed items. */
function segChecks(text: string, seg: Seg, problems: string[]): Check[] {
  const t = segText(text, seg);
  if (t === undefined) {
    problems.push(`list marker not found: after ${JSON.stringify(seg.after)} before ${JSON.stringify(seg.before)}`);
    return [];
  }
  const { fields, rest } = parseFieldList(t);
  const names: { name: string; paren: string; required?: boolean; enumValues: string[] }[] = [...fields];
  for (const r of rest) {
    const how = seg.rest?.[r];
    if (how === undefined) problems.push(`list item not understood: ${JSON.stringify(r)}`);
    else if (Array.isArray(how)) for (const n of how) names.push({ name: n, paren: '', enumValues: [] });
  }
  const checks: Check[] = [];
  const bases = Array.isArray(seg.base) ? seg.base : [seg.base];
  for (const f of names) {
    const first = splitTop(f.paren, ',;')[0]?.replace(/`/g, '').trim() ?? '';
    const ptype = first && first !== 'R' && first !== 'O' && TYPE_TOKEN.test(first) ? first : undefined;
    const over = seg.item?.[f.name] ?? {};
    const exp: Exp = {
      required: f.required ?? seg.required ?? false,
      ...((ptype ?? seg.type) ? { type: ptype ?? seg.type } : {}),
      ...(f.enumValues.length ? { enum: f.enumValues } : {}),
      ...over,
    };
    if (exp.type === '') delete exp.type;
    for (const b of bases)
      checks.push({
        kinds: seg.kinds,
        versions: seg.versions,
        path: `${b}.${f.name}`,
        exp,
        consumes: ticksOf(f.paren).filter((x) => exp.type?.includes(x)),
      });
    if (seg.status && !seg.statusSkip?.includes(f.name))
      checks.push({
        kinds: seg.kinds,
        versions: seg.versions,
        path: `${seg.status}.${f.name}`,
        exp: { required: false },
      });
  }
  return checks;
}

/** Leading backticked list of a cell: "`A`, `B`; more" gives A, B. */
const leadingTicks = (cell: string): string[] => {
  const m = /^(`[^`]*`(?:\s*,\s*`[^`]*`)*)\s*(?:[;.]|$)/.exec(cell.trim());
  return m ? ticksOf(m[1]) : [];
};

function fieldRowChecks(e: Entry, item: SpecItem, opt: RowOpt, problems: string[]): Check[] {
  const f = e.fields!;
  const col = (name: string) => item.header.indexOf(name);
  const typeCell = col('Type') >= 0 ? item.cells[col('Type')] : '';
  const roCell = col('R/O') >= 0 ? item.cells[col('R/O')] : 'O';
  const notes = col('Notes') >= 0 ? item.cells[col('Notes')] : '';
  const names = item.cells[0]
    .split(',')
    .map((s) => norm(s).trim())
    .filter(Boolean);
  let required: boolean | undefined;
  if (opt.required !== undefined) required = opt.required ?? undefined;
  else if (roCell === 'R') required = true;
  else if (roCell === 'O') required = false;
  else if (roCell !== '') problems.push(`R/O cell not understood: ${JSON.stringify(roCell)}`);
  const type = opt.type === null ? undefined : (opt.type ?? typeCell);
  let values: string[] = [];
  if (!opt.noEnum) {
    if (/^enum\b/.test(typeCell)) values = ticksOf(typeCell);
    if (!values.length && /^(?:kind-specific )?enum$/.test(typeCell)) values = leadingTicks(notes);
  }
  const checks: Check[] = [];
  for (const n of names) {
    const exp: Exp = {
      ...(required !== undefined ? { required } : {}),
      ...(type ? { type } : {}),
      ...(values.length ? { enum: values } : {}),
      ...opt.exp,
    };
    checks.push({
      kinds: opt.kinds ?? f.kinds,
      versions: opt.versions ?? f.versions,
      path: opt.path ?? `${f.base}.${n}`,
      exp,
      consumes: [n, ...ticksOf(typeCell)],
    });
  }
  return checks;
}

function resolveItem(item: SpecItem, entries: Entry[], used: Set<Entry>, usedRows: Set<string>): Resolved {
  const docNo = (Object.keys(DOCS) as unknown as DocNo[]).find((k) => DOCS[k] === item.doc)!;
  const heading = item.headings.at(-1) ?? '';
  const matches = entries.filter((e) => {
    if (Number(e.doc) !== Number(docNo)) return false;
    if (item.what === 'row')
      return (
        !!e.table &&
        e.table.heading === heading &&
        e.table.header0 === item.header[0] &&
        (e.table.context === undefined ||
          (e.table.context === '' ? item.context === '' : item.context.startsWith(e.table.context)))
      );
    return e.starts !== undefined && item.text.startsWith(e.starts);
  });
  // Prose: the longest matching opening wins (e.g. "Owner: a StorageAccount. Spec: `cors`" over "Owner: a StorageAccount. Spec:").
  if (item.what === 'prose' && matches.length > 1) {
    const longest = Math.max(...matches.map((e) => e.starts!.length));
    matches.splice(0, matches.length, ...matches.filter((e) => e.starts!.length === longest));
  }
  if (matches.length !== 1)
    return {
      item,
      status: 'unmapped',
      checks: [],
      problems: matches.length ? [`${matches.length} entries match`] : [],
      reason: matches.length ? 'ambiguous mapping' : undefined,
    };
  const e = matches[0];
  used.add(e);
  if (e.allow) return { item, status: 'allowed', reason: e.allow, checks: [], problems: [] };
  const problems: string[] = [];
  const checks: Check[] = [];
  let ticks: Record<string, string> = { ...e.ticks };
  let opt: RowOpt | undefined;
  if (item.what === 'row') {
    const key = item.cells[0];
    opt = e.rows?.[key];
    if (opt) usedRows.add(`${DOCS[e.doc]}|${e.table!.heading}|${key}`);
    if (!opt && e.row) opt = e.row(item.cells);
    if (!opt && !e.fields) return { item, status: 'unmapped', checks: [], problems: [] };
    opt ??= {};
    if (opt.allow) return { item, status: 'allowed', reason: opt.allow, checks: [], problems: [] };
    if (e.fields) checks.push(...fieldRowChecks(e, item, opt, problems));
    ticks = { ...ticks, ...opt.ticks };
    checks.push(...(opt.checks ?? []));
    for (const s of opt.segs ?? [])
      checks.push(
        ...segChecks(s.cell !== undefined ? item.cells[s.cell] : item.cells[item.cells.length - 1], s, problems),
      );
  } else {
    checks.push(...(e.checks ?? []));
    for (const s of e.segs ?? []) checks.push(...segChecks(item.text, s, problems));
  }
  if (item.what === 'row' && e.checks) checks.push(...e.checks);
  if (!checks.length) problems.push('mapped to no check');
  const consumed = new Set(checks.flatMap(consumedBy));
  const unaccounted = [...new Set(item.ticks)].filter((t) => !consumed.has(t) && !(t in ticks));
  if (unaccounted.length)
    problems.push(`backticked values no check uses: ${unaccounted.map((t) => `\`${t}\``).join(', ')}`);
  return { item, status: 'mapped', checks, problems };
}

// =====================================================================================================
// Kinds of the three documents
// =====================================================================================================

const AUTH = ['RoleAssignment', 'RoleDefinition'] as const;
const APPCONF = ['ConfigurationStore', 'KeyValue', 'Replica', 'Snapshot'] as const;
const DOC1_KINDS = [...AUTH, ...APPCONF, 'PrometheusRuleGroup'] as const;
const STORAGE = [
  'StorageAccount',
  'StorageAccountsBlobService',
  'StorageAccountsBlobServicesContainer',
  'StorageAccountsFileService',
  'StorageAccountsFileServicesShare',
  'StorageAccountsManagementPolicy',
  'StorageAccountsQueueService',
  'StorageAccountsQueueServicesQueue',
  'StorageAccountsTableService',
  'StorageAccountsTableServicesTable',
] as const;
const SERVICES = [
  'StorageAccountsBlobService',
  'StorageAccountsFileService',
  'StorageAccountsQueueService',
  'StorageAccountsTableService',
] as const;
const EVENTGRID = ['Domain', 'DomainsTopic', 'Topic', 'EventSubscription'] as const;
const DOC3_KINDS = ['BatchAccount', ...EVENTGRID] as const;
const ALL = [...DOC1_KINDS, ...STORAGE, ...DOC3_KINDS] as const;
/** Kinds that are not owned by a fixed kind: any resource may own them. */
const EXTENSION = ['RoleAssignment', 'RoleDefinition', 'EventSubscription'] as const;
/** The kinds whose `location` is R ("top-level resources … that have it"). */
const TOP_LEVEL = [
  'ConfigurationStore',
  'PrometheusRuleGroup',
  'StorageAccount',
  'BatchAccount',
  'Domain',
  'Topic',
] as const;
/** Kinds with a cloud name (the singleton storage services and the management policy are named `default`). */
const NAMED = ALL.filter(
  (k) => !(SERVICES as readonly string[]).includes(k) && k !== 'StorageAccountsManagementPolicy',
);
/** Kinds whose status shows `systemData` (RoleAssignment only in `v20220401`). */
const SYSTEM_DATA = [
  'ConfigurationStore',
  'Replica',
  'PrometheusRuleGroup',
  'BatchAccount',
  'Domain',
  'DomainsTopic',
  'Topic',
  'EventSubscription',
] as const;
/** Kinds whose spec has `tags`. */
const TAGGED = [
  'ConfigurationStore',
  'KeyValue',
  'Snapshot',
  'PrometheusRuleGroup',
  'StorageAccount',
  'BatchAccount',
  'Domain',
  'Topic',
] as const;
/** Kinds whose status shows `location` / `tags` / `provisioningState`. */
const STATUS_LOCATION = [
  'ConfigurationStore',
  'Replica',
  'PrometheusRuleGroup',
  'StorageAccount',
  'BatchAccount',
  'Domain',
  'Topic',
] as const;
const STATUS_TAGS = [
  'ConfigurationStore',
  'KeyValue',
  'Snapshot',
  'PrometheusRuleGroup',
  'StorageAccount',
  'BatchAccount',
  'Domain',
  'Topic',
] as const;
const PROVISIONED = [
  'ConfigurationStore',
  'Replica',
  'Snapshot',
  'StorageAccount',
  'BatchAccount',
  'Domain',
  'DomainsTopic',
  'Topic',
  'EventSubscription',
] as const;

const ACCOUNT_PATH =
  '/subscriptions/{subscriptionId}/resourceGroups/{resourceGroupName}/providers/Provider.Storage/storageAccounts/{accountName}';
const STORE_PATH =
  '/subscriptions/{subscriptionId}/resourceGroups/{resourceGroupName}/providers/Provider.AppConfiguration/configurationStores/{configStoreName}';
const DOMAIN_PATH =
  '/subscriptions/{subscriptionId}/resourceGroups/{resourceGroupName}/providers/Provider.EventGrid/domains/{domainName}';
/** Path prefixes the Endpoints tables abbreviate. */
const PATH_PREFIXES: Record<string, string> = {
  '<account>': ACCOUNT_PATH,
  '<ConfigurationStore path>': STORE_PATH,
  '<Domain path>': DOMAIN_PATH,
};

// ---- Check builders ----

const at = (kinds: readonly string[], path: string, exp: Exp = {}, versions?: readonly string[]): Check => ({
  kinds,
  path,
  exp,
  versions,
});
const defTest = (
  kinds: readonly string[],
  what: string,
  test: (d: KindDef) => string | undefined,
  consumes: string[] = [],
  versions?: readonly string[],
): Check => ({
  kinds,
  what,
  test,
  consumes,
  versions,
});

const ownerIs = (kinds: readonly string[], owner: string | 'arbitrary', consumes: string[] = []): Check =>
  defTest(
    kinds,
    `owner ${owner}`,
    (d) => {
      const ref = d.spec.fields.owner;
      const t = ref?.type;
      if (!ref?.required) return 'spec.owner should be required';
      if (owner === 'arbitrary')
        return d.owner.style === 'arbitrary' && t?.kind === 'object' && t.name === 'ArbitraryOwnerReference'
          ? undefined
          : `owner should be an ArbitraryOwnerReference, model has ${JSON.stringify(d.owner)} / ${describe(t)}`;
      return d.owner.style === 'known' &&
        d.owner.kind === owner &&
        t?.kind === 'object' &&
        t.name === 'KnownResourceReference'
        ? undefined
        : `owner should be a KnownResourceReference to ${owner}, model has ${JSON.stringify(d.owner)} / ${describe(t)}`;
    },
    consumes,
  );

const statesAre = (kinds: readonly string[], values: string[]): Check[] => [
  defTest(
    kinds,
    'provisioningStates',
    (d) =>
      d.provisioningStates && sameSet(d.provisioningStates, values)
        ? undefined
        : `provisioningStates should be [${values.join(', ')}], model has ${JSON.stringify(d.provisioningStates)}`,
    values,
  ),
  at(kinds, 'status.provisioningState', { required: false, enum: values }),
];

const pathIs = (kind: string, shape: string | undefined): Check =>
  defTest([kind], 'pathShape', (d) =>
    d.pathShape === shape ? undefined : `pathShape should be ${String(shape)}, model has ${String(d.pathShape)}`,
  );

const apiIs = (area: string, versions: string[], value: string): Check[] => [
  defTest(
    allKinds.filter((d) => d.area === area).map((d) => d.kind),
    `${area} versions`,
    () => {
      const have = [...new Set(allKinds.filter((d) => d.area === area).map((d) => d.version))];
      return sameSet(have, versions)
        ? undefined
        : `area ${area} should have versions [${versions.join(', ')}], model has [${have.join(', ')}]`;
    },
  ),
  defTest(
    [...new Set(allKinds.filter((d) => d.area === area).map((d) => d.kind))],
    'apiVersionValue',
    (d) =>
      d.apiVersionValue === value ? undefined : `apiVersionValue should be ${value}, model has ${d.apiVersionValue}`,
    [value, `${area}.{api_domain}`, ...versions],
  ),
];

/** Status mirrors every spec field but `except`. */
const mirrors = (kinds: readonly string[], except = ['cloudName', 'operatorSpec', 'owner']): Check =>
  defTest(kinds, 'status mirrors spec', (d) => {
    const missing = Object.keys(d.spec.fields).filter((f) => !except.includes(f) && !(f in d.status.fields));
    return missing.length ? `spec fields missing from status: ${missing.join(', ')}` : undefined;
  });

/** No field anywhere under `status` is required. */
function requiredUnder(t: Type, path: string, out: string[]) {
  if (t.kind === 'object')
    for (const [k, f] of Object.entries(t.fields)) {
      if (f.required) out.push(`${path}.${k}`);
      requiredUnder(f.type, `${path}.${k}`, out);
    }
  else if (t.kind === 'array') requiredUnder(t.items, `${path}[]`, out);
  else if (t.kind === 'map') requiredUnder(t.values, `${path}{}`, out);
}
const statusAllOptional = (kinds: readonly string[]): Check =>
  defTest(kinds, 'status all optional', (d) => {
    const out: string[] = [];
    requiredUnder(d.status, 'status', out);
    return out.length ? `required fields under status: ${out.join(', ')}` : undefined;
  });

const objName = (t: Type | undefined) => (t?.kind === 'object' || t?.kind === 'open' ? t.name : undefined);

// =====================================================================================================
// The mapping
// =====================================================================================================

const GAP_NOTE =
  'gap note: lists what the spec does not show; the model fills these from reference-shapes.md, outside this test';

const ENTRIES: Entry[] = [];

const INTRO = 'introduces the table or list that follows, which is mapped row by row';
const NOT_SHOWN = 'the spec says this is not shown: nothing for the model to hold';
const COMMON_STATUS = ['conditions', 'id', 'name', 'type', 'location', 'tags', 'provisioningState', 'systemData'];
const TWO_LISTS = ['configMapExpressions', 'secretExpressions'];
/** A JSON copy without `doc` strings (wording may differ between versions). */
const stripDocs = (o: unknown): unknown => JSON.parse(JSON.stringify(o, (k, v) => (k === 'doc' ? undefined : v)));
const without = (o: ObjectType, ...keys: string[]) => ({
  ...o,
  fields: Object.fromEntries(Object.entries(o.fields).filter(([k]) => !keys.includes(k))),
});

/** Rows of an Endpoints table: `| Kind | \`path\` |`, with the spec's abbreviated prefixes expanded. */
const endpointRow = (cells: string[]): RowOpt => {
  const raw = ticksOf(cells[1])[0] ?? '';
  let shape = raw;
  for (const [p, full] of Object.entries(PATH_PREFIXES)) if (shape.startsWith(p)) shape = full + shape.slice(p.length);
  return { checks: [{ ...pathIs(cells[0], shape), consumes: [raw] }] };
};

/** Rows of a States table: `| Kind, Kind | \`A\`, \`B\` |`. */
const statesRow = (cells: string[]): RowOpt => {
  const values = ticksOf(cells[1]);
  if (!values.length) return {};
  return {
    checks: statesAre(
      cells[0].split(',').map((s) => s.trim()),
      values,
    ),
  };
};

/** Rows of a Versioning table: `| area.{api_domain} | \`v…\` | \`yyyy-mm-dd\` |`. */
const versioningRow = (cells: string[]): RowOpt => ({
  checks: apiIs(cells[0].split('.')[0], ticksOf(cells[1]), ticksOf(cells[2])[0]),
});

const listKind = (kinds: readonly string[]): Check =>
  defTest(
    kinds,
    '<Kind>List',
    (d) => {
      const l = lookup(`${d.area}.cloud.example.com/${d.version}`, `${d.kind}List`);
      return l.status === 'ok' && l.list && l.def === d ? undefined : `${d.kind}List is not recognised (${l.status})`;
    },
    ['<Kind>List'],
  );

/** Objects (and items of lists of objects) of the status mirror of a spec field are named `<spec name>_STATUS`. */
const statusTypesNamed = (kinds: readonly string[]): Check =>
  defTest(kinds, 'status type names', (d) => {
    const bad: string[] = [];
    for (const [k, f] of Object.entries(d.spec.fields)) {
      const s = d.status.fields[k];
      if (!s) continue;
      const a = f.type.kind === 'array' ? f.type.items : f.type;
      const b = s.type.kind === 'array' ? s.type.items : s.type;
      const n = objName(a);
      if (n && objName(b) !== `${n}_STATUS`) bad.push(`${k}: ${n} → ${String(objName(b) ?? describe(b))}`);
    }
    return bad.length ? `status types not named <spec type>_STATUS: ${bad.join('; ')}` : undefined;
  });

ENTRIES.push(
  // ---------------------------------------------------------------- document 1: preamble and conventions
  { doc: 1, starts: 'This document covers the shared resource model', allow: 'overview of the three documents' },
  {
    doc: 1,
    starts: '`{api_domain}` stands for',
    checks: [
      defTest(
        ALL,
        'any domain',
        (d) =>
          lookup(`${d.area}.example.org/${d.version}`, d.kind).status === 'ok'
            ? undefined
            : `${d.area}.example.org/${d.version} is not recognised`,
        ['{api_domain}', '<area>.{api_domain}', 'authorization.{api_domain}'],
      ),
    ],
  },
  {
    doc: 1,
    starts: 'Where an identifier would carry',
    checks: [
      at(NAMED, 'spec.cloudName', { required: false, type: 'string' }),
      at(['StorageAccount'], 'spec.encryption.keySource', { enumIncludes: ['Provider.Keyvault'] }),
      defTest(
        ALL,
        'Provider. prefix',
        (d) =>
          !d.pathShape || !d.pathShape.includes('/providers/') || /\/providers\/Provider\.[A-Za-z]+\//.test(d.pathShape)
            ? undefined
            : `path without the Provider. prefix: ${d.pathShape}`,
        ['Provider.'],
      ),
    ],
    ticks: {
      Cloud: 'naming convention of type names and values; no field of its own',
      Provider: 'naming convention of type names and values; no field of its own',
    },
  },
  {
    doc: 1,
    starts: 'Field tables use the columns',
    allow: 'type notation; typeFits() in this test implements it for every Type cell',
  },
  {
    doc: 1,
    starts: 'Every `_STATUS` type is the observed',
    checks: [
      statusAllOptional(ALL),
      defTest(
        ALL,
        'status type name',
        (d) => (d.status.name === `${d.kind}_STATUS` ? undefined : `status type is ${d.status.name}`),
        ['_STATUS'],
      ),
      defTest(ALL, 'spec type name', (d) =>
        d.spec.name === `${d.kind}_Spec` ? undefined : `spec type is ${d.spec.name}`,
      ),
    ],
  },
  {
    doc: 1,
    starts: 'The service exposes cloud infrastructure',
    checks: [
      at(ALL, 'envelope.spec', { type: '<Kind>_Spec' }),
      at(ALL, 'envelope.status', { required: false, type: '<Kind>_STATUS' }),
    ],
  },
  {
    doc: 1,
    starts: 'An operator interprets the object',
    allow: 'operator behaviour; the path shapes are checked under Endpoints',
  },
  { doc: 1, starts: 'Resources form an ownership tree', checks: [at(ALL, 'spec.owner', { required: true })] },
  {
    doc: 1,
    starts: 'The `operatorSpec` part of a spec',
    checks: [at(ALL, 'spec.operatorSpec', { required: false, docIncludes: ['never sent to the cloud'] })],
  },
  { doc: 1, starts: 'Reconciliation behaviour', allow: NOT_SHOWN },
  { doc: 1, starts: 'Areas in this document:', allow: 'names the areas; their kinds are checked section by section' },

  // ---------------------------------------------------------------- envelope
  {
    doc: 1,
    table: { heading: 'Envelope shared by every resource kind', header0: 'Field' },
    rows: {
      'metav1.TypeMeta': {
        checks: [
          at(ALL, 'envelope.apiVersion', { required: true, type: 'string' }),
          at(ALL, 'envelope.kind', { required: true, type: 'string' }),
        ],
      },
      'metav1.ObjectMeta': { checks: [at(ALL, 'envelope.metadata', { required: true, type: 'metav1.ObjectMeta' })] },
      // The spec marks `spec` O; the model requires it exactly when the spec type has a required field
      // (every kind has one: `owner`, or `location` for ResourceGroup), which is what O means in practice.
      spec: {
        checks: [
          at(ALL, 'envelope.spec', { type: '<Kind>_Spec' }),
          defTest(ALL, 'spec R/O', (d) => {
            const f = envelopeOf(d).fields.spec;
            return !f.required || Object.values(d.spec.fields).some((x) => x.required)
              ? undefined
              : 'spec is required although no spec field is';
          }),
        ],
      },
      status: { checks: [at(ALL, 'envelope.status', { required: false, type: '<Kind>_STATUS' })] },
    },
  },
  {
    doc: 1,
    starts: 'Every kind has a list kind',
    checks: [
      listKind(ALL),
      at(ALL, 'list.apiVersion', { type: 'string' }),
      { ...at(ALL, 'list.kind', { type: 'string' }), consumes: ['metav1.TypeMeta'] },
      at(ALL, 'list.metadata', { type: 'metav1.ListMeta' }),
      at(ALL, 'list.items', { required: false, type: '<Kind>[]' }),
    ],
  },

  // ---------------------------------------------------------------- spec fields present on most kinds
  {
    doc: 1,
    table: { heading: 'Spec fields present on most kinds', header0: 'Field' },
    fields: { kinds: ALL, base: 'spec' },
    rows: {
      cloudName: {
        kinds: NAMED,
        checks: [at([...SERVICES, 'StorageAccountsManagementPolicy'], 'spec.cloudName', { absent: true })],
      },
      owner: {
        type: null,
        checks: [
          defTest(ALL, 'owner reference type', (d) => {
            const want = (EXTENSION as readonly string[]).includes(d.kind)
              ? 'ArbitraryOwnerReference'
              : 'KnownResourceReference';
            return objName(d.spec.fields.owner?.type) === want
              ? undefined
              : `owner should be ${want}, model has ${describe(d.spec.fields.owner?.type)}`;
          }),
        ],
      },
      location: { kinds: TOP_LEVEL, required: true },
      tags: { kinds: TAGGED },
    },
  },

  // ---------------------------------------------------------------- operator settings
  {
    doc: 1,
    starts: 'Every `<Kind>OperatorSpec` has:',
    checks: [at(ALL, 'spec.operatorSpec', { type: '<Kind>OperatorSpec' })],
  },
  {
    doc: 1,
    table: { heading: 'Operator settings (operatorSpec)', header0: 'Field' },
    fields: { kinds: ALL, base: 'spec.operatorSpec' },
  },
  { doc: 1, starts: 'Additional fields exist on some kinds:', allow: INTRO },
  {
    doc: 1,
    starts: '`namingConvention` (string, O)',
    checks: [
      at(AUTH, 'spec.operatorSpec.namingConvention', { required: false, type: 'string', enum: ['stable', 'random'] }),
      defTest(
        AUTH,
        'uuid cloud name',
        (d) => (d.cloudNameDefault === 'uuid' ? undefined : `cloudNameDefault is ${String(d.cloudNameDefault)}`),
        ['cloudName'],
      ),
    ],
  },
  {
    doc: 1,
    starts: '`secrets` (`ConfigurationStoreOperatorSecrets`, O)',
    checks: [
      at(['ConfigurationStore'], 'spec.operatorSpec.secrets', {
        required: false,
        type: 'ConfigurationStoreOperatorSecrets',
      }),
    ],
  },
  {
    doc: 1,
    starts: '`configMaps` and `secrets` on the storage account',
    checks: [
      at(['StorageAccount'], 'spec.operatorSpec.configMaps', { required: false }),
      at(['StorageAccount'], 'spec.operatorSpec.secrets', { required: false }),
    ],
  },

  // ---------------------------------------------------------------- common status fields
  {
    doc: 1,
    table: { heading: 'Status fields present on most kinds', header0: 'Field' },
    fields: { kinds: ALL, base: 'status' },
    rows: {
      id: {
        checks: [
          at(
            ALL.filter((k) => k !== 'RoleAssignment'),
            'status.id',
            {
              docIncludes: [
                '/subscriptions/{subscriptionId}/resourceGroups/{resourceGroupName}/providers/{resourceProviderNamespace}/{resourceType}/{resourceName}',
              ],
            },
          ),
        ],
      },
      location: { kinds: STATUS_LOCATION },
      tags: { kinds: STATUS_TAGS },
      provisioningState: { kinds: PROVISIONED },
      systemData: { kinds: [...SYSTEM_DATA, 'RoleAssignment@v20220401'] },
    },
  },
  {
    doc: 1,
    table: { heading: 'SystemData_STATUS', header0: 'Field' },
    fields: { kinds: [...SYSTEM_DATA, 'RoleAssignment@v20220401'], base: 'status.systemData' },
  },
  { doc: 1, starts: 'Shapes of conditions.Condition', allow: GAP_NOTE },

  // ---------------------------------------------------------------- RoleAssignment
  {
    doc: 1,
    starts: 'Spec (`RoleAssignment_Spec`):',
    checks: [at(['RoleAssignment'], 'envelope.spec', { type: 'RoleAssignment_Spec' })],
  },
  {
    doc: 1,
    table: { heading: 'RoleAssignment', header0: 'Field' },
    fields: { kinds: ['RoleAssignment'], base: 'spec' },
    rows: {
      conditionVersion: { exp: { enum: ['2.0'] } },
      operatorSpec: { checks: [at(['RoleAssignment'], 'spec.operatorSpec.namingConvention')] },
      owner: { checks: [ownerIs(['RoleAssignment'], 'arbitrary')] },
    },
  },
  {
    doc: 1,
    starts: 'Status (`RoleAssignment_STATUS`):',
    segs: [
      {
        after: 'Status (`RoleAssignment_STATUS`):',
        before: '. The `systemData`',
        kinds: ['RoleAssignment'],
        base: 'status',
      },
    ],
    checks: [
      at(['RoleAssignment'], 'envelope.status', { type: 'RoleAssignment_STATUS' }),
      at(['RoleAssignment'], 'status.systemData', { type: 'SystemData_STATUS' }, ['v20220401']),
      at(['RoleAssignment'], 'status.systemData', { absent: true }, ['v1api20220401']),
    ],
  },
  {
    doc: 1,
    starts: 'Enumeration `principalType`:',
    checks: [at(['RoleAssignment'], 'spec.principalType', { isEnum: true })],
  },
  {
    doc: 1,
    table: { heading: 'RoleAssignment', header0: 'Shape' },
    row: (cells) => ({
      checks: [
        at(['RoleAssignment'], 'spec.principalType', { enum: ticksOf(cells[1]) }, ticksOf(cells[0])),
        at(['RoleAssignment'], 'status.principalType', { enum: ticksOf(cells[1]) }, ticksOf(cells[0])),
      ],
    }),
  },
  {
    doc: 1,
    starts: 'In `v20220401` the status `id`',
    checks: [
      at(['RoleAssignment'], 'status.id', { docIncludes: ['fully qualified resource id'] }, ['v20220401']),
      at(['RoleAssignment'], 'status.name', { docIncludes: ['resource name'] }, ['v20220401']),
      at(['RoleAssignment'], 'status.type', { docIncludes: ['resource type'] }, ['v20220401']),
      at(['RoleAssignment'], 'status.id', { docIncludes: ['role assignment id'] }, ['v1api20220401']),
      at(['RoleAssignment'], 'status.name', { docIncludes: ['role assignment name'] }, ['v1api20220401']),
      at(['RoleAssignment'], 'status.type', { docIncludes: ['role assignment type'] }, ['v1api20220401']),
    ],
    ticks: { 'name/type': 'the status fields `name` and `type`, checked here' },
  },

  // ---------------------------------------------------------------- RoleDefinition
  {
    doc: 1,
    starts: 'Spec (`RoleDefinition_Spec`):',
    checks: [at(['RoleDefinition'], 'envelope.spec', { type: 'RoleDefinition_Spec' })],
  },
  {
    doc: 1,
    table: { heading: 'RoleDefinition', header0: 'Field' },
    fields: { kinds: ['RoleDefinition'], base: 'spec' },
    rows: {
      operatorSpec: { checks: [at(['RoleDefinition'], 'spec.operatorSpec.namingConvention')] },
      owner: { checks: [ownerIs(['RoleDefinition'], 'arbitrary')] },
    },
  },
  {
    doc: 1,
    starts: 'Status (`RoleDefinition_STATUS`):',
    segs: [{ after: 'Status (`RoleDefinition_STATUS`):', kinds: ['RoleDefinition'], base: 'status' }],
    checks: [at(['RoleDefinition'], 'envelope.status', { type: 'RoleDefinition_STATUS' })],
  },
  {
    doc: 1,
    starts: '`Permission` and `Permission_STATUS`:',
    segs: [
      {
        after: '`Permission_STATUS`:',
        before: ', each',
        kinds: ['RoleDefinition'],
        base: ['spec.permissions[]', 'status.permissions[]'],
        type: 'string[]',
      },
    ],
    checks: [
      at(['RoleDefinition'], 'spec.permissions[]', { type: 'Permission' }),
      at(['RoleDefinition'], 'status.permissions[]', { type: 'Permission_STATUS' }),
    ],
  },
  {
    doc: 1,
    starts: 'The two shapes differ only as listed for RoleAssignment.',
    checks: [
      defTest(['RoleDefinition'], 'same in both shapes', () => {
        const [a, b] = allKinds.filter((d) => d.kind === 'RoleDefinition');
        return a && b && JSON.stringify(stripDocs([a.spec, a.status])) === JSON.stringify(stripDocs([b.spec, b.status]))
          ? undefined
          : 'the two RoleDefinition shapes differ';
      }),
      defTest(['RoleAssignment'], 'differ only as listed', () => {
        const [a, b] = allKinds.filter((d) => d.kind === 'RoleAssignment');
        if (!a || !b) return 'two shapes expected';
        const same = (x: ObjectType, y: ObjectType, ...keys: string[]) =>
          JSON.stringify(stripDocs(without(x, ...keys))) === JSON.stringify(stripDocs(without(y, ...keys)));
        return same(a.spec, b.spec, 'principalType') && same(a.status, b.status, 'principalType', 'systemData')
          ? undefined
          : 'the RoleAssignment shapes differ beyond principalType and systemData';
      }),
    ],
  },

  // ---------------------------------------------------------------- ConfigurationStore
  {
    doc: 1,
    starts: 'Kinds: ConfigurationStore, KeyValue, Replica, Snapshot.',
    checks: [
      defTest(APPCONF, 'kinds of the group', () => {
        const have = kindsOf('appconfiguration', 'v20240601').map((d) => d.kind);
        return sameSet(have, [...APPCONF]) ? undefined : `appconfiguration/v20240601 has [${have.join(', ')}]`;
      }),
    ],
  },
  {
    doc: 1,
    table: { heading: 'ConfigurationStore', header0: 'Field' },
    fields: { kinds: ['ConfigurationStore'], base: 'spec' },
    rows: {
      dataPlaneProxy: {
        segs: [{ after: 'fields', before: ', both O', kinds: ['ConfigurationStore'], base: 'spec.dataPlaneProxy' }],
      },
      defaultKeyValueRevisionRetentionPeriodInSeconds: { exp: { defaultDocIncludes: ['604800', '2592000'] } },
      encryption: { segs: [{ after: 'field', kinds: ['ConfigurationStore'], base: 'spec.encryption' }] },
      identity: {
        segs: [
          {
            kinds: ['ConfigurationStore'],
            base: 'spec.identity',
            item: { type: { enumIncludes: ['None', 'SystemAssigned, UserAssigned'] } },
          },
        ],
      },
      operatorSpec: { exp: { fields: [...TWO_LISTS, 'secrets'] } },
      owner: { checks: [ownerIs(['ConfigurationStore'], 'ResourceGroup', ['resources.{api_domain}/ResourceGroup'])] },
    },
  },
  {
    doc: 1,
    starts: 'Status adds: `creationDate`',
    segs: [
      {
        after: 'Status adds:',
        before: '. Status mirrors',
        kinds: ['ConfigurationStore'],
        base: 'status',
        rest: { 'the common status fields': COMMON_STATUS },
      },
      {
        after: 'Status mirrors the spec fields',
        kinds: ['ConfigurationStore'],
        base: 'status',
        item: { identity: { type: 'ResourceIdentity_STATUS' } },
      },
    ],
    checks: [
      at(['ConfigurationStore'], 'status.identity.principalId', { type: 'string' }),
      at(['ConfigurationStore'], 'status.identity.tenantId', { type: 'string' }),
      at(['ConfigurationStore'], 'status.identity.type', { isEnum: true }),
    ],
  },
  {
    doc: 1,
    starts: '`PrivateEndpointConnectionReference_STATUS`:',
    segs: [
      {
        after: '`PrivateEndpointConnectionReference_STATUS`:',
        kinds: ['ConfigurationStore'],
        base: 'status.privateEndpointConnections[]',
        // The values of this enumeration are not shown: the model keeps a plain string (see the report).
        item: { provisioningState: { type: 'string' } },
      },
    ],
    checks: [
      at(['ConfigurationStore'], 'status.privateEndpointConnections[]', {
        type: 'PrivateEndpointConnectionReference_STATUS',
      }),
    ],
  },

  // ---------------------------------------------------------------- KeyValue
  {
    doc: 1,
    table: { heading: 'KeyValue', header0: 'Field' },
    fields: { kinds: ['KeyValue'], base: 'spec' },
    rows: {
      operatorSpec: { exp: { fields: TWO_LISTS } },
      owner: { checks: [ownerIs(['KeyValue'], 'ConfigurationStore')] },
    },
  },
  { doc: 1, starts: 'Status adds: `eTag`', segs: [{ after: 'Status adds:', kinds: ['KeyValue'], base: 'status' }] },
  {
    doc: 1,
    starts: 'Rules: `key` together with `label`',
    checks: [
      at(['KeyValue'], 'status.key', { docIncludes: ['label'] }),
      at(['KeyValue'], 'status.label', { docIncludes: ['key'] }),
      at(['KeyValue'], 'status.locked', { type: 'bool', docIncludes: ['unlocked'] }),
    ],
  },

  // ---------------------------------------------------------------- Replica
  {
    doc: 1,
    starts: 'Spec: `cloudName` (O), `location` (string, O, location of the replica)',
    segs: [
      {
        after: 'Spec:',
        kinds: ['Replica'],
        base: 'spec',
        item: { operatorSpec: { type: 'ReplicaOperatorSpec', fields: TWO_LISTS } },
      },
    ],
    checks: [ownerIs(['Replica'], 'ConfigurationStore')],
  },
  {
    doc: 1,
    starts: 'Status: conditions, `endpoint` (string, URI where the replica',
    segs: [{ after: 'Status:', kinds: ['Replica'], base: 'status' }],
  },

  // ---------------------------------------------------------------- Snapshot
  {
    doc: 1,
    table: { heading: 'Snapshot', header0: 'Field' },
    fields: { kinds: ['Snapshot'], base: 'spec' },
    rows: {
      // "`key` composition … `key_label` composition": the two values (the model also takes the operator's spellings).
      compositionType: { exp: { enumIncludes: ['key', 'key_label'] } },
      filters: { segs: [{ after: 'each filter:', kinds: ['Snapshot'], base: 'spec.filters[]' }] },
      owner: { checks: [ownerIs(['Snapshot'], 'ConfigurationStore')] },
      retentionPeriod: { exp: { createOnly: true, defaultDocIncludes: ['default'] } },
    },
  },
  { doc: 1, starts: 'Status adds: `created`', segs: [{ after: 'Status adds:', kinds: ['Snapshot'], base: 'status' }] },
  { doc: 1, starts: 'Gap note (configuration store)', allow: GAP_NOTE },

  // ---------------------------------------------------------------- PrometheusRuleGroup
  {
    doc: 1,
    table: { heading: 'PrometheusRuleGroup', header0: 'Field', context: '' },
    fields: { kinds: ['PrometheusRuleGroup'], base: 'spec' },
    rows: {
      interval: { exp: { format: 'duration', durationSeconds: { min: 60, max: 900 } } },
      operatorSpec: { exp: { fields: TWO_LISTS } },
      owner: { checks: [ownerIs(['PrometheusRuleGroup'], 'ResourceGroup', ['resources.{api_domain}/ResourceGroup'])] },
      scopesReferences: { exp: { maxItems: 1 } },
    },
  },
  {
    doc: 1,
    starts: 'Status: clusterName, conditions',
    segs: [{ after: 'Status:', kinds: ['PrometheusRuleGroup'], base: 'status' }],
  },
  {
    doc: 1,
    starts: '`PrometheusRule` (alerting or recording rule):',
    checks: [at(['PrometheusRuleGroup'], 'spec.rules[]', { type: 'PrometheusRule' })],
  },
  {
    doc: 1,
    table: { heading: 'PrometheusRuleGroup', header0: 'Field', context: '`PrometheusRule`' },
    fields: { kinds: ['PrometheusRuleGroup'], base: 'spec.rules[]' },
    rows: {
      expression: { exp: { format: 'promql' }, checks: [at(['PrometheusRuleGroup'], 'spec.rules[].record')] },
      severity: { exp: { minimum: 0, maximum: 4 } },
    },
  },
  {
    doc: 1,
    starts: '`PrometheusRuleGroupAction`:',
    segs: [
      {
        after: '`PrometheusRuleGroupAction`:',
        before: '. Status form',
        kinds: ['PrometheusRuleGroup'],
        base: 'spec.rules[].actions[]',
      },
      { after: 'Status form:', kinds: ['PrometheusRuleGroup'], base: 'status.rules[].actions[]' },
    ],
    checks: [at(['PrometheusRuleGroup'], 'spec.rules[].actions[]', { type: 'PrometheusRuleGroupAction' })],
  },
  {
    doc: 1,
    starts: '`PrometheusRuleResolveConfiguration`:',
    segs: [
      {
        after: '`PrometheusRuleResolveConfiguration`:',
        before: '. The status forms',
        kinds: ['PrometheusRuleGroup'],
        base: 'spec.rules[].resolveConfiguration',
        status: 'status.rules[].resolveConfiguration',
      },
    ],
    checks: [
      at(['PrometheusRuleGroup'], 'spec.rules[].resolveConfiguration', { type: 'PrometheusRuleResolveConfiguration' }),
    ],
  },

  // ---------------------------------------------------------------- states, endpoints, limits, versioning
  {
    doc: 1,
    starts: 'Provisioning states (read-only, in `status.provisioningState`)',
    checks: [
      at(
        PROVISIONED.filter((k) => (DOC1_KINDS as readonly string[]).includes(k)),
        'status.provisioningState',
        { required: false, isEnum: true },
      ),
    ],
  },
  {
    doc: 1,
    table: { heading: 'States and transitions', header0: 'Resource' },
    row: statesRow,
    rows: {
      Snapshot: {
        checks: [
          defTest(['Snapshot'], 'provisioningStates', (d) =>
            d.provisioningStates?.length ? undefined : 'no provisioning states',
          ),
          at(['Snapshot'], 'status.provisioningState', { isEnum: true }),
        ],
      },
      'RoleAssignment, RoleDefinition, KeyValue, PrometheusRuleGroup': {
        checks: [
          at(['RoleAssignment', 'RoleDefinition', 'KeyValue', 'PrometheusRuleGroup'], 'status.provisioningState', {
            absent: true,
          }),
          defTest(['RoleAssignment', 'RoleDefinition', 'KeyValue', 'PrometheusRuleGroup'], 'no states', (d) =>
            d.provisioningStates ? `provisioningStates ${JSON.stringify(d.provisioningStates)}` : undefined,
          ),
        ],
      },
    },
  },
  {
    doc: 1,
    starts: 'Other state-bearing fields:',
    checks: [at(['KeyValue'], 'status.locked', { type: 'bool' }), at(['Snapshot'], 'status.status', { isEnum: true })],
    ticks: { 'status.provisioningState': 'the field checked by the States table' },
  },
  {
    doc: 1,
    starts: 'Rule: a locked key-value cannot be modified',
    checks: [at(['KeyValue'], 'status.locked', { docIncludes: ['cannot be modified until it is unlocked'] })],
  },
  { doc: 1, starts: 'The service defines resource kinds with these management path shapes', allow: INTRO },
  { doc: 1, table: { heading: 'Endpoints', header0: 'Kind' }, row: endpointRow },
  {
    doc: 1,
    starts: '`{scope}` is the path of any resource',
    checks: [
      defTest(
        EXTENSION,
        'scope paths',
        (d) =>
          d.pathShape?.startsWith('/{scope}/') && d.owner.style === 'arbitrary'
            ? undefined
            : `pathShape ${String(d.pathShape)}, owner ${JSON.stringify(d.owner)}`,
        ['{scope}'],
      ),
      listKind(ALL),
    ],
  },
  { doc: 1, starts: 'Authentication of callers', allow: NOT_SHOWN },
  {
    doc: 1,
    starts: 'Resource-level settings that concern authentication',
    checks: [
      at(['ConfigurationStore'], 'spec.disableLocalAuth', { type: 'bool' }),
      at(['RoleAssignment'], 'spec.principalId', { type: 'string' }),
      at(['RoleAssignment'], 'spec.principalType', { isEnum: true }),
      at(['ConfigurationStore', 'StorageAccount', 'BatchAccount'], 'spec.identity', { required: false }),
    ],
  },
  { doc: 1, starts: 'Events emitted by the resources of this document', allow: NOT_SHOWN },
  { doc: 1, starts: 'Error responses, error codes', allow: NOT_SHOWN },
  {
    doc: 1,
    table: { heading: 'Limits', header0: 'Limit' },
    rows: {
      interval: {
        checks: [
          at(['PrometheusRuleGroup'], 'spec.interval', { format: 'duration', durationSeconds: { min: 60, max: 900 } }),
        ],
      },
      severity: {
        checks: [at(['PrometheusRuleGroup'], 'spec.rules[].severity', { type: 'int', minimum: 0, maximum: 4 })],
      },
      scopes: { checks: [at(['PrometheusRuleGroup'], 'spec.scopesReferences', { maxItems: 1 })] },
      conditionVersion: { checks: [at(['RoleAssignment'], 'spec.conditionVersion', { enum: ['2.0'] })] },
      'defaultKeyValueRevisionRetentionPeriodInSeconds default': {
        checks: [
          at(['ConfigurationStore'], 'spec.defaultKeyValueRevisionRetentionPeriodInSeconds', {
            defaultDocIncludes: ['604800', '2592000'],
          }),
        ],
      },
      retentionPeriod: { checks: [at(['Snapshot'], 'spec.retentionPeriod', { createOnly: true })] },
    },
  },
  { doc: 1, starts: 'Rate limits and request size limits', allow: NOT_SHOWN },
  { doc: 1, table: { heading: 'Versioning', header0: 'Group' }, row: versioningRow },
  {
    doc: 1,
    starts: 'Both authorization shapes carry the same API version value',
    checks: [
      defTest(AUTH, 'same API version', (d) =>
        d.apiVersionValue === '2022-04-01' ? undefined : `apiVersionValue ${d.apiVersionValue}`,
      ),
    ],
  },
);

// =====================================================================================================
// Document 2: storage
// =====================================================================================================

const SA = ['StorageAccount'] as const;
const BLOB = ['StorageAccountsBlobService'] as const;
const CONTAINER = ['StorageAccountsBlobServicesContainer'] as const;
const FILES = ['StorageAccountsFileService'] as const;
const SHARE = ['StorageAccountsFileServicesShare'] as const;
const POLICY = ['StorageAccountsManagementPolicy'] as const;
const QUEUE_TABLE = [
  'StorageAccountsQueueService',
  'StorageAccountsQueueServicesQueue',
  'StorageAccountsTableService',
  'StorageAccountsTableServicesTable',
] as const;
const SKU_NAMES = [
  'Premium_LRS',
  'Premium_ZRS',
  'Standard_GRS',
  'Standard_GZRS',
  'Standard_LRS',
  'Standard_RAGRS',
  'Standard_RAGZRS',
  'Standard_ZRS',
];
const IMMUTABILITY_STATE = 'spec.immutableStorageWithVersioning.immutabilityPolicy.state';
const COMMON4 = ['conditions', 'id', 'name', 'type'];

ENTRIES.push(
  {
    doc: 2,
    starts: 'This document covers the storage account resource',
    checks: [
      ...apiIs('storage', ['v20220901'], '2022-09-01'),
      at(STORAGE, 'envelope.spec'),
      at(STORAGE, 'envelope.status', { required: false }),
      listKind(STORAGE),
    ],
  },
  {
    doc: 2,
    starts: 'The storage family lets a user declare',
    checks: [
      ownerIs([...SERVICES, 'StorageAccountsManagementPolicy'], 'StorageAccount'),
      ownerIs(CONTAINER, 'StorageAccountsBlobService'),
      ownerIs(SHARE, 'StorageAccountsFileService'),
      ownerIs(['StorageAccountsQueueServicesQueue'], 'StorageAccountsQueueService'),
      ownerIs(['StorageAccountsTableServicesTable'], 'StorageAccountsTableService'),
      at(SA, 'spec.operatorSpec.configMaps'),
      at(SA, 'spec.operatorSpec.secrets.key1'),
    ],
  },
  {
    doc: 2,
    starts: 'Types named `X_STATUS` mirror the spec types',
    checks: [
      statusAllOptional(STORAGE),
      mirrors(STORAGE),
      { ...statusTypesNamed(STORAGE), consumes: ['X_STATUS', '_STATUS', 'cloudName', 'operatorSpec', 'owner'] },
    ],
  },

  // ---------------------------------------------------------------- StorageAccount
  {
    doc: 2,
    starts: 'Owner: `genruntime.KnownResourceReference` to a `resources.{api_domain}/ResourceGroup`.',
    checks: [
      ownerIs(SA, 'ResourceGroup', ['genruntime.KnownResourceReference', 'resources.{api_domain}/ResourceGroup']),
    ],
  },
  {
    doc: 2,
    table: { heading: 'StorageAccount', header0: 'Field', context: 'Owner:' },
    fields: { kinds: SA, base: 'spec' },
    rows: {
      accessTier: { checks: [at(SA, 'spec.kind', { enumIncludes: ['BlobStorage'] })] },
      allowBlobPublicAccess: { exp: { default: true } },
      allowCrossTenantReplication: { exp: { default: true } },
      allowSharedKeyAccess: { exp: { default: true } },
      customDomain: { checks: [at(SA, 'spec.customDomain.name', { docIncludes: ['empty string'] })] },
      defaultToOAuthAuthentication: { exp: { default: false } },
      identity: {
        checks: [
          at(SA, 'spec.identity.type', {
            enum: ['None', 'SystemAssigned', 'SystemAssigned,UserAssigned', 'UserAssigned'],
          }),
        ],
      },
      immutableStorageWithVersioning: { exp: { createOnly: true } },
      largeFileSharesState: { exp: { irreversible: true } },
      location: { exp: { createOnly: true } },
      minimumTlsVersion: { exp: { default: 'TLS1_0' } },
      supportsHttpsTrafficOnly: { exp: { default: true } },
      tags: { exp: { maxEntries: 15, keyMaxLength: 128, maxLength: 256 } },
    },
  },
  {
    doc: 2,
    starts: 'Status-only fields of StorageAccount_STATUS:',
    checks: [at(SA, 'envelope.status', { type: 'StorageAccount_STATUS' })],
  },
  {
    doc: 2,
    table: { heading: 'StorageAccount', header0: 'Field', context: 'Status-only fields' },
    fields: { kinds: SA, base: 'status' },
    rows: {
      blobRestoreStatus: {
        checks: [
          at(SA, 'status.blobRestoreStatus.failureReason', { type: 'string' }),
          at(SA, 'status.blobRestoreStatus.parameters', { type: 'BlobRestoreParameters_STATUS' }),
          at(SA, 'status.blobRestoreStatus.parameters.blobRanges', { type: 'BlobRestoreRange_STATUS[]' }),
          at(SA, 'status.blobRestoreStatus.parameters.timeToRestore', { type: 'string' }),
          at(SA, 'status.blobRestoreStatus.restoreId', { type: 'string' }),
          at(SA, 'status.blobRestoreStatus.status', { enum: ['InProgress', 'Complete', 'Failed'] }),
        ],
      },
      geoReplicationStats: {
        checks: [at(SA, 'status.geoReplicationStats.status', { enum: ['Bootstrap', 'Live', 'Unavailable'] })],
      },
      storageAccountSkuConversionStatus: {
        checks: [
          at(SA, 'status.storageAccountSkuConversionStatus.endTime', { type: 'string' }),
          at(SA, 'status.storageAccountSkuConversionStatus.startTime', { type: 'string' }),
          at(SA, 'status.storageAccountSkuConversionStatus.skuConversionStatus', {
            enum: ['Failed', 'InProgress', 'Succeeded'],
          }),
          at(SA, 'status.storageAccountSkuConversionStatus.targetSkuName', { enum: SKU_NAMES }),
        ],
      },
    },
  },
  {
    doc: 2,
    starts: 'Endpoint types: `Endpoints_STATUS`',
    checks: [
      at(SA, 'status.primaryEndpoints', { type: 'Endpoints_STATUS' }),
      at(SA, 'status.secondaryEndpoints', { type: 'Endpoints_STATUS' }),
      at(SA, 'status.primaryEndpoints.providerEndpoints', {
        type: 'StorageAccountProviderEndpoints_STATUS',
        fields: ['blob', 'dfs', 'file', 'queue', 'table', 'web'],
      }),
      at(SA, 'status.primaryEndpoints.internetEndpoints', {
        type: 'StorageAccountInternetEndpoints_STATUS',
        fields: ['blob', 'dfs', 'file', 'web'],
      }),
    ],
    ticks: {
      StorageAccountMicrosoftEndpoints_STATUS:
        'the branded name the spec renames to StorageAccountProviderEndpoints_STATUS (checked)',
    },
  },
  {
    doc: 2,
    starts: 'StorageAccountOperatorSpec:',
    checks: [
      at(SA, 'spec.operatorSpec', {
        type: 'StorageAccountOperatorSpec',
        fields: [...TWO_LISTS, 'configMaps', 'secrets'],
      }),
    ],
  },
  {
    doc: 2,
    table: { heading: 'StorageAccount', header0: 'Field', context: 'StorageAccountOperatorSpec' },
    fields: { kinds: SA, base: 'spec.operatorSpec' },
    rows: {
      configMaps: {
        segs: [
          {
            after: 'fields',
            before: ', each',
            kinds: SA,
            base: 'spec.operatorSpec.configMaps',
            type: 'genruntime.ConfigMapDestination',
          },
        ],
        exp: {
          fields: ['blobEndpoint', 'dfsEndpoint', 'fileEndpoint', 'queueEndpoint', 'tableEndpoint', 'webEndpoint'],
        },
      },
      secrets: {
        segs: [
          {
            after: 'fields',
            before: ', each',
            kinds: SA,
            base: 'spec.operatorSpec.secrets',
            type: 'genruntime.SecretDestination',
          },
        ],
        exp: {
          fields: [
            'blobEndpoint',
            'dfsEndpoint',
            'fileEndpoint',
            'key1',
            'key2',
            'queueEndpoint',
            'tableEndpoint',
            'webEndpoint',
          ],
        },
      },
    },
  },
  {
    doc: 2,
    starts: 'SKU name values',
    checks: [
      at(SA, 'spec.sku.name', { required: true, enum: SKU_NAMES }),
      at(SA, 'status.sku.name', { enum: SKU_NAMES }),
      at(SA, 'status.storageAccountSkuConversionStatus.targetSkuName', { enum: SKU_NAMES }),
      at(SA, 'spec.sku.tier', { required: false, enum: ['Premium', 'Standard'] }),
    ],
  },
  { doc: 2, starts: 'Supporting types of the account:', allow: INTRO },
  {
    doc: 2,
    table: { heading: 'StorageAccount', header0: 'Type' },
    rows: {
      CloudFilesIdentityBasedAuthentication: {
        checks: [
          at(SA, 'spec.cloudFilesIdentityBasedAuthentication', { type: 'CloudFilesIdentityBasedAuthentication' }),
        ],
        segs: [
          {
            kinds: SA,
            base: 'spec.cloudFilesIdentityBasedAuthentication',
            status: 'status.cloudFilesIdentityBasedAuthentication',
          },
        ],
      },
      ActiveDirectoryProperties: {
        checks: [
          at(SA, 'spec.cloudFilesIdentityBasedAuthentication.activeDirectoryProperties', {
            type: 'ActiveDirectoryProperties',
          }),
        ],
        segs: [
          {
            kinds: SA,
            base: 'spec.cloudFilesIdentityBasedAuthentication.activeDirectoryProperties',
            status: 'status.cloudFilesIdentityBasedAuthentication.activeDirectoryProperties',
            type: 'string',
          },
        ],
      },
      CustomDomain: {
        checks: [at(SA, 'spec.customDomain', { type: 'CustomDomain' })],
        segs: [
          {
            kinds: SA,
            base: 'spec.customDomain',
            status: 'status.customDomain',
            item: { useSubDomainName: { default: false, docIncludes: ['only to be set on updates'] } },
          },
        ],
      },
      Encryption_KeySource: {
        checks: [
          at(SA, 'spec.encryption.keySource', {
            type: 'Encryption_KeySource',
            enum: ['Provider.Keyvault', 'Provider.Storage'],
          }),
          at(SA, 'status.encryption.keySource', { enum: ['Provider.Keyvault', 'Provider.Storage'] }),
        ],
      },
      EncryptionIdentity: {
        checks: [at(SA, 'spec.encryption.identity', { type: 'EncryptionIdentity' })],
        segs: [
          { before: '; status form', kinds: SA, base: 'spec.encryption.identity' },
          { after: 'status form has', kinds: SA, base: 'status.encryption.identity' },
        ],
      },
      EncryptionServices: {
        checks: [at(SA, 'spec.encryption.services', { type: 'EncryptionServices' })],
        segs: [
          {
            before: ', each',
            kinds: SA,
            base: 'spec.encryption.services',
            type: 'EncryptionService',
            status: 'status.encryption.services',
          },
        ],
      },
      KeyVaultProperties: {
        checks: [at(SA, 'spec.encryption.keyvaultproperties', { type: 'KeyVaultProperties' })],
        segs: [
          {
            before: '; status adds',
            kinds: SA,
            base: 'spec.encryption.keyvaultproperties',
            type: 'string',
            status: 'status.encryption.keyvaultproperties',
          },
          { after: 'status adds', kinds: SA, base: 'status.encryption.keyvaultproperties' },
        ],
      },
      ExtendedLocationType: {
        checks: [
          at(SA, 'spec.extendedLocation.type', { type: 'ExtendedLocationType', enum: ['EdgeZone'] }),
          at(SA, 'status.extendedLocation.type', { enum: ['EdgeZone'] }),
        ],
      },
      IPRule: {
        checks: [
          at(SA, 'spec.networkAcls.ipRules[]', { type: 'IPRule' }),
          at(SA, 'status.networkAcls.ipRules[].valueFromConfig', { absent: true }),
        ],
        segs: [
          {
            before: '; status has no',
            kinds: SA,
            base: 'spec.networkAcls.ipRules[]',
            status: 'status.networkAcls.ipRules[]',
            statusSkip: ['valueFromConfig'],
            item: { value: { format: 'ipv4-or-cidr' } },
          },
        ],
      },
      ResourceAccessRule: {
        checks: [
          at(SA, 'spec.networkAcls.resourceAccessRules[]', { type: 'ResourceAccessRule' }),
          at(SA, 'status.networkAcls.resourceAccessRules[].tenantId', { type: 'string' }),
        ],
        segs: [
          { before: '; status form', kinds: SA, base: 'spec.networkAcls.resourceAccessRules[]' },
          { after: 'status form has', kinds: SA, base: 'status.networkAcls.resourceAccessRules[]' },
        ],
      },
      NetworkRuleSet: {
        checks: [
          at(SA, 'spec.networkAcls', { type: 'NetworkRuleSet' }),
          at(SA, 'spec.networkAcls.defaultAction', { enum: ['Allow', 'Deny'] }),
          // The spec says enum; the model accepts a comma-separated combination of the values (as the cloud does).
          at(SA, 'status.networkAcls.bypass', { values: ['CloudServices', 'Logging', 'Metrics', 'None'] }),
          at(SA, 'spec.networkAcls.ipRules', { type: 'IPRule[]' }),
          at(SA, 'spec.networkAcls.resourceAccessRules', { type: 'ResourceAccessRule[]' }),
        ],
      },
      RoutingPreference_RoutingChoice: {
        checks: [
          at(SA, 'spec.routingPreference.routingChoice', {
            type: 'RoutingPreference_RoutingChoice',
            enum: ['InternetRouting', 'ProviderRouting'],
          }),
        ],
      },
      SasPolicy_ExpirationAction: {
        checks: [at(SA, 'spec.sasPolicy.expirationAction', { type: 'SasPolicy_ExpirationAction', enum: ['Log'] })],
      },
      AccountImmutabilityPolicyProperties: {
        checks: [
          at(SA, 'spec.immutableStorageWithVersioning.immutabilityPolicy', {
            type: 'AccountImmutabilityPolicyProperties',
          }),
        ],
        segs: [
          {
            kinds: SA,
            base: 'spec.immutableStorageWithVersioning.immutabilityPolicy',
            status: 'status.immutableStorageWithVersioning.immutabilityPolicy',
            item: { state: { enum: ['Disabled', 'Unlocked', 'Locked'] } },
          },
        ],
      },
    },
  },

  // ---------------------------------------------------------------- blob service
  { doc: 2, starts: 'Owner: a StorageAccount. Spec:', checks: [ownerIs(BLOB, 'StorageAccount')] },
  {
    doc: 2,
    table: { heading: 'StorageAccountsBlobService', header0: 'Field' },
    fields: { kinds: BLOB, base: 'spec' },
    rows: {
      automaticSnapshotPolicyEnabled: {
        exp: { deprecated: true },
        checks: [at(BLOB, 'spec.isVersioningEnabled', { type: 'bool' })],
      },
      changeFeed: {
        segs: [
          {
            kinds: BLOB,
            base: 'spec.changeFeed',
            status: 'status.changeFeed',
            item: { retentionInDays: { minimum: 1, maximum: 146000 } },
          },
        ],
      },
      defaultServiceVersion: { exp: { docIncludes: ['2008-10-27'] } },
      lastAccessTimeTrackingPolicy: {
        checks: [at(BLOB, 'spec.lastAccessTimeTrackingPolicy.name', { enum: ['AccessTimeTracking'] })],
      },
      operatorSpec: { exp: { fields: TWO_LISTS } },
    },
  },
  {
    doc: 2,
    starts: 'Status: the same fields in status form plus',
    segs: [{ after: 'plus', kinds: BLOB, base: 'status' }],
    checks: [mirrors(BLOB, ['operatorSpec', 'owner'])],
  },
  {
    doc: 2,
    starts: '`DeleteRetentionPolicy`:',
    segs: [
      {
        after: '`DeleteRetentionPolicy`:',
        kinds: BLOB,
        base: ['spec.deleteRetentionPolicy', 'spec.containerDeleteRetentionPolicy'],
        item: {
          days: { minimum: 1, maximum: 365 },
          allowPermanentDelete: { docIncludes: ['blob service only', 'blob restore policy'] },
        },
      },
      {
        after: '`DeleteRetentionPolicy`:',
        kinds: FILES,
        base: 'spec.shareDeleteRetentionPolicy',
        item: { days: { minimum: 1, maximum: 365 } },
      },
    ],
    checks: [at(BLOB, 'spec.deleteRetentionPolicy', { type: 'DeleteRetentionPolicy' })],
  },
  {
    doc: 2,
    starts: '`CorsRules`: `corsRules`',
    segs: [
      {
        after: '`CorsRules`:',
        before: '. Sending',
        kinds: SERVICES,
        base: 'spec.cors',
        rest: { 'at most five rules': [] },
        item: { corsRules: { maxItems: 5, docIncludes: ['sending no rules deletes all rules and disables CORS'] } },
      },
      {
        after: 'when a rule is present:',
        kinds: SERVICES,
        base: 'spec.cors.corsRules[]',
        required: true,
        item: { allowedOrigins: { docIncludes: ['`*`'] } },
      },
    ],
    checks: [
      at(SERVICES, 'spec.cors', { type: 'CorsRules' }),
      at(SERVICES, 'spec.cors.corsRules[]', { type: 'CorsRule' }),
    ],
  },

  // ---------------------------------------------------------------- container
  { doc: 2, starts: 'Owner: a blob service.', checks: [ownerIs(CONTAINER, 'StorageAccountsBlobService')] },
  {
    doc: 2,
    table: { heading: 'StorageAccountsBlobServicesContainer', header0: 'Field' },
    fields: { kinds: CONTAINER, base: 'spec' },
    rows: { immutableStorageWithVersioning: { exp: { createOnly: true } } },
  },
  {
    doc: 2,
    starts: 'Status adds: `deleted` (bool)',
    segs: [
      {
        after: 'Status adds:',
        before: '. Migration state',
        kinds: CONTAINER,
        base: 'status',
        rest: { 'common fields': COMMON4 },
      },
    ],
    checks: [
      mirrors(CONTAINER),
      at(CONTAINER, 'status.immutableStorageWithVersioning.migrationState', { enum: ['Completed', 'InProgress'] }),
    ],
  },
  {
    doc: 2,
    starts: 'Sub-types (status):',
    segs: [
      {
        after: '`UpdateHistoryProperty_STATUS` fields',
        before: '; `TagProperty_STATUS`',
        kinds: CONTAINER,
        base: 'status.immutabilityPolicy.updateHistory[]',
        rest: { 'a timestamp (the remaining fields of this type are in the gap note)': ['timestamp'] },
      },
      {
        after: '`TagProperty_STATUS`:',
        before: '; `ProtectedAppendWritesHistory_STATUS`',
        kinds: CONTAINER,
        base: 'status.legalHold.tags[]',
      },
      {
        after: '`ProtectedAppendWritesHistory_STATUS`:',
        kinds: CONTAINER,
        base: 'status.legalHold.protectedAppendWritesHistory',
      },
    ],
    checks: [
      at(CONTAINER, 'status.immutabilityPolicy.state', {
        type: 'ImmutabilityPolicyProperty_State_STATUS',
        enum: ['Locked', 'Unlocked'],
      }),
      at(CONTAINER, 'status.immutabilityPolicy.updateHistory[]', {
        type: 'UpdateHistoryProperty_STATUS',
        exclusive: { mode: 'atMostOne', members: ['allowProtectedAppendWrites', 'allowProtectedAppendWritesAll'] },
      }),
      at(CONTAINER, 'status.legalHold.tags[]', {
        type: 'TagProperty_STATUS',
        fields: ['objectIdentifier', 'tag', 'tenantId', 'timestamp', 'upn'],
      }),
      at(CONTAINER, 'status.legalHold.protectedAppendWritesHistory', {
        type: 'ProtectedAppendWritesHistory_STATUS',
        fields: ['allowProtectedAppendWritesAll', 'timestamp'],
      }),
    ],
  },

  // ---------------------------------------------------------------- file service
  {
    doc: 2,
    starts: 'Owner: a StorageAccount. Spec: `cors`',
    segs: [
      { after: 'Spec:', before: '. Status:', kinds: FILES, base: 'spec' },
      { after: 'Status: same in status form plus', kinds: FILES, base: 'status' },
    ],
    checks: [ownerIs(FILES, 'StorageAccount'), mirrors(FILES, ['operatorSpec', 'owner'])],
  },
  {
    doc: 2,
    starts: '`SmbSetting` (inside protocol settings',
    checks: [
      { ...at(FILES, 'spec.protocolSettings.smb', { type: 'SmbSetting' }), consumes: [';'] },
      at(FILES, 'status.protocolSettings.smb', { type: 'SmbSetting_STATUS' }),
    ],
  },
  {
    doc: 2,
    table: { heading: 'StorageAccountsFileService', header0: 'Field' },
    row: (cells) => ({
      checks: [
        at(FILES, `spec.protocolSettings.smb.${cells[0]}`, { required: false, delimited: ticksOf(cells[1]) }),
        at(FILES, `status.protocolSettings.smb.${cells[0]}`, { required: false, delimited: ticksOf(cells[1]) }),
      ],
    }),
    rows: {
      multichannel: {
        checks: [
          at(FILES, 'spec.protocolSettings.smb.multichannel', {
            required: false,
            type: 'Multichannel',
            docIncludes: ['Premium FileStorage only'],
          }),
          at(FILES, 'status.protocolSettings.smb.multichannel', { required: false }),
        ],
      },
    },
  },

  // ---------------------------------------------------------------- share
  { doc: 2, starts: 'Owner: a file service.', checks: [ownerIs(SHARE, 'StorageAccountsFileService')] },
  {
    doc: 2,
    table: { heading: 'StorageAccountsFileServicesShare', header0: 'Field' },
    fields: { kinds: SHARE, base: 'spec' },
    rows: {
      accessTier: {
        exp: { enum: ['TransactionOptimized', 'Hot', 'Cool', 'Premium'], defaultDocIncludes: ['TransactionOptimized'] },
      },
      enabledProtocols: { exp: { createOnly: true } },
      rootSquash: { exp: { default: 'NoRootSquash' } },
      shareQuota: { exp: { exclusiveMinimum: 0, maximum: 102400, docIncludes: ['5120'] } },
      signedIdentifiers: {
        checks: [at(SHARE, 'spec.signedIdentifiers[].accessPolicy', { type: 'AccessPolicy' })],
        segs: [
          {
            after: '`AccessPolicy` has',
            kinds: SHARE,
            base: 'spec.signedIdentifiers[].accessPolicy',
            status: 'status.signedIdentifiers[].accessPolicy',
          },
        ],
      },
    },
  },
  {
    doc: 2,
    starts: 'Status adds: `accessTierChangeTime`',
    segs: [
      {
        after: 'Status adds:',
        kinds: SHARE,
        base: 'status',
        rest: { 'common fields': COMMON4 },
        item: { leaseDuration: { type: '', enum: ['Fixed', 'Infinite'] } },
      },
    ],
    checks: [mirrors(SHARE)],
  },

  // ---------------------------------------------------------------- management policy
  {
    doc: 2,
    starts: 'Owner: a StorageAccount. Spec: `operatorSpec` (O), `owner` (R), `policy`',
    segs: [
      { after: 'Spec:', before: '. Status:', kinds: POLICY, base: 'spec' },
      { after: 'Status:', kinds: POLICY, base: 'status' },
    ],
    checks: [
      ownerIs(POLICY, 'StorageAccount'),
      at(POLICY, 'spec', { fields: ['operatorSpec', 'owner', 'policy'] }),
      at(POLICY, 'spec.operatorSpec', { fields: TWO_LISTS }),
    ],
  },
  {
    doc: 2,
    starts: '`ManagementPolicyRule`:',
    segs: [
      {
        after: '`ManagementPolicyRule`:',
        kinds: POLICY,
        base: 'spec.policy.rules[]',
        item: { type: { enum: ['Lifecycle'] }, name: { docIncludes: ['alphanumeric', 'case-sensitive', 'unique'] } },
      },
    ],
    checks: [
      at(POLICY, 'spec.policy.rules[]', { type: 'ManagementPolicyRule' }),
      at(POLICY, 'spec.policy.rules', { required: true }),
    ],
  },

  // ---------------------------------------------------------------- queue and table services
  {
    doc: 2,
    starts: 'StorageAccountsQueueService:',
    segs: [
      {
        after: 'StorageAccountsQueueService:',
        before: '. Status:',
        kinds: ['StorageAccountsQueueService'],
        base: 'spec',
      },
      { after: 'Status:', kinds: ['StorageAccountsQueueService'], base: 'status' },
    ],
    checks: [
      ownerIs(['StorageAccountsQueueService'], 'StorageAccount'),
      at(['StorageAccountsQueueService'], 'spec', { fields: ['cors', 'operatorSpec', 'owner'] }),
    ],
  },
  {
    doc: 2,
    starts: 'StorageAccountsQueueServicesQueue:',
    segs: [
      {
        after: 'StorageAccountsQueueServicesQueue:',
        before: '. Status:',
        kinds: ['StorageAccountsQueueServicesQueue'],
        base: 'spec',
      },
      {
        after: 'Status:',
        kinds: ['StorageAccountsQueueServicesQueue'],
        base: 'status',
        item: { approximateMessageCount: { docIncludes: ['never lower'] } },
      },
    ],
    checks: [
      ownerIs(['StorageAccountsQueueServicesQueue'], 'StorageAccountsQueueService'),
      at(['StorageAccountsQueueServicesQueue'], 'spec', { fields: ['cloudName', 'metadata', 'operatorSpec', 'owner'] }),
    ],
  },
  {
    doc: 2,
    starts: 'StorageAccountsTableService:',
    segs: [
      {
        after: 'StorageAccountsTableService:',
        before: '. Status:',
        kinds: ['StorageAccountsTableService'],
        base: 'spec',
      },
      { after: 'Status:', kinds: ['StorageAccountsTableService'], base: 'status' },
    ],
    checks: [
      ownerIs(['StorageAccountsTableService'], 'StorageAccount'),
      at(['StorageAccountsTableService'], 'spec', { fields: ['cors', 'operatorSpec', 'owner'] }),
    ],
  },
  {
    doc: 2,
    starts: 'StorageAccountsTableServicesTable:',
    segs: [
      {
        after: 'StorageAccountsTableServicesTable:',
        before: '. Status:',
        kinds: ['StorageAccountsTableServicesTable'],
        base: 'spec',
      },
      { after: 'Status:', kinds: ['StorageAccountsTableServicesTable'], base: 'status' },
    ],
    checks: [
      ownerIs(['StorageAccountsTableServicesTable'], 'StorageAccountsTableService'),
      at(['StorageAccountsTableServicesTable'], 'spec', {
        fields: ['cloudName', 'operatorSpec', 'owner', 'signedIdentifiers'],
      }),
    ],
  },
  {
    doc: 2,
    starts: '`TableSignedIdentifier`:',
    segs: [
      {
        after: '`TableSignedIdentifier`:',
        before: '. Status form',
        kinds: ['StorageAccountsTableServicesTable'],
        base: 'spec.signedIdentifiers[]',
        item: { reference: { docIncludes: ['64 characters'] } },
      },
      {
        after: 'Status form has',
        before: '. `TableAccessPolicy`',
        kinds: ['StorageAccountsTableServicesTable'],
        base: 'status.signedIdentifiers[]',
      },
      {
        after: '`TableAccessPolicy`:',
        kinds: ['StorageAccountsTableServicesTable'],
        base: 'spec.signedIdentifiers[].accessPolicy',
        status: 'status.signedIdentifiers[].accessPolicy',
        item: { permission: { docIncludes: ['`r`, `a`, `u` and `d`'] } },
      },
    ],
    checks: [at(['StorageAccountsTableServicesTable'], 'spec.signedIdentifiers[]', { type: 'TableSignedIdentifier' })],
  },
  {
    doc: 2,
    starts: 'Every operator spec of these kinds has only',
    checks: [at(QUEUE_TABLE, 'spec.operatorSpec', { fields: TWO_LISTS })],
  },
  { doc: 2, starts: 'Gap note (storage)', allow: GAP_NOTE },

  // ---------------------------------------------------------------- states, endpoints, limits, versioning
  {
    doc: 2,
    starts: 'Provisioning state of the account:',
    checks: statesAre(SA, ['Creating', 'ResolvingDNS', 'Succeeded']),
  },
  { doc: 2, starts: 'One documented transition:', checks: [at(SA, IMMUTABILITY_STATE, { isEnum: true })] },
  {
    doc: 2,
    table: { heading: 'States and transitions', header0: 'State' },
    row: (cells) => ({
      checks: [
        at(SA, IMMUTABILITY_STATE, {
          enumIncludes: [...ticksOf(cells[0]), ...ticksOf(cells[2]), ...ticksOf(cells[3])],
          ...(/cannot be reverted/.test(cells[4]) ? { irreversible: true } : {}),
          ...(cells[2] ? { docIncludes: [cells[2]] } : {}),
        }),
      ],
    }),
  },
  {
    doc: 2,
    starts: 'In `Unlocked` the retention time',
    checks: [
      at(SA, IMMUTABILITY_STATE, { enumIncludes: ['Unlocked'] }),
      at(SA, 'spec.immutableStorageWithVersioning.immutabilityPolicy.allowProtectedAppendWrites', { type: 'bool' }),
    ],
  },
  {
    doc: 2,
    starts: 'Each kind has the path shape below',
    checks: [{ ...pathIs('StorageAccount', ACCOUNT_PATH), consumes: ['<account>'] }],
  },
  { doc: 2, table: { heading: 'Endpoints', header0: 'Kind' }, row: endpointRow },
  {
    doc: 2,
    starts: 'Paths and list kinds of the queue service',
    checks: QUEUE_TABLE.map((k) => pathIs(k, undefined)),
  },
  {
    doc: 2,
    table: { heading: 'Limits', header0: 'Limit' },
    rows: {
      'CORS rules per service': { checks: [at(SERVICES, 'spec.cors.corsRules', { maxItems: 5 })] },
      'tags per account': { checks: [at(SA, 'spec.tags', { maxEntries: 15, keyMaxLength: 128, maxLength: 256 })] },
      'share quota': {
        checks: [at(SHARE, 'spec.shareQuota', { exclusiveMinimum: 0, maximum: 102400, docIncludes: ['5120'] })],
      },
      'delete retention days': {
        checks: [
          at(BLOB, 'spec.deleteRetentionPolicy.days', { minimum: 1, maximum: 365 }),
          at(BLOB, 'spec.containerDeleteRetentionPolicy.days', { minimum: 1, maximum: 365 }),
          at(FILES, 'spec.shareDeleteRetentionPolicy.days', { minimum: 1, maximum: 365 }),
        ],
      },
      'change feed retention days': {
        checks: [
          at(BLOB, 'spec.changeFeed.retentionInDays', { minimum: 1, maximum: 146000, docIncludes: ['infinite'] }),
        ],
      },
      'containers with legal hold per account': {
        checks: [at(CONTAINER, 'status.hasLegalHold', { docIncludes: ['1000'] })],
      },
      'stored access policy identifier (table)': {
        checks: [
          at(['StorageAccountsTableServicesTable'], 'status.signedIdentifiers[].id', { maxLength: 64 }),
          at(['StorageAccountsTableServicesTable'], 'spec.signedIdentifiers[].reference', {
            docIncludes: ['64 characters'],
          }),
        ],
      },
      // One custom domain: `customDomain` is an object, not a list.
      'custom domains per account': { checks: [at(SA, 'spec.customDomain', { type: 'CustomDomain' })] },
    },
  },
  {
    doc: 2,
    starts: 'Group `storage.{api_domain}`, version identifier',
    checks: [
      ...apiIs('storage', ['v20220901'], '2022-09-01'),
      at(BLOB, 'spec.defaultServiceVersion', { type: 'string', docIncludes: ['2008-10-27'] }),
    ],
  },
);

// =====================================================================================================
// Document 3: batch and event routing
// =====================================================================================================

const BATCH = ['BatchAccount'] as const;
const TOPICS = ['Domain', 'Topic'] as const;
const SUB = ['EventSubscription'] as const;
const DESTINATIONS = [
  'cloudFunction',
  'eventHub',
  'hybridConnection',
  'serviceBusQueue',
  'serviceBusTopic',
  'storageQueue',
  'webHook',
];
const ACCESS = ['spec.networkProfile.accountAccess', 'spec.networkProfile.nodeManagementAccess'];
const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);
const FILTER_VARIANTS = [
  'BoolEquals',
  'NumberGreaterThan',
  'NumberGreaterThanOrEquals',
  'NumberLessThan',
  'NumberLessThanOrEquals',
  'NumberIn',
  'NumberNotIn',
  'StringBeginsWith',
  'StringContains',
  'StringEndsWith',
  'StringIn',
  'StringNotIn',
];

ENTRIES.push(
  {
    doc: 3,
    starts: 'This document covers the batch account resource',
    checks: [
      ...apiIs('batch', ['v20240701'], '2024-07-01'),
      ...apiIs('eventgrid', ['v20200601'], '2020-06-01'),
      at(DOC3_KINDS, 'status.systemData', { type: 'SystemData_STATUS' }),
    ],
  },
  {
    doc: 3,
    starts: 'A batch account declares a compute batch service account',
    checks: ['autoStorage', 'encryption', 'identity', 'networkProfile', 'publicNetworkAccess'].map((f) =>
      at(BATCH, `spec.${f}`, { required: false }),
    ),
  },
  {
    doc: 3,
    starts: 'Domains and topics declare endpoints',
    checks: [
      at(TOPICS, 'status.endpoint'),
      ...['destination', 'filter', 'retryPolicy', 'deadLetterDestination'].map((f) =>
        at(SUB, `spec.${f}`, { required: false }),
      ),
    ],
  },

  // ---------------------------------------------------------------- BatchAccount
  {
    doc: 3,
    starts: 'Owner: `genruntime.KnownResourceReference` to a `resources.{api_domain}/ResourceGroup`.',
    checks: [
      ownerIs(BATCH, 'ResourceGroup', ['genruntime.KnownResourceReference', 'resources.{api_domain}/ResourceGroup']),
    ],
  },
  {
    doc: 3,
    table: { heading: 'BatchAccount', header0: 'Field', context: 'Owner:' },
    fields: { kinds: BATCH, base: 'spec' },
    rows: {
      allowedAuthenticationModes: { exp: { enum: ['AAD', 'SharedKey', 'TaskAuthenticationToken'] } },
      encryption: { exp: { defaultDocIncludes: ['provider-managed'] } },
      keyVaultReference: { segs: [{ kinds: BATCH, base: 'spec.keyVaultReference' }] },
      networkProfile: { exp: { docIncludes: ['`publicNetworkAccess` is enabled'] } },
      operatorSpec: { exp: { fields: TWO_LISTS } },
      poolAllocationMode: { exp: { default: 'BatchService' } },
    },
  },
  { doc: 3, starts: 'Supporting types:', allow: INTRO },
  {
    doc: 3,
    table: { heading: 'BatchAccount', header0: 'Type' },
    rows: {
      AutoStorageBaseProperties: {
        segs: [{ kinds: BATCH, base: 'spec.autoStorage' }],
        checks: [
          at(BATCH, 'spec.autoStorage', { type: 'AutoStorageBaseProperties' }),
          at(BATCH, 'spec.autoStorage.nodeIdentityReference.resourceReference', {
            required: false,
            type: 'genruntime.ResourceReference',
          }),
        ],
      },
      AutoStorageProperties_STATUS: {
        segs: [{ kinds: BATCH, base: 'status.autoStorage' }],
        checks: [
          at(BATCH, 'status.autoStorage', { type: 'AutoStorageProperties_STATUS' }),
          at(BATCH, 'status.autoStorage.nodeIdentityReference.resourceId', { type: 'string' }),
        ],
      },
      BatchAccountIdentity: {
        segs: [{ kinds: BATCH, base: 'spec.identity' }],
        checks: [
          at(BATCH, 'spec.identity', { type: 'BatchAccountIdentity' }),
          at(BATCH, 'spec.identity.userAssignedIdentities[].reference', {
            required: false,
            type: 'genruntime.ResourceReference',
          }),
        ],
      },
      BatchAccountIdentity_STATUS: {
        segs: [
          {
            kinds: BATCH,
            base: 'status.identity',
            item: { userAssignedIdentities: { type: 'map[string]UserAssignedIdentities_STATUS' } },
          },
        ],
        checks: [
          at(BATCH, 'status.identity', { type: 'BatchAccountIdentity_STATUS' }),
          at(BATCH, 'status.identity.userAssignedIdentities{}.clientId', { type: 'string' }),
          at(BATCH, 'status.identity.userAssignedIdentities{}.principalId', { type: 'string' }),
          at(BATCH, 'status.identity.principalId', { docIncludes: ['system-assigned'] }),
        ],
      },
      EncryptionProperties: {
        segs: [{ kinds: BATCH, base: 'spec.encryption' }],
        checks: [at(BATCH, 'spec.encryption', { type: 'EncryptionProperties' })],
      },
      KeyVaultProperties: {
        segs: [{ before: ', a full key path', kinds: BATCH, base: 'spec.encryption.keyVaultProperties' }],
        checks: [
          at(BATCH, 'spec.encryption.keyVaultProperties', { type: 'KeyVaultProperties' }),
          at(BATCH, 'spec.encryption.keyVaultProperties.keyIdentifier', {
            docIncludes: ['with or without a version', 'system-assigned identity', 'soft-delete and purge protection'],
          }),
        ],
      },
      NetworkProfile: {
        segs: [{ before: ', each', kinds: BATCH, base: 'spec.networkProfile', type: 'EndpointAccessProfile' }],
        checks: [
          at(BATCH, 'spec.networkProfile', {
            type: 'NetworkProfile',
            fields: ['accountAccess', 'nodeManagementAccess'],
          }),
        ],
      },
      EndpointAccessProfile: {
        segs: [
          {
            kinds: BATCH,
            base: ACCESS,
            item: { defaultAction: { docIncludes: ['only when public network access is enabled'] } },
          },
        ],
      },
      IPRule: {
        segs: [
          {
            kinds: BATCH,
            base: ACCESS.map((a) => `${a}.ipRules[]`),
            item: { action: { enum: ['Allow'] }, value: { format: 'ipv4-or-cidr' } },
          },
        ],
        checks: ACCESS.map((a) => at(BATCH, `${a}.ipRules[]`, { type: 'IPRule' })),
      },
    },
  },
  {
    doc: 3,
    starts: 'Status (BatchAccount_STATUS) adds to the mirrored spec fields:',
    // The spec names the status form of `autoStorage` AutoStorageProperties_STATUS, so no naming rule here.
    checks: [mirrors(BATCH), at(BATCH, 'envelope.status', { type: 'BatchAccount_STATUS' })],
  },
  {
    doc: 3,
    table: { heading: 'BatchAccount', header0: 'Field', context: 'Status (BatchAccount_STATUS)' },
    fields: { kinds: BATCH, base: 'status' },
    rows: {
      dedicatedCoreQuota: { exp: { docIncludes: ['`UserSubscription`'] } },
      dedicatedCoreQuotaPerVMFamily: {
        exp: { docIncludes: ['`UserSubscription`'] },
        segs: [
          { after: 'items', before: '; not returned', kinds: BATCH, base: 'status.dedicatedCoreQuotaPerVMFamily[]' },
        ],
      },
      lowPriorityCoreQuota: { exp: { docIncludes: ['`UserSubscription`'] } },
      privateEndpointConnections: { checks: [at(BATCH, 'status.privateEndpointConnections[].id', { type: 'string' })] },
    },
  },

  // ---------------------------------------------------------------- event routing
  {
    doc: 3,
    starts: 'Every kind has `cloudName` (O), `operatorSpec` (two expression lists, O), `owner` (R).',
    segs: [{ kinds: EVENTGRID, base: 'spec', after: 'Every kind has', item: { operatorSpec: { fields: TWO_LISTS } } }],
  },
  {
    doc: 3,
    starts: 'Owner: a `resources.{api_domain}/ResourceGroup`.',
    checks: [ownerIs(['Domain'], 'ResourceGroup', ['resources.{api_domain}/ResourceGroup'])],
  },
  {
    doc: 3,
    table: { heading: 'Domain', header0: 'Field' },
    fields: { kinds: ['Domain'], base: 'spec' },
    rows: {
      inboundIpRules: { exp: { docIncludes: ['only when public network access is enabled'] } },
      publicNetworkAccess: { exp: { default: 'Enabled' } },
    },
  },
  {
    doc: 3,
    starts: 'Status adds: `endpoint` (string), `metricResourceId` (string)',
    segs: [
      {
        after: 'Status adds:',
        kinds: ['Domain'],
        base: 'status',
        item: { privateEndpointConnections: { type: 'PrivateEndpointConnection_STATUS[]' } },
        rest: { 'mirrored fields': [], 'common fields': ['conditions', 'id', 'name', 'type', 'location', 'tags'] },
      },
    ],
    checks: [
      mirrors(['Domain']),
      statusTypesNamed(['Domain']),
      at(['Domain'], 'status.privateEndpointConnections[].id', { type: 'string' }),
    ],
  },
  {
    doc: 3,
    starts: 'Owner: a Domain. Spec has only the common fields.',
    segs: [{ after: 'Status:', kinds: ['DomainsTopic'], base: 'status' }],
    checks: [
      ownerIs(['DomainsTopic'], 'Domain'),
      at(['DomainsTopic'], 'spec', { fields: ['cloudName', 'operatorSpec', 'owner'] }),
    ],
  },
  {
    doc: 3,
    starts: 'Owner: a `resources.{api_domain}/ResourceGroup`. Spec: same fields as Domain',
    segs: [{ after: 'Status: as Domain (', before: ')', kinds: ['Topic'], base: 'status' }],
    checks: [
      ownerIs(['Topic'], 'ResourceGroup', ['resources.{api_domain}/ResourceGroup']),
      defTest(['Topic'], 'same spec fields as Domain', (d) => {
        const dom = allKinds.find((x) => x.kind === 'Domain');
        return dom && sameSet(Object.keys(dom.spec.fields), Object.keys(d.spec.fields))
          ? undefined
          : `Topic spec fields [${Object.keys(d.spec.fields).join(', ')}]`;
      }),
      at(['Topic'], 'spec.inputSchema', { isEnum: true }),
      at(['Topic'], 'spec.inputSchemaMapping', { type: 'InputSchemaMapping', docIncludes: ['custom event schema'] }),
    ],
  },
  {
    doc: 3,
    starts: 'Owner: `genruntime.ArbitraryOwnerReference`',
    checks: [ownerIs(SUB, 'arbitrary', ['genruntime.ArbitraryOwnerReference'])],
  },
  {
    doc: 3,
    table: { heading: 'EventSubscription', header0: 'Field', context: 'Owner:' },
    fields: { kinds: SUB, base: 'spec' },
    rows: {
      deadLetterDestination: {
        checks: [
          at(SUB, 'spec.deadLetterDestination.storageBlob', {
            required: false,
            type: 'StorageBlobDeadLetterDestination',
          }),
          at(SUB, 'spec.deadLetterDestination', { fields: ['storageBlob'], exclusive: { members: ['storageBlob'] } }),
        ],
      },
      destination: { exp: { exclusive: { mode: 'exactlyOne', members: DESTINATIONS } } },
    },
  },
  {
    doc: 3,
    starts: 'Destination members (each O, each mutually exclusive with all others):',
    segs: [{ after: 'with all others):', before: '. Endpoint type values', kinds: SUB, base: 'spec.destination' }],
    checks: [
      at(SUB, 'spec.destination', { fields: DESTINATIONS, exclusive: { members: DESTINATIONS } }),
      ...['ServiceBusQueue', 'ServiceBusTopic', 'StorageQueue', 'WebHook'].map((v) =>
        at(SUB, `spec.destination.${lowerFirst(v)}.endpointType`, { enum: [v] }),
      ),
      at(SUB, 'spec.deadLetterDestination.storageBlob.endpointType', { enum: ['StorageBlob'] }),
    ],
  },
  {
    doc: 3,
    starts: 'Status adds: `provisioningState`, `topic`',
    segs: [{ after: 'Status adds:', kinds: SUB, base: 'status', rest: { 'mirrored fields with `_STATUS` types': [] } }],
    checks: [{ ...mirrors(SUB), consumes: ['_STATUS'] }, statusTypesNamed(SUB)],
  },
  {
    doc: 3,
    starts: '`EventSubscriptionFilter`:',
    checks: [
      at(SUB, 'spec.filter', { type: 'EventSubscriptionFilter' }),
      at(SUB, 'status.filter', { type: 'EventSubscriptionFilter_STATUS' }),
    ],
  },
  {
    doc: 3,
    table: { heading: 'EventSubscription', header0: 'Field', context: '`EventSubscriptionFilter`' },
    // No R/O column: nothing in it is stated required, so every field is O.
    fields: { kinds: SUB, base: 'spec.filter' },
    rows: {
      subjectBeginsWith: { exp: { docIncludes: ['wildcards are not supported'] } },
      subjectEndsWith: { exp: { docIncludes: ['wildcards are not supported'] } },
    },
  },
  {
    doc: 3,
    starts: '`RetryPolicy`:',
    segs: [{ after: '`RetryPolicy`:', kinds: SUB, base: 'spec.retryPolicy', status: 'status.retryPolicy' }],
    checks: [at(SUB, 'spec.retryPolicy', { type: 'RetryPolicy' })],
  },
  {
    doc: 3,
    starts: '`InboundIpRule`:',
    segs: [
      {
        after: '`InboundIpRule`:',
        before: '. `InputSchemaMapping`',
        kinds: TOPICS,
        base: 'spec.inboundIpRules[]',
        item: { ipMask: { format: 'cidr' } },
      },
    ],
    checks: [
      at(TOPICS, 'spec.inboundIpRules[]', { type: 'InboundIpRule' }),
      at(TOPICS, 'spec.inputSchemaMapping', {
        type: 'InputSchemaMapping',
        fields: ['json'],
        exclusive: { members: ['json'] },
      }),
      at(TOPICS, 'spec.inputSchemaMapping.json', { required: false, type: 'JsonInputSchemaMapping' }),
      at(TOPICS, 'spec.inputSchemaMapping.json.inputSchemaMappingType', { enumIncludes: ['Json'] }),
      ...['id', 'topic', 'eventTime', 'eventType', 'subject', 'dataVersion'].map((f) =>
        at(TOPICS, `spec.inputSchemaMapping.json.${f}.sourceField`, { required: false, type: 'string' }),
      ),
    ],
  },
  {
    doc: 3,
    starts: 'Advanced filter variants',
    checks: FILTER_VARIANTS.flatMap((v) => [
      at(SUB, `spec.filter.advancedFilters[].${lowerFirst(v)}.key`, {
        required: false,
        type: 'string',
        docIncludes: ['the event field to filter on'],
      }),
      at(SUB, `spec.filter.advancedFilters[].${lowerFirst(v)}.operatorType`, { required: true, enum: [v] }),
    ]),
  },
  {
    doc: 3,
    table: { heading: 'EventSubscription', header0: 'Variant' },
    row: (cells) => {
      const member = `spec.filter.advancedFilters[].${lowerFirst(cells[0].replace(/AdvancedFilter$/, ''))}`;
      const value = /^`(\w+)`\s+(\S+)$/.exec(cells[2]);
      return {
        checks: [
          at(SUB, member, { required: false, type: cells[0] }),
          at(SUB, `${member}.operatorType`, { required: true, enum: ticksOf(cells[1]) }),
          ...(value ? [at(SUB, `${member}.${value[1]}`, { type: value[2] })] : []),
        ],
      };
    },
  },
  { doc: 3, starts: 'Gap note (event routing)', allow: GAP_NOTE },

  // ---------------------------------------------------------------- states, endpoints, events, limits, versioning
  { doc: 3, starts: 'Provisioning states:', allow: INTRO },
  {
    doc: 3,
    table: { heading: 'States and transitions', header0: 'Resource' },
    row: statesRow,
    rows: {
      Topic: {
        checks: [
          at(['Topic'], 'status.provisioningState', { isEnum: true }),
          defTest(['Topic'], 'provisioningStates', (d) =>
            d.provisioningStates?.length ? undefined : 'no provisioning states',
          ),
        ],
      },
    },
  },
  { doc: 3, starts: 'Transitions: not shown.', allow: NOT_SHOWN },
  { doc: 3, starts: 'The payload of each path is the resource shape above.', allow: INTRO },
  { doc: 3, table: { heading: 'Endpoints', header0: 'Kind' }, row: endpointRow },
  {
    doc: 3,
    starts: 'The event routing resources configure how events',
    allow: 'introduces the numbered list that follows, mapped item by item',
  },
  {
    doc: 3,
    starts: 'A domain or topic accepts published events',
    checks: [
      at(TOPICS, 'spec.inputSchema', { enumIncludes: ['CustomEventSchema'] }),
      at(TOPICS, 'spec.inputSchemaMapping.json'),
    ],
  },
  {
    doc: 3,
    starts: 'A subscription delivers to exactly one destination kind',
    checks: [
      at(SUB, 'spec.destination', { exclusive: { mode: 'exactlyOne', members: DESTINATIONS } }),
      at(SUB, 'spec.eventDeliverySchema', { isEnum: true }),
    ],
  },
  {
    doc: 3,
    starts: 'Delivery is limited by `retryPolicy`',
    checks: [
      at(SUB, 'spec.retryPolicy.maxDeliveryAttempts'),
      at(SUB, 'spec.retryPolicy.eventTimeToLiveInMinutes'),
      at(SUB, 'spec.deadLetterDestination.storageBlob'),
    ],
  },
  {
    doc: 3,
    starts: 'An event is selected by `includedEventTypes`',
    checks: [
      'includedEventTypes',
      'subjectBeginsWith',
      'subjectEndsWith',
      'isSubjectCaseSensitive',
      'advancedFilters',
    ].map((f) => at(SUB, `spec.filter.${f}`)),
  },
  {
    doc: 3,
    starts: 'Traffic into a domain or topic',
    checks: [at(TOPICS, 'spec.publicNetworkAccess'), at(TOPICS, 'spec.inboundIpRules')],
  },
  { doc: 3, starts: 'Payload shape of a delivered event', allow: NOT_SHOWN },
  {
    doc: 3,
    table: { heading: 'Limits', header0: 'Limit' },
    rows: {
      'poolAllocationMode default': { checks: [at(BATCH, 'spec.poolAllocationMode', { default: 'BatchService' })] },
      quotas: {
        checks: [
          ...['poolQuota', 'activeJobAndJobScheduleQuota', 'dedicatedCoreQuota', 'lowPriorityCoreQuota'].map((f) =>
            at(BATCH, `status.${f}`, { type: 'int' }),
          ),
          at(BATCH, 'status.dedicatedCoreQuotaPerVMFamily[].coreQuota', { type: 'int' }),
          ...['dedicatedCoreQuota', 'lowPriorityCoreQuota', 'dedicatedCoreQuotaPerVMFamily'].map((f) =>
            at(BATCH, `status.${f}`, { docIncludes: ['`UserSubscription`'] }),
          ),
        ],
      },
      'ipRules action': { checks: ACCESS.map((a) => at(BATCH, `${a}.ipRules[].action`, { enum: ['Allow'] })) },
      retry: {
        checks: ['maxDeliveryAttempts', 'eventTimeToLiveInMinutes'].map((f) =>
          at(SUB, `spec.retryPolicy.${f}`, { type: 'int' }),
        ),
      },
    },
  },
  { doc: 3, table: { heading: 'Versioning', header0: 'Group' }, row: versioningRow },
);

// =====================================================================================================
// Tests
// =====================================================================================================

const ITEMS: SpecItem[] = (Object.values(DOCS) as string[]).flatMap((f) => parseSpecFile(f, join(SPEC_DIR, f)));
const usedEntries = new Set<Entry>();
const usedRows = new Set<string>();
const RESOLVED = ITEMS.map((i) => resolveItem(i, ENTRIES, usedEntries, usedRows));

const where = (i: SpecItem) =>
  `${i.doc}:${i.line} ${i.what === 'row' ? i.text : `"${i.text.length > 100 ? `${i.text.slice(0, 100)}…` : i.text}"`}`;
const shortDoc = (doc: string) => doc.split('-')[0];
const sectionOf = (i: SpecItem) => i.headings.slice(1).join(' › ') || '(preamble)';

function failuresOf(r: Resolved): string[] {
  if (r.status === 'allowed') return [];
  if (r.status === 'unmapped')
    return [
      `${where(r.item)}\n    → not mapped to the model and not allow-listed${r.problems.length ? ` (${r.problems.join('; ')})` : ''}`,
    ];
  const errs = [...r.problems, ...r.checks.flatMap(runCheck)];
  return errs.length ? [`${where(r.item)}\n${errs.map((e) => `    → ${e}`).join('\n')}`] : [];
}

for (const doc of Object.values(DOCS) as string[]) {
  const sections = new Map<string, Resolved[]>();
  for (const r of RESOLVED.filter((x) => x.item.doc === doc)) {
    const s = sectionOf(r.item);
    if (!sections.has(s)) sections.set(s, []);
    sections.get(s)!.push(r);
  }
  for (const [section, rs] of sections) {
    test(`spec ${shortDoc(doc)} › ${section}`, () => {
      const failures = rs.flatMap(failuresOf);
      if (failures.length)
        assert.fail(`${failures.length} item(s) of the spec not held by the model:\n${failures.join('\n')}`);
    });
  }
  test(`spec ${shortDoc(doc)}: every table row and prose line is mapped or allow-listed`, (t) => {
    const rs = RESOLVED.filter((x) => x.item.doc === doc);
    const count = (what: SpecItem['what'], status: Resolved['status']) =>
      rs.filter((r) => r.item.what === what && r.status === status).length;
    t.diagnostic(
      `${doc}: ${rs.filter((r) => r.item.what === 'row').length} table rows (${count('row', 'mapped')} mapped, ${count('row', 'allowed')} allow-listed), ` +
        `${rs.filter((r) => r.item.what === 'prose').length} prose lines (${count('prose', 'mapped')} mapped, ${count('prose', 'allowed')} allow-listed)`,
    );
    const unmapped = rs.filter((r) => r.status === 'unmapped');
    if (unmapped.length)
      assert.fail(`${unmapped.length} item(s) not mapped:\n${unmapped.map((r) => `  ${where(r.item)}`).join('\n')}`);
  });
}

test('spec: rows mapped + allow-listed == rows seen (tables and prose of the three documents)', (t) => {
  const rows = RESOLVED.filter((r) => r.item.what === 'row');
  const prose = RESOLVED.filter((r) => r.item.what === 'prose');
  const n = (rs: Resolved[], s: Resolved['status']) => rs.filter((r) => r.status === s).length;
  t.diagnostic(`table rows: ${rows.length} seen, ${n(rows, 'mapped')} mapped, ${n(rows, 'allowed')} allow-listed`);
  t.diagnostic(`prose lines: ${prose.length} seen, ${n(prose, 'mapped')} mapped, ${n(prose, 'allowed')} allow-listed`);
  assert.ok(rows.length > 250, `the parser saw only ${rows.length} table rows`);
  assert.equal(n(rows, 'mapped') + n(rows, 'allowed'), rows.length, 'table rows mapped + allow-listed');
  assert.equal(n(prose, 'mapped') + n(prose, 'allowed'), prose.length, 'prose lines mapped + allow-listed');
});

test('spec: every mapping entry and row override matches something in the documents', () => {
  const stale = ENTRIES.filter((e) => !usedEntries.has(e)).map(
    (e) => `  doc ${e.doc}: ${e.starts ?? JSON.stringify(e.table)}`,
  );
  for (const e of ENTRIES)
    for (const k of Object.keys(e.rows ?? {}))
      if (!usedRows.has(`${DOCS[e.doc]}|${e.table?.heading}|${k}`))
        stale.push(`  doc ${e.doc}: ${e.table?.heading} row ${k}`);
  if (stale.length) assert.fail(`mapping entries that match nothing (the spec changed?):\n${stale.join('\n')}`);
});

test('spec: the model has no kind the documents do not describe (besides the ResourceGroup owner kind)', () => {
  const extra = [...new Set(allKinds.map((d) => d.kind))].filter(
    (k) => !(ALL as readonly string[]).includes(k) && k !== 'ResourceGroup',
  );
  assert.deepEqual(extra, []);
  const missing = ALL.filter((k) => !allKinds.some((d) => d.kind === k));
  assert.deepEqual(missing, []);
});

// =====================================================================================================
// Prose rules: every clause that reads like a rule maps to its check (code + fixture) or to a reason
// =====================================================================================================

const PROSE_FILES: Record<ProseDoc, string> = { ...DOCS, shapes: 'reference-shapes.md' };

interface RuleClause {
  doc: ProseDoc;
  line: number;
  lineText: string;
  text: string;
}

/**
 * Clauses of every line (table cells, `;`-separated parts, sentences) that hold, outside backticks, a rule word
 * or a word stating a value, a limit or a condition.
 */
function ruleClauses(): RuleClause[] {
  const out: RuleClause[] = [];
  for (const doc of Object.keys(PROSE_FILES).map((k) => (k === 'shapes' ? k : Number(k))) as ProseDoc[]) {
    readFileSync(join(SPEC_DIR, PROSE_FILES[doc]), 'utf8')
      .split(/\r?\n/)
      .forEach((lineText, i) => {
        if (/^\s*#/.test(lineText) || /^\|\s*:?-{3,}/.test(lineText.trim())) return;
        for (const text of lineText.split(/\s*\|\s*|;\s+|\.\s+(?=[A-Z`(])/).map((s) => s.trim())) {
          const bare = text.replace(/`[^`]*`/g, '``');
          if (text && (RULE_WORDS.test(bare) || VALUE_WORDS.test(bare))) out.push({ doc, line: i + 1, lineText, text });
        }
      });
  }
  return out;
}

const covers = (r: ProseRule, c: RuleClause) =>
  r.doc === c.doc &&
  c.lineText.includes(r.quote) &&
  (c.text.includes(r.quote) || r.quote.includes(c.text)) &&
  (!r.line || c.lineText.includes(r.line));

const CLAUSES = ruleClauses();

test('prose rules: every clause of the spec that states a rule maps to a check or a reason', (t) => {
  const unmapped = CLAUSES.filter((c) => !PROSE_RULES.some((r) => covers(r, c)));
  const checks = PROSE_RULES.filter((r) => r.check).length;
  t.diagnostic(
    `${CLAUSES.length} rule clauses; ${PROSE_RULES.length} prose rules: ${checks} with a check, ${PROSE_RULES.length - checks} with a reason`,
  );
  assert.ok(CLAUSES.length > 100, `the scanner found only ${CLAUSES.length} rule clauses`);
  if (unmapped.length)
    assert.fail(
      `${unmapped.length} rule clause(s) with no check and no reason (add them to test/model/proseRules.ts):\n${unmapped.map((c) => `  ${PROSE_FILES[c.doc]}:${c.line} "${c.text}"`).join('\n')}`,
    );
});

test('prose rules: each entry quotes the spec and has exactly one of a check and a reason', () => {
  const bad: string[] = [];
  for (const r of PROSE_RULES) {
    const text = readFileSync(join(SPEC_DIR, PROSE_FILES[r.doc]), 'utf8');
    if (!text.includes(r.quote)) bad.push(`"${r.quote}" is not in ${PROSE_FILES[r.doc]}`);
    if (!!r.check === !!r.reason) bad.push(`"${r.quote}": needs exactly one of check and reason`);
    if (r.reason !== undefined && r.reason.length < 30) bad.push(`"${r.quote}": the reason says too little`);
  }
  assert.deepEqual(bad, []);
});

test('prose rules: each check names a registered code shown by its fixture', () => {
  const bad: string[] = [];
  for (const r of PROSE_RULES) {
    if (!r.check) continue;
    const { code, fixture, at } = r.check;
    const where = `"${r.quote}" → ${code} in ${fixture}`;
    if (!isCode(code)) bad.push(`${where}: no such code in codes.ts`);
    const file = join(__dirname, '..', 'test', fixture);
    if (!existsSync(file)) {
      bad.push(`${where}: no such file`);
      continue;
    }
    const text = readFileSync(file, 'utf8');
    if (fixture.endsWith('.ts')) {
      // Cross-file rules: the workspace test that asserts the code.
      if (!text.includes(code)) bad.push(`${where}: the test does not assert it`);
      continue;
    }
    const lines = text.split(/\r?\n/);
    const expected = readExpectations(text).filter((e) => e.code === code && (!at || lines[e.line].includes(at)));
    if (!expected.length) bad.push(`${where}: no inline expectation of it${at ? ` on a line with "${at}"` : ''}`);
    const actual = actualDiagnostics(text).filter((a) => a.code === code);
    if (!expected.every((e) => actual.some((a) => a.line === e.line)))
      bad.push(`${where}: the service does not report it where expected`);
  }
  assert.deepEqual(bad, []);
});
