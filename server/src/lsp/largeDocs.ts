// Open documents too large to check in full (service/tooLarge.ts): they are not indexed, their one message
// is published at once, and their YAML syntax is checked in slices of a few milliseconds with the event
// loop free between them, so that hover, completion and edits elsewhere are answered meanwhile. A new
// version (or the document closing) abandons the check of the old one.
import { isTooLarge } from '../service/host/ingest';
import type { Diagnostic } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { Diag } from '../service/core/diag';
import { LineCounter } from '../service/core/lineIndex';
import { docsBaseOf, toLspDiagnostic } from './diagnostic';
import { openDoc, type LargeCheck, type ServerState } from './state';
import { PieceDocument } from './pieceDocument';

/** How long one slice of the check may hold the event loop. */
const SLICE_MS = 15;

export const isLargeDoc = (s: ServerState, doc: TextDocument): boolean =>
  // The store's document knows its length without its whole text (pieceDocument.ts).
  isTooLarge(doc instanceof PieceDocument ? doc : doc.getText(), s.host.settings.maxDocumentSize);

/**
 * The diagnostics of a large document known now: its message, and the syntax errors once the check (started
 * here if it is not running for this version) has finished. `onDone` runs when it finishes, if it has not.
 */
export function largeDiagnostics(s: ServerState, doc: TextDocument, onDone?: () => void): Diagnostic[] {
  const text = doc.getText();
  let check = s.openDocs.get(doc.uri)?.large;
  if (!check || check.version !== doc.version || check.text !== text) {
    check = start(s, doc.uri, doc.version, text);
    openDoc(s, doc.uri).large = check;
  }
  if (onDone && !check.done) check.onDone.push(onDone);
  return check.done ? check.found : check.found.slice(0, check.first);
}

/**
 * Runs the service's steps of a large text (service/tooLarge.ts `largeFileSteps`: the query's own, settings
 * and disable comments applied) in slices, calling `found` with each diagnostic as published and `done` at
 * the end; the first step (the message) at once; stops (without `done`) as soon as `current` says the text
 * is no longer wanted.
 */
function checkSliced(
  s: ServerState,
  text: string,
  current: () => boolean,
  found: (d: Diagnostic) => void,
  done: () => void,
): void {
  const steps = s.host.largeFileSteps(text);
  const { docsBaseUrl } = s.client.settings;
  const lines = new LineCounter(text);
  const docs = docsBaseOf(docsBaseUrl);
  const publish = (diags: Diag[], end: number) => {
    // Offsets in increasing order for the counter: the errors' starts and ends, then the step's end.
    const offsets = diags.flatMap((d) => [d.start, d.end]).sort((a, b) => a - b);
    const at = new Map(offsets.map((o) => [o, lines.positionAt(o)]));
    const range = (a: number, b: number) => ({ start: at.get(a)!, end: at.get(b)! });
    for (const d of diags) found(toLspDiagnostic({ lines: { range } }, d, docs));
    lines.positionAt(end);
  };
  const first = steps.next();
  if (!first.done) publish(first.value.diags, first.value.end);
  const slice = () => {
    if (!current()) return;
    const until = Date.now() + SLICE_MS;
    for (;;) {
      const step = steps.next();
      if (step.done) return done();
      publish(step.value.diags, step.value.end);
      if (Date.now() >= until) break;
    }
    setImmediate(slice);
  };
  setImmediate(slice);
}

function start(s: ServerState, uri: string, version: number, text: string): LargeCheck {
  const check: LargeCheck = { version, text, found: [], first: 0, done: false, onDone: [] };
  checkSliced(
    s,
    text,
    // Superseded by a new version, or closed.
    () => s.openDocs.get(uri)?.large === check,
    (d) => check.found.push(d),
    () => {
      check.done = true;
      for (const f of check.onDone.splice(0)) f();
    },
  );
  // What the first step found (the message) is known at once.
  check.first = check.found.length;
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
      if (s.openDocs.get(uri)?.large?.done) resolve(now);
    });
  // A closed file: checked on its own, nothing kept.
  const found: Diagnostic[] = [];
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
  const d = s.openDocs.get(uri);
  if (d) d.large = undefined;
}
