// `textDocument/codeAction` over the pure service: the quick fixes of the diagnostics the editor sends
// back (with the data they were published with), `source.fixAll.cloudManifests` for the whole file, and the
// move of a manifest to another version of its kind where the cursor is on its apiVersion (`refactor.rewrite`).
import {
  CodeActionKind,
  type CodeAction,
  type CodeActionParams,
  type Diagnostic,
  type TextEdit,
  type WorkspaceEdit,
} from 'vscode-languageserver';
import type { Edit } from '../service/core/edits';
import { isCode } from '../service/core/codes';
import { SOURCE } from '../protocol/source';
import type { Diag } from '../service/core/diag';
import { readFixData } from '../service/core/fixData';
import { plainText } from '../service/core/plainText';
import type { FileActions } from '../service/host/codeActions';
import type { ParsedFile } from '../service/core/parse';

export const FIX_ALL_KIND = `${CodeActionKind.SourceFixAll}.cloudManifests`;
export const CODE_ACTION_KINDS = [CodeActionKind.QuickFix, CodeActionKind.RefactorRewrite, FIX_ALL_KIND];

/** An LSP diagnostic of ours back as the service's (data checked against the current text by the service). */
function fromLsp(file: ParsedFile, d: Diagnostic): Diag | undefined {
  if (d.source !== SOURCE || typeof d.code !== 'string' || !isCode(d.code)) return undefined;
  const data = readFixData(d.data);
  const message = typeof d.message === 'string' ? d.message : d.message.value;
  return {
    code: d.code,
    message,
    start: file.lines.offsetAt(d.range.start),
    end: file.lines.offsetAt(d.range.end),
    ...(data ? { data } : {}),
  };
}

const wants = (only: string[] | undefined, kind: string) =>
  !only || only.some((o) => kind === o || kind.startsWith(o + '.'));

export interface CodeActionEnv {
  /** The document's version, to make edits refuse to apply to a newer one. */
  version: number | null;
  documentChanges: boolean;
  /** The client shows a disabled action with its reason (LSP 3.16 `codeAction.disabledSupport`). */
  disabledSupport?: boolean;
}

export function lspCodeActions(actions: FileActions, params: CodeActionParams, env: CodeActionEnv): CodeAction[] {
  const { file } = actions;
  const uri = params.textDocument.uri;
  const toEdit = (edits: Edit[]): WorkspaceEdit => {
    const lsp: TextEdit[] = edits.map((e) => ({ range: file.lines.range(e.start, e.end), newText: e.newText }));
    return env.documentChanges
      ? { documentChanges: [{ textDocument: { uri, version: env.version }, edits: lsp }] }
      : { changes: { [uri]: lsp } };
  };
  const out: CodeAction[] = [];
  const only = params.context.only;
  if (wants(only, CodeActionKind.QuickFix)) {
    const sent = params.context.diagnostics.flatMap((d) => {
      const own = fromLsp(file, d);
      return own ? [{ lsp: d, own }] : [];
    });
    const range: [number, number] = [file.lines.offsetAt(params.range.start), file.lines.offsetAt(params.range.end)];
    for (const a of actions.quickFixes(
      sent.map((s) => s.own),
      range,
    )) {
      const lspOf = (d: Diag) => sent.find((s) => s.own === d)!.lsp;
      out.push({
        title: plainText(a.title),
        kind: CodeActionKind.QuickFix,
        diagnostics: [a.diag, ...(a.also ?? [])].map(lspOf),
        edit: toEdit(a.edits),
        ...(a.isPreferred ? { isPreferred: true } : {}),
      });
    }
  }
  // Asked with a range of nothing but the cursor's place, or a selection inside the apiVersion value.
  if (wants(only, CodeActionKind.RefactorRewrite))
    for (const m of actions.moves(file.lines.offsetAt(params.range.start))) {
      if (m.edits) out.push({ title: plainText(m.title), kind: CodeActionKind.RefactorRewrite, edit: toEdit(m.edits) });
      else if (env.disabledSupport && m.disabled)
        out.push({ title: plainText(m.title), kind: CodeActionKind.RefactorRewrite, disabled: { reason: m.disabled } });
    }
  if (only && wants(only, FIX_ALL_KIND) && only.some((o) => o.startsWith(CodeActionKind.Source))) {
    const edits = actions.fixAll();
    if (edits.length > 0)
      out.push({ title: 'Fix all safe problems (cloud-manifests)', kind: FIX_ALL_KIND, edit: toEdit(edits) });
  }
  return out;
}
