// Hover on a field a patch writes: the value it has in the overlay's rendered result (render.ts), so the
// merged outcome (a map merged with the base's, a list replaced, a value the base holds) is visible where
// the patch is written.
import { stringify } from 'yaml';
import { analysisTree, chunkAt, type ParsedFile } from '../../core/parse';
import type { Json, Rendered } from './render';
import { overlayName, pointerAt } from './renderedDiagnostics';

/** The value at a JSON pointer; undefined when absent. */
function valueAt(root: Json, pointer: string): Json | undefined {
  let cur: Json | undefined = root;
  for (const raw of pointer.split('/').slice(1)) {
    const seg = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(cur)) cur = cur[Number(seg)];
    else if (cur && typeof cur === 'object') cur = cur[seg];
    else return undefined;
  }
  return cur;
}

const MAX_LINES = 20;

/**
 * Markdown saying what the field at `offset` of a patch file renders to in the overlay `kustomization`;
 * undefined when the cursor is on no field the patch writes or the overlay does not render it.
 */
export function renderedValueMarkdown(
  uri: string,
  file: ParsedFile,
  offset: number,
  kustomization: string,
  /** The overlay rendered (by a caller that keeps renderings). */
  render: () => Rendered,
): string | undefined {
  const chunk = chunkAt(file, offset);
  const pointer = pointerAt(analysisTree(chunk).contents, offset - chunk.offset);
  if (pointer === '') return undefined;
  const rendered = render();
  for (let i = 0; i < rendered.resources.length; i++) {
    // The resource this document patched: the value at the pointer was written here.
    if (rendered.origins[i].get(pointer)?.uri !== uri) continue;
    const value = valueAt(rendered.resources[i], pointer);
    const where = `In \`${overlayName(kustomization)}\`, rendered`;
    if (value === undefined) return `${where}: removed.`;
    const lines = stringify(value, { lineWidth: 0 }).trimEnd().split('\n');
    const shown = lines.length > MAX_LINES ? [...lines.slice(0, MAX_LINES), '…'] : lines;
    return `${where}:\n\n\`\`\`yaml\n${shown.join('\n')}\n\`\`\``;
  }
  return undefined;
}
