// "Check Workspace Manifests": the server validates every manifest file of the workspace
// (`cloudManifests/checkWorkspace`) and the client puts the problems of the files that are not open into
// Problems. Open documents keep the diagnostics the language client already shows for them, so nothing is
// listed twice; a file's entry follows it when it is opened, closed, changed on disk or deleted, and a
// settings change checks everything again.
import {
  commands,
  languages,
  ProgressLocation,
  Uri,
  window,
  workspace,
  type CancellationToken,
  type DiagnosticCollection,
  type Disposable,
} from 'vscode';
import { WorkDoneProgress, type BaseLanguageClient as LanguageClient } from 'vscode-languageclient';
import {
  CHECK_WORKSPACE,
  type CheckWorkspaceParams,
  type CheckWorkspaceResult,
} from '../../server/src/protocol/customRequests';
import { errorMessage, isMethodNotFound } from './util';

export interface CheckSummary {
  files: number;
  errors: number;
  warnings: number;
  infos: number;
  filesWithProblems: number;
  cancelled: boolean;
}

/** `cloudManifests.problems.scope` is `workspace` (the default): the language client lists every file itself. */
const serverShowsClosedFiles = () =>
  workspace.getConfiguration('cloudManifests').get<string>('problems.scope', 'workspace') === 'workspace';

export class WorkspaceCheck implements Disposable {
  readonly collection: DiagnosticCollection;
  /** Set once the user asked for a workspace check: from then on Problems follows every file. */
  private active = false;
  private readonly disposables: Disposable[] = [];
  private pending = new Set<string>();
  private pendingTimer?: ReturnType<typeof setTimeout>;
  private tokenSeq = 0;

  constructor(
    private readonly client: LanguageClient,
    private readonly ready: Promise<void>,
  ) {
    this.collection = languages.createDiagnosticCollection('cloud-manifests-workspace');
    const watcher = workspace.createFileSystemWatcher('**/*.{yaml,yml}');
    this.disposables.push(
      this.collection,
      watcher,
      // The language client reports open documents itself.
      workspace.onDidOpenTextDocument((d) => this.collection.delete(d.uri)),
      // A closed file goes back to the workspace check's view of it.
      workspace.onDidCloseTextDocument((d) => d.uri.scheme === 'file' && this.recheck(d.uri)),
      watcher.onDidChange((u) => !this.isOpen(u) && this.recheck(u)),
      watcher.onDidCreate((u) => !this.isOpen(u) && this.recheck(u)),
      watcher.onDidDelete((u) => this.collection.delete(u)),
      workspace.onDidChangeConfiguration(
        (e) => e.affectsConfiguration('cloudManifests') && this.active && void this.run(false),
      ),
      // If the server itself publishes for a closed file (cross-file checks), its report wins.
      languages.onDidChangeDiagnostics((e) => {
        const own = this.client.diagnostics;
        if (!own) return;
        for (const u of e.uris) if (this.collection.has(u) && (own.get(u)?.length ?? 0) > 0) this.collection.delete(u);
      }),
    );
  }

  private isOpen(uri: Uri): boolean {
    const key = uri.toString();
    return workspace.textDocuments.some((d) => d.uri.toString() === key);
  }

  private recheck(uri: Uri): void {
    if (!this.active) return;
    this.pending.add(uri.toString());
    clearTimeout(this.pendingTimer);
    this.pendingTimer = setTimeout(() => {
      const uris = [...this.pending];
      this.pending.clear();
      void this.request({ uris }).then(
        (r) => this.apply(r, false),
        () => undefined,
      );
    }, 300);
  }

  private async request(
    params: CheckWorkspaceParams,
    token?: CancellationToken,
    onProgress?: (message: string, percentage?: number) => void,
  ): Promise<CheckWorkspaceResult> {
    await this.ready;
    const workDoneToken = `cloudManifests.check.${++this.tokenSeq}`;
    const sub = onProgress
      ? this.client.onProgress(WorkDoneProgress.type, workDoneToken, (v) => {
          if (v.kind !== 'end') onProgress(v.message ?? '', v.percentage);
        })
      : undefined;
    try {
      return await this.client.sendRequest<CheckWorkspaceResult>(CHECK_WORKSPACE, { ...params, workDoneToken }, token);
    } finally {
      sub?.dispose();
    }
  }

  /** Puts a result into Problems; a full check also drops files that are no longer in the workspace. */
  private async apply(result: CheckWorkspaceResult, full: boolean): Promise<CheckSummary> {
    const summary: CheckSummary = {
      files: result.files.length,
      errors: 0,
      warnings: 0,
      infos: 0,
      filesWithProblems: 0,
      cancelled: result.cancelled,
    };
    const seen = new Set<string>();
    for (const f of result.files) {
      const uri = Uri.parse(f.uri);
      seen.add(uri.toString());
      const diags = await this.client.protocol2CodeConverter.asDiagnostics(f.diagnostics);
      if (diags.length > 0) summary.filesWithProblems++;
      for (const d of diags) {
        if (d.severity === 0) summary.errors++;
        else if (d.severity === 1) summary.warnings++;
        else summary.infos++;
      }
      // With the workspace problems scope the server already shows every closed file: counted, not repeated.
      if (this.isOpen(uri) || serverShowsClosedFiles()) this.collection.delete(uri);
      else this.collection.set(uri, diags);
    }
    for (const u of result.unreadable) this.collection.delete(Uri.parse(u));
    if (full && !result.cancelled) {
      const stale: Uri[] = [];
      this.collection.forEach((u) => void (!seen.has(u.toString()) && stale.push(u)));
      for (const u of stale) this.collection.delete(u);
    }
    return summary;
  }

  /** Checks every file; with `interactive`, shows progress, a summary and the Problems panel. */
  async run(interactive = true): Promise<CheckSummary | undefined> {
    this.active = true;
    const work = async (token?: CancellationToken, report?: (message: string, percentage?: number) => void) => {
      const result = await this.request({}, token, report);
      return this.apply(result, true);
    };
    try {
      if (!interactive) return await work();
      let last = 0;
      const summary = await window.withProgress(
        { location: ProgressLocation.Notification, title: 'Checking workspace manifests', cancellable: true },
        (progress, token) =>
          work(token, (message, percentage) => {
            const inc = percentage !== undefined ? Math.max(0, percentage - last) : undefined;
            if (percentage !== undefined) last = percentage;
            progress.report({ message, increment: inc });
          }),
      );
      await commands.executeCommand('workbench.actions.view.problems');
      const parts = [
        `${summary.errors} error${summary.errors === 1 ? '' : 's'}`,
        `${summary.warnings} warning${summary.warnings === 1 ? '' : 's'}`,
      ];
      void window.showInformationMessage(
        `${summary.cancelled ? 'Cancelled after' : 'Checked'} ${summary.files} manifest file${summary.files === 1 ? '' : 's'}: ${parts.join(', ')}` +
          (summary.filesWithProblems
            ? ` in ${summary.filesWithProblems} file${summary.filesWithProblems === 1 ? '' : 's'}.`
            : '.'),
      );
      return summary;
    } catch (e) {
      const message = isMethodNotFound(e)
        ? `Check Workspace Manifests: this language server does not implement ${CHECK_WORKSPACE}.`
        : `Check Workspace Manifests failed: ${errorMessage(e)}`;
      if (interactive) void window.showErrorMessage(message);
      else this.client.warn(message);
      return undefined;
    }
  }

  dispose(): void {
    clearTimeout(this.pendingTimer);
    for (const d of this.disposables) d.dispose();
  }
}
