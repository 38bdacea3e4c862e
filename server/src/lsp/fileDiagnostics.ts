// A file's diagnostics as the server shows them: the analysis's one query (service/host/diagnostics.ts)
// with what the server knows of the index (complete once the scan is done, files named by their path in
// the workspace) and the settings' link base, as LSP diagnostics. publish.ts (open and closed files),
// workspaceDiagnostics.ts (`workspace/diagnostic`) and commands.ts (`cloudManifests/checkWorkspace`) ask
// it, and nothing else assembles a file's diagnostics.
import type { Diagnostic } from 'vscode-languageserver';
import { isYamlName } from '../io/folderWalk';
import type { CrossFileOptions, DiagnosticsPart } from '../service/analysis';
import { severityOf } from '../service/core/diag';
import type { ParsedFile } from '../service/core/parse';
import { WORKSPACE_SCOPE } from '../service/core/scope';
import { docsBaseOf, toLspDiagnostic } from './diagnostic';
import { editorShown } from './editorLimit';
import type { ServerState } from './state';
import { displayOf } from './workspaceFolders';

/** How the files of the index are checked against each other now (see CrossFileOptions). */
export function crossOptions(s: ServerState, uri: string): CrossFileOptions {
  const f = s.host.file(uri);
  return {
    // Outside the workspace folders, or while the scan runs, a missing owner proves nothing.
    complete: f?.scope === WORKSPACE_SCOPE && s.ws.indexComplete,
    display: (u) => displayOf(s, u),
  };
}

/**
 * A file's diagnostics as LSP diagnostics: the analysis's one query (service/analysis.ts `fileDiagnostics`),
 * the cross-document ones included; `part` as there.
 */
export function allDiagnostics(
  s: ServerState,
  uri: string,
  file?: ParsedFile,
  part: DiagnosticsPart = 'all',
): Diagnostic[] {
  const view = s.host.file(uri);
  const f = file ?? view.open ?? view.indexed;
  if (!f) return [];
  const { all } = s.host.diagnostics(uri, { file: f, cross: crossOptions(s, uri), part });
  const docs = docsBaseOf(s.client.settings.docsBaseUrl);
  return editorShown(all).map((d) => toLspDiagnostic(f, d, docs));
}

/** Whether closed files get their whole diagnostics (the setting), rather than only what others break. */
export const workspaceWide = (s: ServerState): boolean => s.client.settings.problemsScope === 'workspace';

/**
 * A closed file's diagnostics, from its indexed text, as published and as `workspace/diagnostic` gives them:
 * with the `workspace` problems scope, the analysis's one query (the file's own checks, cached per document
 * content so the trees the scan parsed are not parsed again, its overlays' problems and the cross-document
 * ones: what `check` says of it); otherwise only its cross-document errors and warnings.
 */
export function closedFileDiagnostics(s: ServerState, uri: string): Diagnostic[] {
  const view = s.host.file(uri);
  // The host's indexed file: not the index's text (a patch is nothing there, a template is its mask).
  const file = view.indexed;
  if (!file) return [];
  if (workspaceWide(s) && view.scope === WORKSPACE_SCOPE && isYamlName(uri)) return allDiagnostics(s, uri);
  const docs = docsBaseOf(s.client.settings.docsBaseUrl);
  const { all } = s.host.diagnostics(uri, { file, cross: crossOptions(s, uri), part: 'cross' });
  return editorShown(all.filter((d) => severityOf(d) === 'error' || severityOf(d) === 'warning')).map((d) =>
    toLspDiagnostic(file, d, docs),
  );
}
