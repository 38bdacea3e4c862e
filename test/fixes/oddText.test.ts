// Edits and ranges on odd texts: the examples, the embedded-language fixtures and the manifests without
// apiVersion (missing-apiversion.yaml) with lone CRs, CRLF, tabs, emoji (surrogate pairs), empty keys, a
// block scalar header at the very end, misspelled keys and kinds,
// several documents in one file. For every text:
// - every diagnostic's range is whole (numbers within the text, never between CR and LF, never inside a
//   surrogate pair) and no message holds a lone surrogate;
// - every offered action, applied, leaves YAML that parses as well as before (a "Disable" comment: to the
//   same data), removes its diagnostic, and adds no Error anywhere in the file, cross-document checks
//   included; fix-all likewise;
// - every completion edit, at cursors on the odd places (after a CR, inside a pair, after a closing quote, on
//   a block header, in the indentation) and elsewhere, contains the cursor and is whole.
// A fixed seed and a few hundred runs here; FC_RUNS (and FC_SEED) for a longer run.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import fc from 'fast-check';
import { parseAllDocuments } from 'yaml';
import { applyEdits, type Action } from '../../server/src/service/core/edits';
import { codeActions } from '../../server/src/service/features/codeActions';
import { fixAllEdits } from '../../server/src/service/workspace/fixAll';
import { complete } from '../../server/src/service/features/complete';
import { severityOf, type Diag } from '../../server/src/service/core/diag';
import { parseFile } from '../../server/src/service/core/parse';
import { validateFile } from '../../server/src/service/checks/validate';
import { checkFile } from '../../server/src/service/workspace/checks';
import { completeReferences } from '../../server/src/service/features/completeRefs';
import type { WorkspaceIndex } from '../../server/src/service/workspace/workspaceIndex';
import { createWorkspaceIndex } from '../../server/src/service/workspace/checks';
import { mapOffset } from './verify';

const ROOT = join(__dirname, '..', '..');
const URI = 'file:///ws/odd.yaml';
const yamlFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    if (statSync(p).isDirectory()) return n === 'mistakes' ? [] : yamlFiles(p);
    return n.endsWith('.yaml') ? [readFileSync(p, 'utf8')] : [];
  });
const FIXTURES = join(ROOT, 'test', 'fixtures', 'diagnostics', 'common');
const TEXTS = [
  ...yamlFiles(join(ROOT, 'examples')),
  ...['cel-expressions.yaml', 'cel-styles.yaml', 'missing-apiversion.yaml'].map((n) =>
    readFileSync(join(FIXTURES, n), 'utf8'),
  ),
];

const isHigh = (c: number) => c >= 0xd800 && c <= 0xdbff;
const isLow = (c: number) => c >= 0xdc00 && c <= 0xdfff;
/** Whether an offset lies inside a character: between CR and LF, or between the halves of a pair. */
const splits = (text: string, at: number) =>
  at > 0 &&
  at < text.length &&
  ((text[at - 1] === '\r' && text[at] === '\n') || (isHigh(text.charCodeAt(at - 1)) && isLow(text.charCodeAt(at))));
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

type Odd = (text: string, pick: number) => string;
const at = (text: string, pick: number) => pick % (text.length + 1);
/** Inserts `s` at `i`, never between the halves of a pair (a file read as UTF-8 holds no lone surrogate). */
const insert = (text: string, i: number, s: string) => {
  const j = i > 0 && isHigh(text.charCodeAt(i - 1)) && isLow(text.charCodeAt(i)) ? i - 1 : i;
  return text.slice(0, j) + s + text.slice(j);
};
const lineStarts = (text: string) => [0, ...[...text.matchAll(/\n/g)].map((m) => m.index! + 1)];

const ODD: Record<string, Odd> = {
  crlf: (t) => t.replace(/\r?\n/g, '\r\n'),
  loneCR: (t, p) => insert(t, at(t, p), '\r'),
  crForLF: (t, p) => {
    const ls = lineStarts(t).slice(1);
    const i = ls.length ? ls[p % ls.length] - 1 : -1;
    return i >= 0 ? t.slice(0, i) + '\r' + t.slice(i + 1) : t;
  },
  tab: (t, p) => insert(t, at(t, p), '\t'),
  emoji: (t, p) => insert(t, at(t, p), '😀'),
  emojiInExpression: (t, p) => {
    const m = [...t.matchAll(/(expression|value): /g)];
    if (m.length === 0) return t;
    const hit = m[p % m.length];
    const from = hit.index! + hit[0].length;
    const end = t.indexOf('\n', from);
    return insert(t, from + (p % Math.max(1, (end < 0 ? t.length : end) - from + 1)), '😀');
  },
  emptyKey: (t, p) => {
    const ls = lineStarts(t);
    const i = ls[p % ls.length];
    const indent = /^[ \t]*/.exec(t.slice(i))![0];
    return insert(t, i, `${indent}${['', '""', '[]', '{}'][p % 4]}:${p % 5 ? ' x' : ''}\n`);
  },
  emptyBlockAtEnd: (t, p) => {
    const m = [...t.matchAll(/(expression|value): /g)];
    if (m.length === 0) return t;
    const hit = m[p % m.length];
    return t.slice(0, hit.index! + hit[0].length) + ['|', '>-', '|+'][p % 3];
  },
  blockAtEndNoBreak: (t) => t.replace(/\s+$/, ''),
  misspelledKey: (t, p) => {
    const keys = [...t.matchAll(/^([ \t]*(?:- )?)([a-zA-Z]{6,}):/gm)];
    if (keys.length === 0) return t;
    const k = keys[p % keys.length];
    const name = k[2];
    const cut = 1 + (p % (name.length - 2));
    const start = k.index! + k[1].length;
    return t.slice(0, start) + name.slice(0, cut) + name.slice(cut + 1) + t.slice(start + name.length);
  },
  misspelledKind: (t, p) => {
    const kinds = [...t.matchAll(/^kind: ([A-Za-z]{5,})/gm)];
    if (kinds.length === 0) return t;
    const k = kinds[p % kinds.length];
    const start = k.index! + 'kind: '.length + 2;
    return t.slice(0, start) + t.slice(start + 1);
  },
  secondDocument: (t, p) => `${t.replace(/\s*$/, '\n')}---\n${TEXTS[p % TEXTS.length]}`,
};

/** The YAML's own reading: its errors, and its data. */
function yamlView(text: string): { errors: number; data: string } {
  const docs = parseAllDocuments(text);
  if (!Array.isArray(docs)) return { errors: 0, data: '[]' };
  const errors = docs.reduce((n, d) => n + d.errors.length, 0);
  let data: string;
  try {
    // Maps as entries: keys may be collections (`[]: x`).
    data = JSON.stringify(
      docs.map((d) => d.toJS({ mapAsMap: true, maxAliasCount: -1 })),
      (_, v: unknown) => (v instanceof Map ? { map: [...v] } : v),
    );
  } catch {
    data = 'unreadable';
  }
  return { errors, data };
}

/**
 * Every Error of the file, its own and the cross-document ones, as code and message (numbers left out);
 * those starting inside `skip` (what a fix reveals) left out.
 */
function errorsOf(text: string, skip: readonly [number, number][] = []): Map<string, number> {
  const uri = URI;
  const file = parseFile(text);
  const index = createWorkspaceIndex();
  index.set(uri, file);
  const out = new Map<string, number>();
  for (const d of [...validateFile(file), ...checkFile(index, uri, { complete: false })])
    if (severityOf(d) === 'error' && !skip.some(([s, e]) => d.start >= s && d.start <= e)) {
      const k = `${d.code}: ${d.message.replace(/\d+/g, '#')}`;
      out.set(k, (out.get(k) ?? 0) + 1);
    }
  return out;
}

const added = (before: Map<string, number>, after: Map<string, number>): string[] =>
  [...after].filter(([k, n]) => n > (before.get(k) ?? 0)).map(([k]) => k);

function wholeRange(text: string, start: unknown, end: unknown): string | undefined {
  if (typeof start !== 'number' || typeof end !== 'number' || !Number.isInteger(start) || !Number.isInteger(end))
    return `not numbers: ${String(start)}:${String(end)}`;
  if (start < 0 || end < start || end > text.length) return `out of the text: ${start}:${end} of ${text.length}`;
  if (splits(text, start) || splits(text, end)) return `splits a character: ${start}:${end}`;
  return undefined;
}

/** What is wrong with an action applied to `text` (whose diagnostics are `diags`); empty when it is sound. */
function actionProblems(text: string, diags: readonly Diag[], action: Action, errorsBefore: Map<string, number>) {
  const problems: string[] = [];
  for (const e of action.edits) {
    const whole = wholeRange(text, e.start, e.end);
    if (whole) problems.push(`edit ${whole}`);
  }
  const after = applyEdits(text, action.edits);
  const before = yamlView(text);
  const now = yamlView(after);
  if (now.errors > before.errors) problems.push(`the YAML no longer parses (${before.errors} → ${now.errors} errors)`);
  const disable = action.title.startsWith('Disable ');
  if (disable && now.data !== before.data) problems.push('a Disable comment changed the data');
  // Except inside what the fix reveals (the content under a corrected kind or key, unchecked before).
  const edits = [...action.edits].sort((a, b) => a.start - b.start);
  const open = (action.reveals ?? []).map(([s, e]) => [mapOffset(edits, s), mapOffset(edits, e)] as [number, number]);
  const newErrors = added(errorsBefore, errorsOf(after, open));
  if (newErrors.length > 0) problems.push(`new errors: ${newErrors.join(' | ')}`);
  // Its diagnostic is gone: one fewer of its code and message (a Disable comment silences it where it is).
  const count = (ds: readonly Diag[]) =>
    ds.filter((d) => d.code === action.diag.code && d.message === action.diag.message).length;
  if (count(validateFile(parseFile(after))) >= count(diags))
    problems.push(`${action.diag.code} still reported: ${action.diag.message}`);
  return problems;
}

/** The cursors to complete at: after each CR, inside each pair, after quotes, on block headers, and some more. */
function cursors(text: string, pick: number): number[] {
  const out = new Set<number>();
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\r' || c === '"' || c === "'" || c === '|' || c === '>' || c === '\t') out.add(i + 1);
    if (isHigh(text.charCodeAt(i))) out.add(i + 1);
  }
  for (const m of text.matchAll(/(?:expression|value):[ ]*/g)) {
    const from = m.index! + m[0].length;
    for (let k = 0; k < 12; k++) out.add(Math.min(text.length, from + ((pick + k * 7) % 60)));
  }
  for (let k = 0; k < 8; k++) out.add((pick * (k + 3)) % (text.length + 1));
  // Not between CR and LF: no editor position lies there (LSP counts CRLF as one line end). Inside a pair is
  // kept: a client can send that position.
  return [...out].filter((o) => o <= text.length && !(text[o - 1] === '\r' && text[o] === '\n')).slice(0, 50);
}

function completionProblems(text: string, offset: number, index: WorkspaceIndex): string[] {
  const file = parseFile(text);
  const problems: string[] = [];
  // The YAML and embedded completion, and the names of the file's manifests after `name:` of an owner.
  for (const item of [...complete(file, offset), ...completeReferences(index, URI, file, offset)]) {
    const edit = item.textEdit;
    if (!edit) continue;
    for (const r of [edit.range]) {
      const s = file.lines.offsetAt(r.start);
      const e = file.lines.offsetAt(r.end);
      const whole = wholeRange(text, s, e);
      if (whole) problems.push(`"${item.label}" at ${offset}: ${whole}`);
      else if (!(s <= offset && offset <= e))
        problems.push(`"${item.label}" at ${offset}: the edit ${s}:${e} does not contain the cursor`);
    }
    if (problems.length > 0) break;
  }
  return problems;
}

const RUNS = Number(process.env.FC_RUNS ?? 200);

test('odd texts: whole ranges, sound actions and fix-all, completion edits that contain the cursor', () => {
  let actions = 0;
  let completions = 0;
  fc.assert(
    fc.property(
      fc.nat(TEXTS.length - 1),
      fc.array(fc.tuple(fc.constantFrom(...Object.keys(ODD)), fc.nat(1_000_000)), { minLength: 1, maxLength: 3 }),
      (t, steps) => {
        const text = steps.reduce((s, [name, pick]) => ODD[name](s, pick), TEXTS[t]);
        const shown = `${steps.map(([n, p]) => `${n}(${p})`).join(' ')}\n${JSON.stringify(text)}`;
        const file = parseFile(text);
        const diags = validateFile(file);
        for (const d of diags) {
          const whole = wholeRange(text, d.start, d.end);
          assert.equal(whole, undefined, `${d.code} ${d.message}: ${whole}\n${shown}`);
          assert.doesNotMatch(d.message, loneSurrogate, `${d.code}: a lone surrogate in the message\n${shown}`);
        }
        const errorsBefore = errorsOf(text);
        for (const a of codeActions(file, diags)) {
          actions++;
          assert.deepEqual(
            actionProblems(text, diags, a, errorsBefore),
            [],
            `${a.diag.code} "${a.title}" ${a.diag.message}\n${shown}`,
          );
        }
        const all = fixAllEdits(file, diags);
        if (all.length > 0) {
          const after = applyEdits(text, all);
          assert.ok(yamlView(after).errors <= yamlView(text).errors, `fix-all broke the YAML\n${shown}`);
          assert.deepEqual(added(errorsBefore, errorsOf(after)), [], `fix-all added errors\n${shown}`);
        }
        const index = createWorkspaceIndex();
        index.set(URI, file);
        for (const c of cursors(text, steps[0][1])) {
          completions++;
          assert.deepEqual(completionProblems(text, c, index), [], shown);
        }
        index.remove(URI);
      },
    ),
    { numRuns: RUNS, seed: Number(process.env.FC_SEED ?? 20261124) },
  );
  assert.ok(actions > 200, `${actions} actions checked`);
  assert.ok(completions > 800, `${completions} completions checked`);
});
