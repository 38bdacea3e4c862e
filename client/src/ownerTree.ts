// The explorer view "Cloud Resource Owners": the workspace's manifests nested under their owners
// (ResourceGroup > StorageAccount > StorageAccountsBlobService > StorageAccountsBlobServicesContainer…),
// from the server's `cloudManifests/ownerGraph`. Each item opens its manifest and shows its problems.
import {
  EventEmitter,
  languages,
  MarkdownString,
  Range,
  ThemeColor,
  ThemeIcon,
  TreeItem,
  TreeItemCollapsibleState,
  Uri,
  window,
  workspace,
  type Diagnostic,
  type Disposable,
  type Event,
  type TreeDataProvider,
  type TreeView,
} from 'vscode';
import type { BaseLanguageClient as LanguageClient } from 'vscode-languageclient';
import {
  INDEX_CHANGED,
  OWNER_GRAPH,
  type GraphNode,
  type IndexChangedParams,
  type OwnerGraphResult,
} from '../../server/src/protocol/customRequests';
import {
  addProblems,
  buildTree,
  countIn,
  describeProblems,
  isOverlayNode,
  noProblems,
  type Problems,
  type TreeNode,
} from './graphModel';
import { SOURCE } from '../../server/src/protocol/source';
import { isMethodNotFound } from './util';

export const VIEW_ID = 'cloudManifests.owners';

const KIND_ICONS: [RegExp, string][] = [
  [/^ResourceGroup$/, 'folder-library'],
  [/^StorageAccount$/, 'database'],
  [/Service$/, 'server-process'],
  [/Container$|Share$|Queue$|Table$/, 'package'],
  [/ManagementPolicy$/, 'law'],
  [/^Role/, 'shield'],
  [/^ConfigurationStore$|^KeyValue$|^Replica$|^Snapshot$/, 'settings'],
  [/^PrometheusRuleGroup$/, 'pulse'],
  [/^BatchAccount$/, 'server-environment'],
  [/^Domain|^Topic$|^EventSubscription$/, 'broadcast'],
];
const kindIcon = (kind: string) => KIND_ICONS.find(([re]) => re.test(kind))?.[1] ?? 'symbol-class';

export class OwnerTreeProvider implements TreeDataProvider<TreeNode>, Disposable {
  private readonly changed = new EventEmitter<TreeNode | undefined>();
  readonly onDidChangeTreeData: Event<TreeNode | undefined> = this.changed.event;
  private roots: TreeNode[] = [];
  private total = 0;
  private view?: TreeView<TreeNode>;
  private fetching?: Promise<void>;
  private stale = true;
  /** The server is still scanning the workspace (from `cloudManifests/indexChanged`). */
  private indexing = false;
  private refetchTimer?: ReturnType<typeof setTimeout>;
  private redrawTimer?: ReturnType<typeof setTimeout>;
  private readonly disposables: Disposable[] = [];

  constructor(
    private readonly client: LanguageClient,
    private readonly ready: Promise<void>,
  ) {}

  attach(view: TreeView<TreeNode>): void {
    this.view = view;
    this.disposables.push(
      view.onDidChangeVisibility((e) => e.visible && this.stale && this.scheduleRefetch(0)),
      // Problems changed: counts only, no new graph.
      languages.onDidChangeDiagnostics(() => this.scheduleRedraw()),
      workspace.onDidChangeTextDocument(
        (e) => e.document.languageId === 'yaml' && e.contentChanges.length > 0 && this.scheduleRefetch(),
      ),
      workspace.onDidOpenTextDocument((d) => d.languageId === 'yaml' && this.scheduleRefetch()),
    );
    const watcher = workspace.createFileSystemWatcher('**/*.{yaml,yml}');
    this.disposables.push(
      watcher,
      watcher.onDidCreate(() => this.scheduleRefetch()),
      watcher.onDidDelete(() => this.scheduleRefetch()),
      watcher.onDidChange(() => this.scheduleRefetch()),
    );
  }

  /** Asks the server for the graph again (now, or after a quiet moment while the user types). */
  scheduleRefetch(delay = 600): void {
    this.stale = true;
    if (this.view && !this.view.visible) return;
    clearTimeout(this.refetchTimer);
    this.refetchTimer = setTimeout(() => void this.refresh(), delay);
  }

  /**
   * The server's index changed: its first scan ended, files changed on disk, an edit changed what a file
   * defines. The tree asks again (the first answer may have come while the scan ran, when it was empty).
   */
  indexChanged(p: IndexChangedParams): void {
    this.indexing = !p.complete;
    this.scheduleRefetch(p.complete ? 0 : 300);
  }

  private scheduleRedraw(): void {
    clearTimeout(this.redrawTimer);
    this.redrawTimer = setTimeout(() => this.changed.fire(undefined), 250);
  }

  async refresh(): Promise<void> {
    if (this.fetching) {
      await this.fetching;
      if (!this.stale) return;
    }
    this.stale = false;
    this.fetching = (async () => {
      try {
        await this.ready;
        const result = await this.client.sendRequest<OwnerGraphResult>(OWNER_GRAPH, {});
        this.roots = buildTree(result.nodes);
        this.total = result.nodes.length;
        if (this.view)
          this.view.message = this.indexing && this.roots.length === 0 ? 'Indexing the workspace…' : undefined;
      } catch (e) {
        this.roots = [];
        this.total = 0;
        if (this.view)
          this.view.message = isMethodNotFound(e)
            ? `This language server does not provide the owner graph (${OWNER_GRAPH}).`
            : `Could not get the owner graph: ${(e as Error)?.message ?? String(e)}`;
      } finally {
        this.fetching = undefined;
        this.changed.fire(undefined);
      }
    })();
    await this.fetching;
  }

  getChildren(element?: TreeNode): TreeNode[] | Promise<TreeNode[]> {
    if (element) return element.children;
    if (this.stale && !this.fetching) return this.refresh().then(() => this.roots);
    return this.fetching ? this.fetching.then(() => this.roots) : this.roots;
  }

  getTreeItem(t: TreeNode): TreeItem {
    const n = t.node;
    // An overlay's node opens folded: its resources are shown where they are written above it, and again
    // under it only when asked for (as rendered).
    const expand =
      t.children.length === 0
        ? TreeItemCollapsibleState.None
        : this.total <= 300 && !isOverlayNode(n)
          ? TreeItemCollapsibleState.Expanded
          : TreeItemCollapsibleState.Collapsed;
    const item = new TreeItem(n.name || `(unnamed ${n.kind})`, expand);
    item.id = n.id;
    if (n.external) {
      item.description = `${n.kind || 'owner'} · ${n.overlay ? `not in ${n.overlay}` : 'not in workspace'}`;
      item.iconPath = new ThemeIcon('cloud');
      item.tooltip = new MarkdownString(
        n.armId
          ? `Owner given by \`armId\`: \`${n.armId}\``
          : n.overlay
            ? `**${n.kind || 'Owner'}** \`${n.name}\` (namespace \`${n.namespace}\`) is not created by the overlay \`${n.overlay}\` (Kustomize does not rename owner names); it may exist in the cluster.`
            : `**${n.kind || 'Owner'}** \`${n.name}\` (namespace \`${n.namespace}\`) is not defined in the workspace; it may exist in the cluster.`,
      );
      item.contextValue = 'external';
      return item;
    }
    if (isOverlayNode(n)) {
      // An overlay's own node: what it renders is below it.
      item.description = 'rendered overlay';
      item.iconPath = new ThemeIcon('layers');
      item.tooltip = new MarkdownString(`The resources \`${n.name}\` renders, under their rendered names.`);
      item.command = { command: 'vscode.open', title: 'Open Kustomization', arguments: [Uri.parse(n.uri!)] };
      item.contextValue = 'overlay';
      return item;
    }
    const own = this.problemsOf(n);
    const inside = t.children.reduce((acc, c) => addProblems(acc, this.subtreeProblems(c)), noProblems());
    const ownText = describeProblems(own);
    const kind = n.overlay ? `${n.kind} · rendered` : n.kind;
    // Under the manifest its owner name names, which is of another kind (the owner-kind error says so too).
    const wrongOwner = n.ownerKindExpected ? ' · owner of the wrong kind' : '';
    item.description = (ownText ? `${kind} · ${ownText}` : kind) + wrongOwner;
    item.iconPath =
      own.errors > 0
        ? new ThemeIcon('error', new ThemeColor('problemsErrorIcon.foreground'))
        : own.warnings > 0
          ? new ThemeIcon('warning', new ThemeColor('problemsWarningIcon.foreground'))
          : new ThemeIcon(kindIcon(n.kind));
    const uri = Uri.parse(n.uri!);
    const file = workspace.asRelativePath(uri);
    const line = (n.selectionRange ?? n.range)?.start.line ?? 0;
    const tip = new MarkdownString(undefined, true);
    tip.appendMarkdown(`**${n.kind}** \`${n.namespace}/${n.name}\`\n\n`);
    if (n.apiVersion) tip.appendMarkdown(`\`${n.apiVersion}\`\n\n`);
    tip.appendMarkdown(`${file}:${line + 1}\n\n`);
    if (n.ownerKindExpected)
      tip.appendMarkdown(
        `Its \`spec.owner\` names the manifest it is shown under, which is not ${/^[AEIOU]/.test(n.ownerKindExpected) ? 'an' : 'a'} **${n.ownerKindExpected}**, the kind its owner must be.\n\n`,
      );
    tip.appendMarkdown(`Problems: ${ownText || 'none'}`);
    const insideText = describeProblems(inside);
    if (insideText) tip.appendMarkdown(`\n\nIn what it owns: ${insideText}`);
    item.tooltip = tip;
    const sel = n.selectionRange ?? n.range;
    item.command = {
      command: 'vscode.open',
      title: 'Open Manifest',
      arguments: [
        uri,
        sel
          ? {
              selection: new Range(sel.start.line, sel.start.character, sel.end.line, sel.end.character),
              preview: true,
            }
          : { preview: true },
      ],
    };
    item.contextValue = 'manifest';
    item.accessibilityInformation = { label: `${n.kind} ${n.name}${ownText ? `, ${ownText}` : ''}` };
    return item;
  }

  getParent(): undefined {
    return undefined;
  }

  private problemsOf(n: GraphNode): Problems {
    if (!n.uri || !n.range) return noProblems();
    const diags = languages.getDiagnostics(Uri.parse(n.uri)).filter((d: Diagnostic) => d.source === SOURCE);
    return countIn(diags, n.range, this.isLastInFile(n));
  }

  private isLastInFile(n: GraphNode): boolean {
    // A problem at the very end of a file (an unclosed quote) belongs to its last manifest.
    const doc = workspace.textDocuments.find((d) => d.uri.toString() === Uri.parse(n.uri!).toString());
    if (!doc || !n.range) return true;
    const end = doc.lineAt(doc.lineCount - 1).range.end;
    return n.range.end.line >= end.line;
  }

  private subtreeProblems(t: TreeNode): Problems {
    return t.children.reduce((acc, c) => addProblems(acc, this.subtreeProblems(c)), this.problemsOf(t.node));
  }

  dispose(): void {
    clearTimeout(this.refetchTimer);
    clearTimeout(this.redrawTimer);
    for (const d of this.disposables) d.dispose();
    this.changed.dispose();
  }
}

export function registerOwnerTree(
  client: LanguageClient,
  ready: Promise<void>,
): { provider: OwnerTreeProvider; view: TreeView<TreeNode>; disposables: Disposable[] } {
  const provider = new OwnerTreeProvider(client, ready);
  const view = window.createTreeView(VIEW_ID, { treeDataProvider: provider, showCollapseAll: true });
  provider.attach(view);
  // Registered before the server has started, so the end of its first scan is not missed.
  const indexEvents = client.onNotification(INDEX_CHANGED, (p: IndexChangedParams) => provider.indexChanged(p));
  return { provider, view, disposables: [provider, view, indexEvents] };
}
