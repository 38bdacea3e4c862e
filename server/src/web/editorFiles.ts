// The browser build's files: what the language server in a Web Worker knows of the workspace, asked of the
// editor (protocol/webFiles.ts) since the worker has no file system. The modules that stand in for io/ there
// (twins/) read through here. One server runs in a worker, so this module holds its connection and what the
// listings found.
import type { Connection } from 'vscode-languageserver';
import {
  WEB_LIST,
  WEB_MAX_ENTRIES,
  WEB_READ,
  type WebListParams,
  type WebListResult,
  type WebRead,
  type WebReadParams,
  type WebReadResult,
} from '../protocol/webFiles';

let connection: Connection | undefined;
/** Path → whether it is a folder, from the listings so far; `listed`: the roots listed in full. */
const known = new Map<string, boolean>();
const listed = new Set<string>();
/** Files read ahead (io/read.ts prefetchFiles), each taken once. */
const ahead = new Map<string, WebRead>();
/** Path ↔ the editor's own URI string (the server must name a file exactly as the editor does). */
const uris = new Map<string, string>();

export function useConnection(c: Connection): void {
  connection = c;
}

export const rememberUri = (path: string, uri: string): void => void uris.set(path, uri);
export const knownUri = (path: string): string | undefined => uris.get(path);

/** Whether a path is a file or a folder, from the listings: undefined when not listed (not known here). */
export function listedKind(path: string): 'file' | 'folder' | undefined {
  const k = known.get(path);
  return k === undefined ? undefined : k ? 'folder' : 'file';
}

/** Every entry below a folder (asked of the editor), as absolute paths of this build (twins/io/paths.ts). */
export async function listFolder(
  root: string,
  uri: string,
): Promise<{ entries: { path: string; folder: boolean }[]; truncated: boolean }> {
  if (!connection) return { entries: [], truncated: false };
  const r = await connection
    .sendRequest<WebListResult>(WEB_LIST, { uri, maxEntries: WEB_MAX_ENTRIES } satisfies WebListParams)
    .catch(() => undefined);
  if (!r || !Array.isArray(r.entries)) return { entries: [], truncated: false };
  const entries: { path: string; folder: boolean }[] = [];
  known.set(root, true);
  for (const e of r.entries.slice(0, WEB_MAX_ENTRIES)) {
    if (typeof e?.rel !== 'string' || typeof e.uri !== 'string') continue;
    const path = `${root}/${e.rel}`;
    known.set(path, !!e.folder);
    uris.set(path, e.uri);
    entries.push({ path, folder: !!e.folder });
  }
  if (!r.truncated) listed.add(root);
  return { entries, truncated: !!r.truncated };
}

/** Reads files through the editor, a few at a time (each answer holds at most `maxBytes` bytes a file). */
export async function readThroughEditor(fileUris: readonly string[], maxBytes: number): Promise<WebRead[]> {
  if (!connection || fileUris.length === 0) return fileUris.map(() => ({ skipped: 'no editor to read it' }));
  const r = await connection
    .sendRequest<WebReadResult>(WEB_READ, { uris: [...fileUris], maxBytes } satisfies WebReadParams)
    .catch((e: unknown) => ({
      files: fileUris.map(() => ({ skipped: `the editor could not read it: ${String(e)}` })),
    }));
  return fileUris.map((_, i) => r.files?.[i] ?? { skipped: 'the editor did not answer' });
}

export const putAhead = (path: string, read: WebRead): void => void ahead.set(path, read);
export function takeAhead(path: string): WebRead | undefined {
  const r = ahead.get(path);
  ahead.delete(path);
  return r;
}

/**
 * The address of the extension's dist/ folder, where this worker's script and kube-descriptions.json are.
 * The web extension names the worker with it (client/src/web/extension.ts): VS Code's extension host starts
 * a worker from a `blob:` script that loads ours, naming it `<host's name> -> <our name>`, so neither
 * `location` nor the whole name is it. Without it: this script's own address.
 */
export function distBase(): string {
  const g = globalThis as unknown as { name?: string; location?: { href: string } };
  const name = typeof g.name === 'string' ? g.name : '';
  const at = name.lastIndexOf(' -> ');
  const named = (at >= 0 ? name.slice(at + 4) : name).trim();
  // The name is dist/ itself; the script's own address is dist/web/server.js.
  for (const [candidate, up] of [
    [named.endsWith('/') ? named : `${named}/`, './'],
    [g.location?.href ?? '', '../'],
  ]) {
    try {
      const u = new URL(up, candidate);
      if (u.protocol === 'http:' || u.protocol === 'https:') return u.href;
    } catch {
      // not an address: the next one
    }
  }
  return '';
}
