// Applies an LSP WorkspaceEdit to files on disk as an editor would: files created first, then each
// document's text edits (positions in UTF-16 code units, against the text before any of its edits).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Position, TextEdit, WorkspaceEdit } from 'vscode-languageserver-protocol';

const offsetAt = (text: string, p: Position): number => {
  let at = 0;
  for (let line = 0; line < p.line; line++) {
    const lf = text.indexOf('\n', at);
    if (lf < 0) return text.length;
    at = lf + 1;
  }
  return Math.min(at + p.character, text.length);
};

/** A text with LSP edits applied (non-overlapping, as the protocol requires). */
export function applyTextEdits(text: string, edits: readonly TextEdit[]): string {
  const spans = edits
    .map((e) => ({ start: offsetAt(text, e.range.start), end: offsetAt(text, e.range.end), newText: e.newText }))
    .sort((a, b) => a.start - b.start || a.end - b.end);
  let out = '';
  let at = 0;
  for (const e of spans) {
    if (e.start < at) throw new Error('overlapping edits');
    out += text.slice(at, e.start) + e.newText;
    at = e.end;
  }
  return out + text.slice(at);
}

/** Applies `edit` to the files it names; returns the uris whose text it changed or created. */
export function applyWorkspaceEdit(edit: WorkspaceEdit): string[] {
  const touched: string[] = [];
  const write = (uri: string, edits: readonly TextEdit[]) => {
    const path = fileURLToPath(uri);
    writeFileSync(path, applyTextEdits(existsSync(path) ? readFileSync(path, 'utf8') : '', edits));
    touched.push(uri);
  };
  for (const c of edit.documentChanges ?? []) {
    if ('kind' in c) {
      if (c.kind !== 'create') throw new Error(`unexpected ${c.kind}`);
      const path = fileURLToPath(c.uri);
      if (existsSync(path) && !c.options?.overwrite) throw new Error(`${c.uri} exists`);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, '');
      touched.push(c.uri);
    } else write(c.textDocument.uri, c.edits as TextEdit[]);
  }
  for (const [uri, edits] of Object.entries(edit.changes ?? {})) write(uri, edits);
  return touched;
}
