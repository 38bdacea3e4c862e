// "New Cloud Resource Manifest…": pick a kind, get a new untitled YAML document holding that kind's
// whole-resource snippet. The kinds and snippets are the server's own: the completion items it offers in
// an empty document (labels like `StorageAccount (storage v20220901)`), so the command always matches
// the server's model and the `apiVersion` domain the workspace uses. Kinds are listed by name; the owner
// placeholder of the snippet is a choice of the workspace's owners of the right kind (the server's snippet).
import {
  commands,
  CompletionItemKind,
  Position,
  SnippetString,
  window,
  workspace,
  type CompletionItem,
  type CompletionList,
  type QuickPickItem,
  type TextDocument,
  type TextEditor,
} from 'vscode';
import { sortKinds } from './kindOrder';

const SNIPPET_LABEL = /^(\S+) \((\S+) (\S+)\)$/;

interface KindItem extends QuickPickItem {
  snippet: SnippetString;
  kindName: string;
  area: string;
  version: string;
}

const labelOf = (item: CompletionItem) => (typeof item.label === 'string' ? item.label : item.label.label);

function snippetOf(item: CompletionItem): SnippetString | undefined {
  const t = item.insertText;
  if (t instanceof SnippetString) return t;
  if (typeof t === 'string') return new SnippetString().appendText(t);
  if (t && typeof (t as { value?: unknown }).value === 'string')
    return new SnippetString((t as { value: string }).value);
  return undefined;
}

/** The server's whole-resource snippets, from completion in an empty YAML document. */
async function resourceSnippets(doc: TextDocument, timeoutMs = 15000): Promise<KindItem[]> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const list = await commands.executeCommand<CompletionList>(
      'vscode.executeCompletionItemProvider',
      doc.uri,
      new Position(0, 0),
    );
    const items: KindItem[] = [];
    for (const c of list?.items ?? []) {
      const m = SNIPPET_LABEL.exec(labelOf(c));
      const snippet = snippetOf(c);
      if (!m || c.kind !== CompletionItemKind.Snippet || !snippet) continue;
      items.push({
        label: m[1],
        description: `${m[2]} ${m[3]}`,
        detail: c.detail,
        snippet,
        kindName: m[1],
        area: m[2],
        version: m[3],
      });
    }
    // The server may still be starting: ask again for a while.
    if (items.length > 0 || Date.now() > until) return items;
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * Runs the command. `kind` (a kind name like `StorageAccount`, or `Kind (area version)`) skips the
 * picker, for key bindings and tests. Returns the new editor, or undefined when cancelled.
 */
export async function newManifest(ready: Promise<void>, kind?: unknown): Promise<TextEditor | undefined> {
  await ready;
  const doc = await workspace.openTextDocument({ language: 'yaml', content: '' });
  const items = await resourceSnippets(doc);
  if (items.length === 0) {
    void window.showErrorMessage(
      'New Cloud Resource Manifest: the language server offered no resource snippets. See the "Cloud Resource Manifests" output.',
    );
    return undefined;
  }
  let picked: KindItem | undefined;
  if (typeof kind === 'string' && kind) {
    picked =
      items.find((i) => `${i.kindName} (${i.area} ${i.version})` === kind) ?? items.find((i) => i.kindName === kind);
    if (!picked) {
      void window.showErrorMessage(`New Cloud Resource Manifest: unknown kind "${kind}".`);
      return undefined;
    }
  } else {
    const choice = await window.showQuickPick(sortKinds(items), {
      title: 'New Cloud Resource Manifest',
      placeHolder: 'Kind of the new resource',
      matchOnDescription: true,
      matchOnDetail: true,
    });
    picked = choice && 'snippet' in choice ? (choice as KindItem) : undefined;
  }
  if (!picked) return undefined;
  const editor = await window.showTextDocument(doc);
  await editor.insertSnippet(picked.snippet, new Position(0, 0));
  return editor;
}
