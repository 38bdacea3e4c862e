// The requests the language server makes of the editor in the browser build (server/src/web/), where it has
// no file system of its own: the editor lists a workspace folder and reads its files (`vscode.workspace.fs`,
// client/src/web/files.ts). Both sides bound what they send: `maxEntries` entries, `maxBytes` a file.

/** Lists a folder's files and folders, depth first, without `node_modules` and `.git`. */
export const WEB_LIST = 'cloudManifests/web/list';
export interface WebListParams {
  uri: string;
  maxEntries: number;
}
export interface WebListResult {
  /** Paths relative to the folder (forward slashes), with what each is. */
  entries: { rel: string; uri: string; folder: boolean }[];
  /** More entries than `maxEntries`: the list is not all there is. */
  truncated: boolean;
}

/** Reads files, each up to `maxBytes` bytes. */
export const WEB_READ = 'cloudManifests/web/read';
export interface WebReadParams {
  uris: string[];
  maxBytes: number;
}
/** Per file: its bytes in base64, or why it was not read (`missing`: not there). */
export type WebRead = { base64: string } | { skipped: string; missing?: true };
export interface WebReadResult {
  files: WebRead[];
}

/** The most entries a folder's listing holds (the desktop's walk has no such cap, but a tab must stay alive). */
export const WEB_MAX_ENTRIES = 200_000;
