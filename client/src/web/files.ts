// The editor's side of the browser build's file access (server/src/protocol/webFiles.ts): the language
// server in its Web Worker has no file system, so it asks here, and this reads with `vscode.workspace.fs`
// (a virtual workspace's provider: GitHub's on github.dev, the local folder's on vscode.dev). Bounded as the
// server's own reads are on the desktop: so many entries a listing, `maxBytes` a file (stat first).
import { FileType, Uri, workspace } from 'vscode';
import type { BaseLanguageClient } from 'vscode-languageclient';
import {
  WEB_LIST,
  WEB_MAX_ENTRIES,
  WEB_READ,
  type WebListParams,
  type WebListResult,
  type WebRead,
  type WebReadParams,
  type WebReadResult,
} from '../../../server/src/protocol/webFiles';

/** Folders never listed (the desktop's walk leaves them out too: io/folderWalk.ts). */
const SKIPPED = new Set(['node_modules', '.git']);

/** A folder's entries, depth first in name order, up to `maxEntries` (then `truncated`). */
export async function listFolder(params: WebListParams): Promise<WebListResult> {
  const max = Math.min(Math.max(0, Number(params?.maxEntries) || 0), WEB_MAX_ENTRIES);
  const root = Uri.parse(String(params?.uri));
  const entries: WebListResult['entries'] = [];
  const stack: { uri: Uri; rel: string }[] = [{ uri: root, rel: '' }];
  while (stack.length > 0) {
    const { uri, rel } = stack.pop()!;
    let children: [string, FileType][];
    try {
      children = await workspace.fs.readDirectory(uri);
    } catch {
      continue; // unreadable: as if empty (its files are not there to check)
    }
    children.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    const folders: { uri: Uri; rel: string }[] = [];
    for (const [name, type] of children) {
      if (entries.length >= max) return { entries, truncated: true };
      const folder = (type & FileType.Directory) !== 0;
      if (folder && SKIPPED.has(name)) continue;
      const childRel = rel ? `${rel}/${name}` : name;
      const child = Uri.joinPath(uri, name);
      entries.push({ rel: childRel, uri: child.toString(), folder });
      if (folder) folders.push({ uri: child, rel: childRel });
    }
    for (let i = folders.length - 1; i >= 0; i--) stack.push(folders[i]);
  }
  return { entries, truncated: false };
}

const megabytes = (bytes: number): string =>
  bytes < 10486 ? `${bytes} bytes` : `${+(bytes / (1024 * 1024)).toFixed(2)} MB`;

/** Bytes as base64 (no Buffer in a web extension host), in slices: no argument list as long as the file. */
function base64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000) as unknown as number[]);
  return btoa(binary);
}

async function readOne(uri: string, maxBytes: number): Promise<WebRead> {
  const u = Uri.parse(uri);
  try {
    const st = await workspace.fs.stat(u);
    if ((st.type & FileType.File) === 0) return { skipped: 'not a regular file' };
    if (st.size > maxBytes) return { skipped: `larger than ${megabytes(maxBytes)} (see maxFileSizeMB)` };
    const bytes = await workspace.fs.readFile(u);
    if (bytes.length > maxBytes) return { skipped: `larger than ${megabytes(maxBytes)} (see maxFileSizeMB)` };
    return { base64: base64(bytes) };
  } catch (e) {
    const code = (e as { code?: string } | undefined)?.code;
    return code === 'FileNotFound' || code === 'EntryNotFound'
      ? { skipped: 'no such file', missing: true }
      : { skipped: e instanceof Error ? e.message : String(e) };
  }
}

/** Reads the files asked for (at most 64 a request). */
export async function readFiles(params: WebReadParams): Promise<WebReadResult> {
  const uris = Array.isArray(params?.uris) ? params.uris.slice(0, 64).map(String) : [];
  const maxBytes = Math.max(0, Number(params?.maxBytes) || 0);
  return { files: await Promise.all(uris.map((u) => readOne(u, maxBytes))) };
}

/** Answers the server's requests for files. */
export function serveFiles(lc: BaseLanguageClient): void {
  lc.onRequest(WEB_LIST, (p: WebListParams) => listFolder(p));
  lc.onRequest(WEB_READ, (p: WebReadParams) => readFiles(p));
}
