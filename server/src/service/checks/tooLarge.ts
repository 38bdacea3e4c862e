// Documents too large to check in full (`maxDocumentSize`, in characters): a 50 MB file of 220,000 manifests
// took 80 s and 3 GB to validate and index. Such a document gets one message saying so and naming the
// setting, and only its YAML syntax is checked, one YAML document at a time, so that the caller can pause
// between them (the server yields to the event loop: see lsp/largeDocs.ts; the CLI runs them in one go).
import type { Diag } from '../core/diag';
import { Chunk, ChunkStore, documentMarkers } from '../core/parse';
import { settingsOf, type ValidateOptions } from '../core/ruleSettings';
import { syntaxErrorsOf } from './validate';

export const isTooLarge = (text: { readonly length: number }, max: number): boolean => text.length > max;

const thousands = (n: number) => n.toLocaleString('en-US');

/**
 * The longest YAML document of a too-large file whose syntax is checked: parsing is the one step that cannot
 * be cut in slices, and a dense document takes about 3 s a megabyte: half a second at this length.
 */
export const MAX_SYNTAX_DOCUMENT = 200_000;

/** The one message of a document over the limit, on its first character. */
export function tooLargeDiag(text: string, max: number): Diag {
  // On the first character: a whole surrogate pair, and nothing when the text starts with a line break.
  const first = text.codePointAt(0);
  const end = first === undefined || first === 10 || first === 13 ? 0 : first > 0xffff ? 2 : 1;
  return {
    code: 'document-too-large',
    start: 0,
    end,
    message:
      `This document is too large to check in full (${thousands(text.length)} characters; the limit is ` +
      `${thousands(max)}): only its YAML syntax is checked, in each of its YAML documents up to ` +
      `${thousands(MAX_SYNTAX_DOCUMENT)} characters. To check it in full, raise the setting ` +
      '`maxDocumentSize` (`cloudManifests.maxDocumentSize` in the editor, `maxDocumentSize` in .cloud-manifests.json).',
  };
}

/**
 * The YAML syntax errors of a large text (file offsets), one YAML document per step: the documents are found
 * as parse.ts splits them (at `---` and after `...` at the start of a line), without building the whole
 * file's parsed form, and each is parsed and dropped at once.
 */
export function* syntaxSteps(
  text: string,
  store: ChunkStore = new ChunkStore(),
): Generator<{ end: number; diags: Diag[] }> {
  const marker = documentMarkers();
  let start = 0;
  const check = (end: number): { end: number; diags: Diag[] } => {
    if (end <= start) return { end, diags: [] };
    const offset = start;
    const part = text.slice(start, end);
    start = end;
    if (part.length > MAX_SYNTAX_DOCUMENT) return { end, diags: [] };
    const diags = store.readOnce(() => {
      const chunk = new Chunk(part, store, false);
      return syntaxErrorsOf(chunk.doc, part, store).map((d) => ({
        ...d,
        start: d.start + offset,
        end: d.end + offset,
      }));
    });
    return { end, diags };
  };
  let m: RegExpExecArray | null;
  while ((m = marker.exec(text))) {
    if (m[1] === '---') yield check(m.index);
    else {
      const eol = text.indexOf('\n', m.index);
      yield check(eol < 0 ? text.length : eol + 1);
    }
  }
  yield check(text.length);
}

/**
 * A too-large file's diagnostics as the user sees them, severities and disable comments applied, step by
 * step: its one message first, then its syntax errors a YAML document at a time (`syntaxSteps`). The
 * diagnostics query drains it (service/analysis.ts); the server runs it in slices (lsp/largeDocs.ts).
 */
export function* largeFileSteps(
  text: string,
  max: number,
  options: ValidateOptions = {},
): Generator<{ end: number; diags: Diag[] }> {
  const apply = settingsOf({ text }, options);
  yield { end: 0, diags: apply([tooLargeDiag(text, max)]) };
  for (const step of syntaxSteps(text))
    yield step.diags.length > 0 ? { end: step.end, diags: apply(step.diags) } : step;
}

/** Every diagnostic of a too-large file at once (see largeFileSteps). */
export function largeFileDiagnostics(text: string, max: number, options: ValidateOptions = {}): Diag[] {
  const out: Diag[] = [];
  for (const step of largeFileSteps(text, max, options)) for (const d of step.diags) out.push(d);
  return out;
}
