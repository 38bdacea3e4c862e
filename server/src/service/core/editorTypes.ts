// What the editor features answer, as plain data of our own: completion items, markup, document and workspace
// symbols. The shapes and numbers are the Language Server Protocol's (3.17), so lsp/ sends them as they are
// (test/lsp/editorTypes.test.ts compares every value with vscode-languageserver-types); service/ imports no
// LSP library, and a change of the protocol's library changes nothing below the host.
import type { Range } from './lineIndex';

/** The kind of a completion item (the icon an editor shows): LSP's `CompletionItemKind`. */
export const CompletionItemKind = {
  Text: 1,
  Method: 2,
  Function: 3,
  Constructor: 4,
  Field: 5,
  Variable: 6,
  Class: 7,
  Interface: 8,
  Module: 9,
  Property: 10,
  Unit: 11,
  Value: 12,
  Enum: 13,
  Keyword: 14,
  Snippet: 15,
  Color: 16,
  File: 17,
  Reference: 18,
  Folder: 19,
  EnumMember: 20,
  Constant: 21,
  Struct: 22,
  Event: 23,
  Operator: 24,
  TypeParameter: 25,
} as const;
export type CompletionItemKind = (typeof CompletionItemKind)[keyof typeof CompletionItemKind];

/** LSP's `CompletionItemTag`. */
export const CompletionItemTag = { Deprecated: 1 } as const;
export type CompletionItemTag = (typeof CompletionItemTag)[keyof typeof CompletionItemTag];

/** Whether an insert text is plain or a snippet with tab stops: LSP's `InsertTextFormat`. */
export const InsertTextFormat = { PlainText: 1, Snippet: 2 } as const;
export type InsertTextFormat = (typeof InsertTextFormat)[keyof typeof InsertTextFormat];

/** Whether the editor re-indents an insert text's lines: LSP's `InsertTextMode`. */
export const InsertTextMode = { asIs: 1, adjustIndentation: 2 } as const;
export type InsertTextMode = (typeof InsertTextMode)[keyof typeof InsertTextMode];

/** LSP's `MarkupKind`. */
export const MarkupKind = { PlainText: 'plaintext', Markdown: 'markdown' } as const;
export type MarkupKind = (typeof MarkupKind)[keyof typeof MarkupKind];

export interface MarkupContent {
  kind: MarkupKind;
  value: string;
}

/** A command an item runs once inserted (to open the suggestions again). */
export interface Command {
  title: string;
  command: string;
  arguments?: unknown[];
}

export interface TextEdit {
  range: Range;
  newText: string;
}

/** The part of LSP's `CompletionItem` the service fills. */
export interface CompletionItem {
  label: string;
  /** Shown beside the label (`detail`) and after it (`description`). */
  labelDetails?: { detail?: string; description?: string };
  kind?: CompletionItemKind;
  tags?: CompletionItemTag[];
  detail?: string;
  documentation?: string | MarkupContent;
  preselect?: boolean;
  sortText?: string;
  filterText?: string;
  insertText?: string;
  insertTextFormat?: InsertTextFormat;
  insertTextMode?: InsertTextMode;
  textEdit?: TextEdit;
  additionalTextEdits?: TextEdit[];
  commitCharacters?: string[];
  command?: Command;
}

/** The kind of a symbol (the outline's icon): LSP's `SymbolKind`. */
export const SymbolKind = {
  File: 1,
  Module: 2,
  Namespace: 3,
  Package: 4,
  Class: 5,
  Method: 6,
  Property: 7,
  Field: 8,
  Constructor: 9,
  Enum: 10,
  Interface: 11,
  Function: 12,
  Variable: 13,
  Constant: 14,
  String: 15,
  Number: 16,
  Boolean: 17,
  Array: 18,
  Object: 19,
  Key: 20,
  Null: 21,
  EnumMember: 22,
  Struct: 23,
  Event: 24,
  Operator: 25,
  TypeParameter: 26,
} as const;
export type SymbolKind = (typeof SymbolKind)[keyof typeof SymbolKind];

/** An entry of a file's outline: LSP's `DocumentSymbol`. */
export interface DocumentSymbol {
  name: string;
  detail?: string;
  kind: SymbolKind;
  range: Range;
  selectionRange: Range;
  children?: DocumentSymbol[];
}

/** A symbol of the workspace with where it is: LSP's `SymbolInformation`. */
export interface SymbolInformation {
  name: string;
  kind: SymbolKind;
  containerName?: string;
  location: { uri: string; range: Range };
}
