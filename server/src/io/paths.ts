// Paths and the URIs that name them, as the language server uses them: on Node, local `file:` paths and
// node:path's rules. The browser build (server/src/web/) puts its own module in this one's place, with the
// same exports, for the URIs of a virtual workspace (scripts/build.mjs: webTwins).
import { basename, dirname, isAbsolute, join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export { basename, dirname, isAbsolute, join, relative, sep };

/** The local path a `file:` URI names; undefined for any other URI. */
export function pathOf(uri: string): string | undefined {
  if (!uri.startsWith('file:')) return undefined;
  try {
    return fileURLToPath(uri);
  } catch {
    return undefined;
  }
}

/** The URI of a path `pathOf` gave (or of an absolute local path). */
export const uriOf = (path: string): string => pathToFileURL(path).href;
