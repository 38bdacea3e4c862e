// Open documents too large to check in full (service/tooLarge.ts): they are not indexed, their one message
// is published at once, and their YAML syntax is checked in slices of a few milliseconds with the event
// loop free between them, so that hover, completion and edits elsewhere are answered meanwhile. A new
// version (or the document closing) abandons the check of the old one.
import type { Diagnostic } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { Diag } from '../service/core/diag';
import { LineCounter, type Position } from '../service/core/lineIndex';
import { isTooLarge, syntaxSteps, tooLargeDiag } from '../service/checks/tooLarge';
import { docsBaseOf, toLspDiagnostic } from './diagnostic';
import type { LargeCheck, ServerState } from './state';

/** How long one slice of the check may hold the event loop. */
const SLICE_MS = 15;

export const isLargeDoc = (s: ServerState, doc: TextDocument): boolean =>
  isTooLarge(doc.getText(), s.client.settings.maxDocumentSize);

/** A diagnostic as published, its severity and `off` from the `rules` setting; undefined when off. */
function published(s: ServerState, d: Diag, at: (o: number) => Position): Diagnostic | undefined {
  const setting = s.client.settings.rules[d.code];
  if (setting === 'off') return undefined;
  const lines = { range: (a: number, b: number) => ({ start: at(a), end: at(b) }) };
  return toLspDiagnostic(
    { lines },
    setting ? { ...d, severity: setting } : d,
    docsBaseOf(s.client.settings.docsBaseUrl),
  );
}

/**
 * The diagnostics of a large document known now: its message, and the syntax errors once the check (started
 * here if it is not running for this version) has finished. `onDone` runs when it finishes, if it has not.
 */
export function largeDiagnostics(s: ServerState, doc: TextDocument, onDone?: () => void): Diagnostic[] {
  const text = doc.getText();
  let check = s.large.get(doc.uri);
  if (!check || check.version !== doc.version || check.text !== text) {
    check = start(s, doc.uri, doc.version, text);
    s.large.set(doc.uri, check);
  }
  if (onDone && !check.done) check.onDone.push(onDone);
  const max = s.client.settings.maxDocumentSize;
  const first = published(s, tooLargeDiag(text, max), (o) => new LineCounter(text).positionAt(o));
  return [...(first ? [first] : []), ...(check.done ? check.found : [])];
}

/**
 * Checks the syntax of `text` in slices, calling `found` with each error as published and `done` at the end;
 * stops (without `done`) as soon as `current` says the text is no longer wanted.
 */
function checkSliced(
  s: ServerState,
  text: string,
  current: () => boolean,
  found: (d: Diagnostic) => void,
  done: () => void,
): void {
  const steps = syntaxSteps(text);
  const lines = new LineCounter(text);
  const slice = () => {
    if (!current()) return;
    const until = Date.now() + SLICE_MS;
    for (;;) {
      const step = steps.next();
      if (step.done) return done();
      // Offsets in increasing order for the counter: the errors' starts and ends, then the step's end.
      const offsets = step.value.diags.flatMap((d) => [d.start, d.end]).sort((a, b) => a - b);
      const at = new Map(offsets.map((o) => [o, lines.positionAt(o)]));
      for (const d of step.value.diags) {
        const p = published(s, d, (o) => at.get(o)!);
        if (p) found(p);
      }
      lines.positionAt(step.value.end);
      if (Date.now() >= until) break;
    }
    setImmediate(slice);
  };
  setImmediate(slice);
}

function start(s: ServerState, uri: string, version: number, text: string): LargeCheck {
  const check: LargeCheck = { version, text, found: [], done: false, onDone: [] };
  checkSliced(
    s,
    text,
    // Superseded by a new version, or closed.
    () => s.large.get(uri) === check,
    (d) => check.found.push(d),
    () => {
      check.done = true;
      for (const f of check.onDone.splice(0)) f();
    },
  );
  return check;
}

/**
 * Every diagnostic of a large document or file, once its syntax is checked (for `cloudManifests/checkWorkspace`,
 * which reports each file's final set).
 */
export function largeDiagnosticsWhenDone(s: ServerState, uri: string, text: string): Promise<Diagnostic[]> {
  const doc = s.documents.get(uri);
  if (doc && doc.getText() === text)
    return new Promise((resolve) => {
      const now = largeDiagnostics(s, doc, () => resolve(largeDiagnostics(s, doc)));
      if (s.large.get(uri)?.done) resolve(now);
    });
  // A closed file: checked on its own, nothing kept.
  const max = s.client.settings.maxDocumentSize;
  const first = published(s, tooLargeDiag(text, max), (o) => new LineCounter(text).positionAt(o));
  const found: Diagnostic[] = first ? [first] : [];
  return new Promise((resolve) =>
    checkSliced(
      s,
      text,
      () => true,
      (d) => found.push(d),
      () => resolve(found),
    ),
  );
}

/** The document closed, or fits again: its check stops. */
export function forgetLarge(s: ServerState, uri: string): void {
  s.large.delete(uri);
}
