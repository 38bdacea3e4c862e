// Diagnostics serialised once. Push diagnostics replace a file's whole list at every publish: an edit in a
// 5,000-resource file sent its 500 diagnostics again, each converted and written out as JSON anew (most of
// the edit's time, growing with the file). A service diagnostic that outlives the edit (the documents it
// left alone keep theirs: checks/validate.ts `placedDiagnostics`) keeps its LSP form here, and the JSON of
// everything after its range, so a publish writes the range afresh (lines above may have moved) and the
// rest as it was. The bytes written are those `JSON.stringify` would write (test/lsp/diagnosticJson.test.ts).
import type { Diagnostic } from 'vscode-languageserver';
import type { Severity } from '../service/core/codes';
import type { Diag } from '../service/core/diag';

/** What an LSP diagnostic is besides its range, and its JSON after the range (`,"severity":…}`). */
export interface Converted {
  base: Omit<Diagnostic, 'range'>;
  /** What `base` was made from: a service diagnostic is plain data, but a hit is checked against it. */
  docs: string;
  severity: Severity;
  code: string;
  message: string;
  data: unknown;
  json?: string;
  /** The LSP diagnostic made last (most often asked again at the same range), and its JSON. */
  last?: Diagnostic;
  lastJson?: string;
}

const bySource = new WeakMap<Diag, Converted>();
/** The LSP diagnostics made here (frozen: what is written is what was converted). */
const byLsp = new WeakMap<Diagnostic, Converted>();

/**
 * The LSP form of `d` besides its range, made once per service diagnostic (and links base); `make` builds it
 * on a miss (from its arguments: no closure made per diagnostic at each publish).
 */
export function convertedOnce(
  d: Diag,
  docs: string,
  severity: Severity,
  make: (d: Diag, docs: string, severity: Severity) => Omit<Diagnostic, 'range'>,
): Converted {
  let c = bySource.get(d);
  if (
    !c ||
    c.docs !== docs ||
    c.severity !== severity ||
    c.code !== d.code ||
    c.message !== d.message ||
    c.data !== d.data
  ) {
    c = { base: make(d, docs, severity), docs, severity, code: d.code, message: d.message, data: d.data };
    bySource.set(d, c);
  }
  return c;
}

/**
 * The LSP diagnostic of `c` at `range`: the one made last time when the range is the same, else `make`'s,
 * frozen with its range (written from `c`'s JSON from now on).
 */
export function atRange(
  c: Converted,
  range: Diagnostic['range'],
  make: (range: Diagnostic['range']) => Diagnostic,
): Diagnostic {
  if (c.last && sameRange(c.last.range, range)) return c.last;
  const lsp = Object.freeze(make(range));
  // Positions as the protocol has them (a line and a character, integers): else written as they are.
  if (!isPosition(range.start) || !isPosition(range.end) || Object.keys(range).length !== 2) return lsp;
  Object.freeze(range.start);
  Object.freeze(range.end);
  Object.freeze(range);
  byLsp.set(lsp, c);
  c.last = lsp;
  c.lastJson = undefined;
  return lsp;
}

/** A diagnostic's JSON: its range as it is, the rest as serialised the first time (each made once). */
function diagnosticJson(d: Diagnostic): string {
  const c = byLsp.get(d);
  if (!c) return JSON.stringify(d);
  if (d === c.last && c.lastJson !== undefined) return c.lastJson;
  const json = jsonOf(c);
  if (json === '}') return JSON.stringify(d);
  const { start, end } = d.range;
  const out = `{"range":{"start":{"line":${start.line},"character":${start.character}},"end":{"line":${end.line},"character":${end.character}}},${json}`;
  if (d === c.last) c.lastJson = out;
  return out;
}

const isPosition = (p: unknown): p is { line: number; character: number } =>
  typeof p === 'object' &&
  p !== null &&
  Object.keys(p).length === 2 &&
  Number.isInteger((p as { line: unknown }).line) &&
  Number.isInteger((p as { character: unknown }).character);

/**
 * Whether two lists of diagnostics made here are the same: each at the same range, and written alike (a
 * pull answered `unchanged` then). One not made here is never taken as the same.
 */
export function sameDiagnostics(a: readonly Diagnostic[], b: readonly Diagnostic[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    const y = b[i];
    if (x === y) continue;
    const c = byLsp.get(x);
    const d = byLsp.get(y);
    if (!c || !d || !sameRange(x.range, y.range)) return false;
    // A document checked again makes new diagnostics, most often the same as before.
    if (c !== d && jsonOf(c) !== jsonOf(d)) return false;
  }
  return true;
}

/** The JSON of a diagnostic after its range, made once. */
const jsonOf = (c: Converted): string => (c.json ??= JSON.stringify(c.base).slice(1));

const sameRange = (a: Diagnostic['range'], b: Diagnostic['range']): boolean =>
  a.start.line === b.start.line &&
  a.start.character === b.start.character &&
  a.end.line === b.end.line &&
  a.end.character === b.end.character;

const PLACEHOLDER = '"diagnostics":0';

/**
 * A message as `JSON.stringify` writes it, in pieces: a `textDocument/publishDiagnostics` notification's
 * diagnostics from their kept JSON. (A `"diagnostics":0` outside a string can only be the placeholder: a
 * quote inside a string is escaped.)
 */
function messagePieces(msg: unknown): string[] {
  const m = msg as { method?: unknown; params?: { diagnostics?: unknown } };
  const ds = m?.params?.diagnostics;
  if (m?.method !== 'textDocument/publishDiagnostics' || !Array.isArray(ds)) return [JSON.stringify(msg)];
  const rest = JSON.stringify({ ...m, params: { ...m.params, diagnostics: 0 } });
  const at = rest.indexOf(PLACEHOLDER);
  const pieces = [rest.slice(0, at) + '"diagnostics":['];
  ds.forEach((d: Diagnostic, i) => {
    if (i > 0) pieces.push(',');
    pieces.push(diagnosticJson(d));
  });
  pieces.push(']' + rest.slice(at + PLACEHOLDER.length));
  return pieces;
}

/** A message as `JSON.stringify` writes it (see messagePieces). */
export const messageJson = (msg: unknown): string => messagePieces(msg).join('');

/**
 * vscode-jsonrpc's JSON encoder (node/ril.js), the message's pieces written into one buffer: no string of
 * the whole message is made (a publish of a large file is hundreds of KB, garbage at every edit).
 */
export const diagnosticsEncoder = {
  name: 'application/json',
  encode: (msg: unknown, options: { charset: BufferEncoding }): Promise<Uint8Array> => {
    try {
      const pieces = messagePieces(msg);
      if (pieces.length === 1) return Promise.resolve(Buffer.from(pieces[0], options.charset));
      let size = 0;
      for (const p of pieces) size += Buffer.byteLength(p, options.charset);
      const out = Buffer.allocUnsafe(size);
      let at = 0;
      for (const p of pieces) at += out.write(p, at, options.charset);
      return Promise.resolve(out);
    } catch (err) {
      return Promise.reject(err);
    }
  },
};
