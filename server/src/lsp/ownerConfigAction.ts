// The quick fix of kustomize-owner-renamed: one workspace edit that creates the Kustomize configuration
// file teaching Kustomize the overlay's owner fields (service/kustomize/ownerConfig.ts) and lists it under
// the kustomization's `configurations:`. A file is created, so it is offered only to a client whose
// workspace edits may create files; the CLI's `check --fix` creates it too (cli/ownerConfigFix.ts). Only
// where the file would really lie in the kustomization's folder, inside the workspace (lsp/writeTargets.ts):
// through a symbolic link leading elsewhere it would land outside, and Kustomize refuses to load it. Refused
// so, the action is shown disabled with why, to a client that shows disabled actions, and not offered to
// others.
import { CodeActionKind, type CodeAction, type CodeActionParams } from 'vscode-languageserver';
import type { Host } from '../service/analysis';
import { SOURCE } from '../protocol/source';
import type { ParsedFile } from '../service/core/parse';

export function ownerConfigActions(
  host: Host,
  uri: string,
  file: ParsedFile,
  params: CodeActionParams,
  version: number | null,
  env: {
    /** Why the file `uri` may not be created for this kustomization, or undefined (lsp/writeTargets.ts). */
    refusal: (uri: string) => string | undefined;
    disabledSupport: boolean;
  },
): CodeAction[] {
  const wanted = params.context.only;
  if (wanted && !wanted.some((o) => CodeActionKind.QuickFix === o || CodeActionKind.QuickFix.startsWith(o + '.')))
    return [];
  const diags = params.context.diagnostics.filter((d) => d.source === SOURCE && d.code === 'kustomize-owner-renamed');
  if (diags.length === 0) return [];
  const fix = host.overlay(uri).ownerConfigFix();
  // Computed on the analysis's text of the kustomization: offered only while it is the editor's.
  if (!fix || fix.base !== file.text) return [];
  const path = fix.create.uri.slice(uri.lastIndexOf('/') + 1);
  const title = `Teach Kustomize the owner references: create ${path} and list it under \`configurations:\``;
  const refused = env.refusal(fix.create.uri);
  if (refused)
    return env.disabledSupport
      ? [{ title, kind: CodeActionKind.QuickFix, diagnostics: diags, disabled: { reason: `Not created: ${refused}` } }]
      : [];
  return [
    {
      title,
      kind: CodeActionKind.QuickFix,
      diagnostics: diags,
      isPreferred: true,
      edit: {
        documentChanges: [
          { kind: 'create', uri: fix.create.uri, options: { overwrite: false, ignoreIfExists: false } },
          {
            textDocument: { uri: fix.create.uri, version: null },
            edits: [
              { range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, newText: fix.create.text },
            ],
          },
          {
            textDocument: { uri, version },
            edits: [{ range: file.lines.range(fix.edit.start, fix.edit.end), newText: fix.edit.newText }],
          },
        ],
      },
    },
  ];
}
