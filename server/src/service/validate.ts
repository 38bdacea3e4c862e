// validate: the diagnostics of a file. Each document's own diagnostics depend only on its text, so they
// are cached by that text: an edit to one resource of a large file re-checks that resource alone.
import { isMap, isScalar, isSeq, type Document, type YAMLError, type YAMLMap } from 'yaml';
import { envelopeOf, listEnvelopeOf, listItemOf } from '../model/envelope';
import { kindsOf, lookup, otherVersionsOf, parseApiVersion, type Lookup } from '../model/registry';
import { typeAt } from '../model/typePath';
import type { KindDef, ObjectType } from '../model/types';
import { isCode, type Code, type Severity } from './codes';
import { identifyChunk } from './identity';
import { isCoreList } from './listItems';
import { Reporter, severityOf, type Diag } from './diag';
import { analysisTree, parseFile, type ParsedDoc, type ParsedFile } from './parse';
import { hashText, shiftFix, type FixData } from './fixes/data';
import { valueFix } from './fixes/values';
import { afterEntry, eolAt, lineStartOf } from './fixes/spans';
import { nearAll } from './fixes/candidates';
import { RULES } from './rules';
import { listOf, nearest } from './suggest';
import { Walker, type OtherVersionLookup } from './walk';
import { wholeCharacters } from './text';
import { entry, keySpanOf, scalarValue, spanOf, type Span } from './yamlNodes';

export type RuleSetting = Severity | 'off';

export interface ValidateOptions {
  /** Severity per code, `off` to silence (`cloudManifests.rules`). */
  rules?: Partial<Record<string, RuleSetting>>;
}

/** What a document is: ours (with its kind), or not. */
export function identify(root: unknown): Lookup {
  if (!isMap(root)) return { status: 'notOurs' };
  return lookup(scalarValue(entry(root, 'apiVersion')?.value), scalarValue(entry(root, 'kind')?.value));
}

const otherVersionsCache = new Map<string, OtherVersionLookup>();
function otherVersions(def: KindDef): OtherVersionLookup {
  const key = `${def.area}/${def.kind}/${def.version}`;
  let fn = otherVersionsCache.get(key);
  if (!fn) {
    const others = otherVersionsOf(def);
    fn = (path) =>
      others.flatMap((o) => {
        const t = typeAt(envelopeOf(o), path);
        return t ? [{ version: o.version, type: t }] : [];
      });
    otherVersionsCache.set(key, fn);
  }
  return fn;
}

/** The envelope with `status` left unchecked: a written status only earns the read-only warning. */
const walkedEnvelope = new WeakMap<ObjectType, ObjectType>();
function forWalking(env: ObjectType): ObjectType {
  let t = walkedEnvelope.get(env);
  if (!t) {
    t = {
      ...env,
      fields: {
        ...env.fields,
        status: { ...env.fields.status, type: { kind: 'open', name: 'status', note: 'read-only' } },
      },
    };
    walkedEnvelope.set(env, t);
  }
  return t;
}

interface ChunkContext {
  doc: Document;
  text: string;
  out: Reporter;
}

function checkManifest(
  { doc, text, out }: ChunkContext,
  root: YAMLMap,
  def: KindDef,
  envelope: ObjectType,
  label: string,
  runRules = true,
): void {
  const kindEntry = entry(root, 'kind');
  const anchor = kindEntry ? spanOf(kindEntry.value ?? kindEntry.key) : spanOf(root.items[0]?.key);
  new Walker({ doc, text, out, otherVersions: otherVersions(def) }).object(
    root,
    forWalking(envelope),
    label,
    anchor,
    [],
  );
  if (!runRules) return;
  for (const rule of RULES) {
    if (rule.kinds && !rule.kinds.includes(def.kind)) continue;
    rule.check({ def, doc, root, out, text });
  }
}

/** The kind of an apiVersion that has exactly one. */
function onlyKindOf(apiVersion: string | undefined): string | undefined {
  const parsed = apiVersion ? parseApiVersion(apiVersion) : undefined;
  const kinds = parsed ? kindsOf(parsed.area, parsed.version) : [];
  return kinds.length === 1 ? kinds[0].kind : undefined;
}

/** `kind: X` on the line after `apiVersion` (a block mapping only); the whole document is checked afterwards. */
function addKindFix(root: YAMLMap, text: string, kind: string): FixData | undefined {
  const api = root.items.find((p) => isScalar(p.key) && p.key.value === 'apiVersion');
  if (root.flow || !api || !isScalar(api.key)) return undefined;
  const keyStart = spanOf(api.key)[0];
  const indent = text.slice(lineStartOf(text, keyStart), keyStart);
  if (!/^ *$/.test(indent)) return undefined;
  const at = afterEntry(text, api as { key: unknown; value: unknown });
  const eol = eolAt(text, at);
  const lead = at === text.length && !/[\r\n]$/.test(text) ? eol : '';
  return {
    fix: 'insert',
    title: `Add \`kind: ${kind}\``,
    edits: [{ at, text: `${lead}${indent}kind: ${kind}${lead ? '' : eol}` }],
    reveals: [0, text.length],
  };
}

/** A kind or version corrected: the whole document is checked afterwards. */
const withReveals = (fix: FixData | undefined, text: string): FixData | undefined =>
  fix?.fix === 'replace' ? { ...fix, reveals: [0, text.length] } : fix;

/** `at`: where the manifest sits (`items[2].` in a core `v1` `List`), for the field names of the messages. */
function identityDiagnostics(root: YAMLMap, id: Lookup, out: Reporter, text: string, at = ''): void {
  if (id.status === 'unknownVersion') {
    const v = entry(root, 'apiVersion')!;
    const near = nearest(id.parsed.version, id.versions);
    const written = String(scalarValue(v.value));
    const prefix = written.slice(0, written.lastIndexOf('/') + 1);
    out.report(
      'unknown-version',
      spanOf(v.value),
      `\`${at}apiVersion\` version "${id.parsed.version}" does not exist for ${id.kind} in \`${id.area}.${id.parsed.domain}\`; versions: ${listOf(id.versions)}.${near ? ` Did you mean \`${near}\`?` : ''}`,
      undefined,
      withReveals(
        valueFix(
          text,
          spanOf(v.value),
          nearAll(id.parsed.version, id.versions).map((x) => prefix + x),
          true,
        ),
        text,
      ),
    );
  } else if (id.status === 'unknownKind') {
    const k = entry(root, 'kind')!;
    const near = nearest(String(scalarValue(k.value)), id.kinds);
    out.report(
      'unknown-kind',
      spanOf(k.value),
      `\`${at}kind\` "${String(scalarValue(k.value))}" does not exist in \`${id.area}.${id.parsed.domain}/${id.version}\`; kinds: ${listOf(id.kinds, 20)}.${near ? ` Did you mean \`${near}\`?` : ''}`,
      undefined,
      withReveals(valueFix(text, spanOf(k.value), nearAll(String(scalarValue(k.value)), id.kinds), true), text),
    );
  }
}

/** Keyed by the chunk's content key: they live as long as the parsed chunk does (see parse.ts). */
const docCache = new WeakMap<object, Diag[]>();

/** Diagnostics of one document, with spans relative to the document's chunk. */
export function validateChunk(chunk: Pick<ParsedDoc, 'text' | 'doc' | 'key'>): Diag[] {
  const hit = docCache.get(chunk.key);
  if (hit) return hit;
  const diags = computeChunk(analysisTree(chunk), chunk.text);
  docCache.set(chunk.key, diags);
  return diags;
}

/** Parser errors that leave the structure around them intact; any other error may have moved keys. */
const LOCAL_ERRORS = new Set([
  'BAD_DQ_ESCAPE',
  'DUPLICATE_KEY',
  'KEY_OVER_1024_CHARS',
  'MULTIPLE_ANCHORS',
  'MULTIPLE_TAGS',
  'TAG_RESOLVE_FAILED',
  'BAD_PROP_ORDER',
  'ALIAS_PROPS',
  'NON_STRING_KEY',
]);

/** The span a parser error is about: the whole key or token, or the opening quote of an unclosed string. */
function syntaxSpan(e: YAMLError, text: string): Span {
  let s = Math.max(0, Math.min(e.pos[0], text.length - 1));
  let t = Math.min(Math.max(e.pos[1], s + 1), text.length);
  const quote = /^Missing closing (["'])quote/.exec(e.message)?.[1];
  if (quote) {
    // Reported at the end of the swallowed text: point at the quote that opened it instead.
    const before = text.slice(0, s);
    const re = new RegExp(`(?:^|[:\\-\\[{,])[ \\t]*${quote === '"' ? '"' : "'"}`, 'gm');
    let m: RegExpExecArray | null;
    let at = -1;
    while ((m = re.exec(before))) at = m.index + m[0].length - 1;
    if (at >= 0) return [at, at + 1];
  }
  if (e.code === 'DUPLICATE_KEY') {
    // A second empty key (`: x`): its node begins where its line, or a comment above it, begins.
    const colon = keySpanOf(text, { range: [s, s, s] });
    if (colon[1] > colon[0]) return colon;
  }
  if (e.code === 'DUPLICATE_KEY' || e.code === 'BAD_INDENT') {
    while (s < text.length && (text[s] === ' ' || text[s] === '\t')) s++;
    const token = /^[^\s:#,\]}]+/.exec(text.slice(s, s + 200));
    if (token) t = s + token[0].length;
    else t = Math.min(text.length, s + 1);
    if (s >= text.length) s = Math.max(0, text.length - 1);
  }
  return snapSpan(text, [s, Math.max(t, s + 1)]);
}

const isHigh = (c: number) => c >= 0xd800 && c <= 0xdbff;
const isLow = (c: number) => c >= 0xdc00 && c <= 0xdfff;
const isBreak = (c: number) => c === 10 || c === 13;

/**
 * A parser error's span made fit to show: never starting or ending between CR and LF or inside a surrogate
 * pair, and never on a line break alone (an error reported there, such as an unclosed `{` at the end of its
 * line, is shown on the last character written before it).
 */
function snapSpan(text: string, [s, t]: Span): Span {
  if (isBreak(text.charCodeAt(s))) {
    let p = s;
    while (p > 0 && (isBreak(text.charCodeAt(p - 1)) || text.charCodeAt(p - 1) === 32 || text.charCodeAt(p - 1) === 9))
      p--;
    if (p > 0) {
      s = p - 1;
      t = p;
    } else if (text.charCodeAt(s) === 10 && text.charCodeAt(s - 1) === 13) s--;
  }
  if (s > 0 && isLow(text.charCodeAt(s)) && isHigh(text.charCodeAt(s - 1))) s--;
  if (t < text.length && isLow(text.charCodeAt(t)) && isHigh(text.charCodeAt(t - 1))) t++;
  if (t < text.length && text.charCodeAt(t) === 10 && text.charCodeAt(t - 1) === 13) t++;
  return [s, Math.max(t, s + 1)];
}

/** The text of a span as a message quotes it: its first line, at most 40 characters, no pair cut in half. */
function quoted(text: string, [s, t]: Span): string {
  const line = text.slice(s, t).split(/\r\n|\r|\n/)[0];
  let cut = line.slice(0, 40);
  if (cut.length > 0 && isHigh(cut.charCodeAt(cut.length - 1))) cut = cut.slice(0, -1);
  return cut;
}

const MISSING = new Set(['missing-required', 'missing-member', 'reference-shape']);

/**
 * An item of a `<Kind>List` is checked as the kind it names: a RoleDefinition among a RoleAssignmentList's
 * items gets one error on its `kind`, then the checks of a RoleDefinition, never those of the list's kind
 * (which would call every RoleDefinition field unknown). A kind the model does not know: the `kind` only.
 */
function checkListItem(
  cc: ChunkContext,
  item: YAMLMap,
  def: KindDef,
  i: number,
  listApiVersion: string,
  at = '',
): void {
  const label = `${at}items[${i}]`;
  const kindEntry = entry(item, 'kind');
  const written = scalarValue(kindEntry?.value);
  if (!kindEntry || typeof written !== 'string' || written === def.kind) {
    checkManifest(cc, item, def, listItemOf(def), label, true);
    return;
  }
  const apiVersion = scalarValue(entry(item, 'apiVersion')?.value);
  const named = lookup(typeof apiVersion === 'string' ? apiVersion : listApiVersion, written);
  if (named.status !== 'ok' || named.list) {
    // Not a kind of ours: its `kind` alone is checked (with the near-miss fix), nothing else is guessed.
    const kindType = listItemOf(def).fields.kind.type;
    new Walker({ doc: cc.doc, text: cc.text, out: cc.out }).value(
      kindEntry.value,
      kindType,
      `${label}.kind`,
      spanOf(kindEntry.key),
      ['kind'],
    );
    return;
  }
  cc.out.report(
    'enum-value',
    spanOf(kindEntry.value ?? kindEntry.key),
    `\`${label}.kind\` is ${written}, but a ${def.kind}List holds only ${def.kind} items; move this ${written} to a ${written}List or a core \`v1\` \`List\`.`,
  );
  checkManifest(cc, item, named.def, listItemOf(named.def), label, true);
}

/**
 * A core `v1` `List`: every item of ours is checked as a top-level manifest of the kind it names; items of
 * other kinds get nothing, and a list with none of ours gets nothing at all (not even its syntax errors).
 */
function coreListDiagnostics(doc: Document.Parsed, root: YAMLMap, text: string): Diag[] {
  const out = new Reporter();
  const cc: ChunkContext = { doc, text, out };
  const items = entry(root, 'items')?.value;
  let ours = false;
  if (isSeq(items))
    items.items.forEach((item, i) => {
      if (!isMap(item)) return;
      const id = identify(item);
      if (id.status === 'notOurs') return;
      ours = true;
      if (id.status === 'ok') {
        if (id.list) {
          // A typed list inside the core list: its items as in a top-level list.
          const inner = entry(item, 'items')?.value;
          if (isSeq(inner)) {
            const api = String(scalarValue(entry(item, 'apiVersion')?.value));
            inner.items.forEach((x, j) => isMap(x) && checkListItem(cc, x, id.def, j, api, `items[${i}].`));
          }
        } else checkManifest(cc, item, id.def, envelopeOf(id.def), `items[${i}]`);
      } else identityDiagnostics(item, id, out, text, `items[${i}].`);
    });
  if (!ours) return [];
  if (doc.errors.length === 0) return out.diags;
  // As for any document: syntax errors, and nothing after one that may have moved keys.
  const syntax = new Reporter();
  const structuralAt = syntaxDiagnostics(doc, text, syntax);
  return [...syntax.diags, ...out.diags.filter((d) => d.start < structuralAt && !MISSING.has(d.code))];
}

/** Reports the parser's errors; returns where the first one that may have moved keys starts. */
function syntaxDiagnostics(doc: Document.Parsed, text: string, out: Reporter): number {
  let structuralAt = Infinity;
  for (const e of doc.errors) {
    const span = syntaxSpan(e, text);
    if (!LOCAL_ERRORS.has(e.code)) structuralAt = Math.min(structuralAt, span[0]);
    const written = quoted(text, span);
    const first = e.message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '');
    const message = `YAML syntax error at \`${written.trim() || written}\`: ${first}`;
    out.report('yaml-syntax', span, wholeCharacters(message, text.slice(span[0], span[1] + 2)));
  }
  return structuralAt;
}

/**
 * The YAML syntax errors of one of our documents (chunk-relative spans), none for others' documents: the
 * part of the checks a document too large to check in full still gets (see tooLarge.ts).
 */
export function syntaxErrorsOf(doc: Document.Parsed, text: string): Diag[] {
  const root = doc.contents;
  // A core `v1` `List`: its syntax errors only when it holds manifests of ours (see coreListDiagnostics).
  if (isMap(root) && isCoreList(root))
    return coreListDiagnostics(doc, root, text).filter((d) => d.code === 'yaml-syntax');
  if (!isOurs(doc, text)) return [];
  const out = new Reporter();
  syntaxDiagnostics(doc, text, out);
  return out.diags;
}

/** Whether a document is ours: identified, or (not parsing, or without `kind`) what it has says so. */
function isOurs(doc: Document.Parsed, text: string): boolean {
  const root = doc.contents;
  const id = isMap(root) ? identify(root) : { status: 'notOurs' as const };
  if (id.status !== 'notOurs') return true;
  const partial = identifyChunk({ doc, text });
  return (
    partial.root !== undefined &&
    (doc.errors.length > 0 || (partial.kind === undefined && partial.apiVersion !== undefined))
  );
}

function computeChunk(doc: Document.Parsed, text: string): Diag[] {
  const out = new Reporter();
  const root = doc.contents;
  const id = isMap(root) ? identify(root) : { status: 'notOurs' as const };
  if (isMap(root) && isCoreList(root)) return coreListDiagnostics(doc, root, text);
  // A document that does not parse, or lacks `kind`/`apiVersion`, is still ours when what it has says so.
  // (A kind name alone is too weak a sign: `Topic` or `Snapshot` may be anybody's.)
  const partial = id.status === 'notOurs' ? identifyChunk({ doc, text }) : undefined;
  const ours =
    !partial ||
    (partial.root !== undefined &&
      (doc.errors.length > 0 || (partial.kind === undefined && partial.apiVersion !== undefined)));
  if (!ours) return [];
  const structuralAt = syntaxDiagnostics(doc, text, out);
  if (!isMap(root)) return out.diags;
  if (id.status === 'notOurs') {
    // Our group and version without a kind.
    const first = root.items[0]?.key;
    if (first && partial?.kind === undefined) {
      const only = onlyKindOf(partial?.apiVersion);
      out.report(
        'missing-required',
        spanOf(first),
        only
          ? `The manifest is missing required field \`kind\`: write \`kind: ${only}\`, the one kind of \`${partial?.apiVersion}\`.`
          : `The manifest is missing required field \`kind\`; completion after \`kind: \` lists the kinds of \`${partial?.apiVersion}\`.`,
        undefined,
        only ? addKindFix(root, text, only) : undefined,
      );
    }
    return out.diags;
  }
  const cc: ChunkContext = { doc, text, out };
  if (id.status === 'ok') {
    if (id.list) {
      // The list envelope is walked with `items` unchecked; each item is then checked as a manifest.
      const env = listEnvelopeOf(id.def);
      const shallow = {
        ...env,
        fields: {
          ...env.fields,
          items: { ...env.fields.items, type: { kind: 'open' as const, name: 'items', note: '' } },
        },
      };
      checkManifest(cc, root, id.def, shallow, '', false);
      const items = entry(root, 'items')?.value;
      if (isSeq(items)) {
        items.items.forEach((item, i) => {
          if (isMap(item)) checkListItem(cc, item, id.def, i, String(scalarValue(entry(root, 'apiVersion')?.value)));
          else if (isScalar(item) && item.value !== null)
            out.report(
              'wrong-type',
              spanOf(item),
              `\`items[${i}]\` must be a ${id.def.kind} manifest (a mapping); found ${String(item.value)}.`,
            );
        });
      } else if (items && !(isScalar(items) && items.value === null)) {
        out.report('wrong-type', spanOf(items), '`items` must be a list of manifests.');
      }
    } else {
      checkManifest(cc, root, id.def, envelopeOf(id.def), '');
    }
  } else {
    identityDiagnostics(root, id, out, text);
  }
  if (structuralAt === Infinity) return out.diags;
  // After an error that may have moved keys, only what lies before it can be trusted; and nothing can
  // be called missing, since the parser may have put it elsewhere.
  return out.diags.filter((d) => d.code === 'yaml-syntax' || (d.start < structuralAt && !MISSING.has(d.code)));
}

const DISABLE = /#\s*cloud-manifests-disable-next-line\b([^\n]*)/g;

/**
 * The YAML line (counted at LF only: a lone CR is no line break to YAML, and a comment runs on past it) of
 * offsets of the text, by binary search over its LF positions.
 */
function yamlLines(text: string): (offset: number) => number {
  const lfs: number[] = [];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) lfs.push(i);
  return (offset) => {
    let lo = 0;
    let hi = lfs.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (lfs[mid] < offset) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

/**
 * Lines silenced by `# cloud-manifests-disable-next-line [CODE…]` comments: YAML line → codes, or every
 * code; with the YAML line of an offset.
 */
function disabledLines(file: Pick<ParsedFile, 'text'>): {
  lines: Map<number, Set<string> | 'all'>;
  lineOf: (offset: number) => number;
} {
  const out = new Map<number, Set<string> | 'all'>();
  if (!file.text.includes('cloud-manifests-disable')) return { lines: out, lineOf: () => 0 };
  const lineOf = yamlLines(file.text);
  for (const m of file.text.matchAll(DISABLE)) {
    const line = lineOf(m.index!) + 1;
    // No code silences every code; otherwise only the codes named (a misspelled one silences nothing).
    const words = m[1]
      .replace(/--.*$/, '')
      .split(/[\s,]+/)
      .filter(Boolean);
    out.set(line, words.length === 0 ? 'all' : new Set(words.filter((c) => isCode(c))));
  }
  return { lines: out, lineOf };
}

/** Applies severity settings and disable comments to file-level diagnostics. */
export function applySettings(file: ParsedFile, diags: Diag[], options: ValidateOptions = {}): Diag[] {
  const disabled = disabledLines(file);
  const result: Diag[] = [];
  for (const d of diags) {
    const setting = options.rules?.[d.code];
    if (setting === 'off') continue;
    if (disabled.lines.size > 0) {
      const codes = disabled.lines.get(disabled.lineOf(d.start));
      if (codes && (codes === 'all' || codes.has(d.code))) continue;
    }
    result.push(setting ? { ...d, severity: setting } : d);
  }
  return result;
}

/** Fingerprint of each chunk's text for the fixes its diagnostics carry (see fixes/data.ts). */
const chunkHash = new WeakMap<object, number>();
function hashOf(chunk: Pick<ParsedDoc, 'text' | 'key'>): number {
  let h = chunkHash.get(chunk.key);
  if (h === undefined) chunkHash.set(chunk.key, (h = hashText(chunk.text)));
  return h;
}

/** The diagnostics of a whole file, spans as file offsets, ordered by position. */
export function validateFile(file: ParsedFile, options: ValidateOptions = {}): Diag[] {
  const all: Diag[] = [];
  for (const chunk of file.docs) {
    let doc: [number, number, number] | undefined;
    for (const d of validateChunk(chunk)) {
      const moved: Diag = { ...d, start: d.start + chunk.offset, end: d.end + chunk.offset };
      if (d.data)
        moved.data = shiftFix(d.data, chunk.offset, (doc ??= [chunk.offset, chunk.text.length, hashOf(chunk)]));
      all.push(moved);
    }
  }
  return applySettings(file, all, options).sort((a, b) => a.start - b.start || a.end - b.end);
}

/** Convenience for tests and the CLI: parse and validate a text. */
export const validateText = (text: string, options: ValidateOptions = {}): Diag[] =>
  validateFile(parseFile(text), options);

export { severityOf };
export type { Code, Diag };
