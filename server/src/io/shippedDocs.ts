// Where the pages of the diagnostic codes shipped with the extension are: next to the bundle (dist/server.js
// → docs/codes/), or in the repository when run from the sources (server/src/io/ → docs/codes/). The browser
// build puts its own module in this one's place (server/src/web/).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The address of the shipped `folder` (docs/codes), ending with `/`. */
export function shippedDocsBase(folder: string): string {
  const shipped = [join(__dirname, '..', folder), join(__dirname, '..', '..', '..', folder)];
  return pathToFileURL(shipped.find((d) => existsSync(d)) ?? shipped[0]).href + '/';
}
