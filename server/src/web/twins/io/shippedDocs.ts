// In the browser build, in place of io/shippedDocs.ts (same exports): the pages shipped in the extension,
// by the address of its dist/ folder (web/editorFiles.ts distBase: dist/ → docs/codes/).
import { distBase } from '../../editorFiles';

export function shippedDocsBase(folder: string): string {
  const base = distBase();
  return base ? new URL(`../${folder}/`, base).href : '';
}
