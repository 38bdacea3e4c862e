// The files the `crds` setting names (files, or folders of YAML files, often outside the workspace: an
// operator's release bundle, `kubectl get crd -o yaml`): read whatever their size, and watched, so that a
// bundle replaced on disk changes the kinds without a rescan. Those inside the workspace that the index
// holds follow its file events instead.
import { relative, sep, isAbsolute, dirname, basename, pathOf, uriOf } from '../io/paths';
import { DidChangeWatchedFilesNotification, type Disposable } from 'vscode-languageserver';
import { decodeText } from '../io/decode';
import { isJsonName, isYamlName } from '../io/folderWalk';
import { readFileBounded } from '../io/read';
import type { ServerState } from './state';

/** The files the `crds` setting names are read whatever their size, up to what a setting may allow at all. */
const CRD_FILE_BYTES = 4096 * 1024 * 1024;

const within = (folder: string, path: string): boolean => {
  const rel = relative(folder, path);
  return rel !== '' && rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel);
};

/** Reads one CRD file for its kinds (none when it cannot be read: said in the log). */
export async function readCrdFile(s: ServerState, uri: string): Promise<void> {
  // Whatever its size (an operator's bundle may be tens of MB), but a regular file only.
  const path = pathOf(uri);
  const r = path ? await readFileBounded(path, CRD_FILE_BYTES) : { skipped: 'not a file' };
  const text = 'skipped' in r ? undefined : decodeText(r.bytes);
  if (text === undefined)
    s.connection.console.warn(
      `cloud-manifests: crds: cannot read ${path ?? uri}${'skipped' in r ? `: ${r.skipped}` : ' (not UTF-8 text)'}`,
    );
  s.host.apply({ kind: 'crd', uri, text });
}

/**
 * A file event on a file of the `crds` setting (named, or a YAML file in a folder it names) outside the
 * workspace, or inside it but left out of the index: its kinds read again, or forgotten when it is deleted.
 * Whether the event was one.
 */
export async function crdFileChanged(s: ServerState, uri: string, deleted: boolean): Promise<boolean> {
  const path = pathOf(uri);
  if (!path || s.host.file(uri).indexed) return false;
  // Inside the workspace a file is indexed (its CRDs with it), unless the scan left it to this setting
  // (above `maxFileSizeMB`): only such a file is read here.
  if (s.ws.folders.some((f) => within(f, path)) && !s.ws.crdFiles.has(uri)) return false;
  const named = s.ws.crdRoots.some(
    (root) => root === path || (within(root, path) && (isYamlName(path) || isJsonName(path))),
  );
  if (!named) return false;
  if (deleted) {
    s.host.apply({ kind: 'crd', uri, text: undefined });
    s.ws.crdFiles.delete(uri);
  } else {
    await readCrdFile(s, uri);
    s.ws.crdFiles.add(uri);
  }
  return true;
}

/**
 * Asks the client to watch the paths the `crds` setting names outside the workspace folders (the
 * registration of the workspace's own YAML files covers those inside). Needs dynamic registration of file
 * watchers with relative patterns (LSP 3.17; VS Code has it); replaces the previous registration.
 */
export async function watchCrdRoots(s: ServerState, roots: { path: string; folder: boolean }[]): Promise<void> {
  s.ws.crdRoots = roots.map((r) => r.path);
  const generation = ++s.ws.crdWatchGeneration;
  s.ws.crdWatch?.dispose();
  s.ws.crdWatch = undefined;
  if (!s.client.watchedFilesRegistration || !s.client.relativePatternSupport) return;
  const outside = roots.filter((r) => !s.ws.folders.some((f) => f === r.path || within(f, r.path)));
  if (outside.length === 0) return;
  const watchers = outside.map((r) => ({
    globPattern: r.folder
      ? { baseUri: uriOf(r.path), pattern: '**/*.{yaml,yml,json}' }
      : { baseUri: uriOf(dirname(r.path)), pattern: basename(r.path) },
  }));
  const registration: Disposable | undefined = await s.connection.client
    .register(DidChangeWatchedFilesNotification.type, { watchers })
    .catch(() => undefined);
  // A newer setting registered its own meanwhile: this one is dropped.
  if (generation !== s.ws.crdWatchGeneration) registration?.dispose();
  else s.ws.crdWatch = registration;
}
