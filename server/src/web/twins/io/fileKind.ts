// In the browser build, in place of io/fileKind.ts (same exports): what the editor's listings of the
// workspace folders found (web/editorFiles.ts). A path they did not list is not known here: the checks that
// would say it is missing say nothing (never an error on a file listed after the scan).
import { listedKind } from '../../editorFiles';
import { pathOf } from './paths';

export type FileKind = 'file' | 'folder' | 'missing';

export function fileKind(uri: string): FileKind | undefined {
  const path = pathOf(uri);
  return path === undefined ? undefined : listedKind(path);
}

export const isFolder = (path: string): Promise<boolean> => Promise.resolve(listedKind(path) === 'folder');
