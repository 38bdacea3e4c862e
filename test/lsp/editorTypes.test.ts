// The service's own editor types (service/core/editorTypes.ts) are the protocol's: lsp/ sends completion items
// and symbols as the service builds them, so every kind, format and mode must carry the number (or string)
// vscode-languageserver-types gives it, and every shape must be one the protocol's type accepts.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import * as lsp from 'vscode-languageserver-types';
import * as ours from '../../server/src/service/core/editorTypes';

const TABLES = [
  'CompletionItemKind',
  'CompletionItemTag',
  'InsertTextFormat',
  'InsertTextMode',
  'MarkupKind',
  'SymbolKind',
] as const;

test("every editor constant of the service has the protocol's value, and the protocol has no other", () => {
  for (const name of TABLES) {
    const mine = ours[name] as Record<string, unknown>;
    const theirs = Object.fromEntries(
      Object.entries(lsp[name] as Record<string, unknown>).filter(([, v]) => typeof v !== 'function'),
    );
    assert.deepEqual(mine, theirs, name);
  }
});

// Checked by the type checker (npm run typecheck covers test/): our shapes go into the protocol's as they are.
export const shapes: [
  (x: ours.CompletionItem) => lsp.CompletionItem,
  (x: ours.DocumentSymbol) => lsp.DocumentSymbol,
  (x: ours.SymbolInformation) => lsp.SymbolInformation,
  (x: ours.MarkupContent) => lsp.MarkupContent,
] = [(x) => x, (x) => x, (x) => x, (x) => x];
