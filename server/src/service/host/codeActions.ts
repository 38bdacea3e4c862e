// The host's code actions on a file: the quick fixes of the diagnostics an editor sends back, the move of a
// manifest to another version of its kind, and fix-all (host/fixAll.ts). In a Helm template they are made
// on the variant of its if/else branches that holds the line asked about (the first variant blanks an
// `else` branch, and a "Disable" comment above a line there took the blanked line as its indentation), and
// only where an edit does the same to the template as to its mask (helm/literalEdits.ts).
import type { Analysis } from '../analysis';
import type { Host } from './hostApi';
import type { Diag } from '../core/diag';
import type { Edit } from '../core/edits';
import type { ParsedFile } from '../core/parse';
import { codeActions } from '../features/codeActions';
import { versionMoves } from '../features/versionMoves';
import { literalEdit } from '../workspace/helm/literalEdits';
import { fixAll } from './fixAll';

export interface FileActions {
  /** The text the actions' offsets are in (a template: its variant at the place asked about). */
  file: ParsedFile;
  /** The quick fixes of `diags` (as reported for this text) that touch `range` (offsets). */
  quickFixes(diags: readonly Diag[], range: [number, number]): ReturnType<typeof codeActions>;
  /** The version moves of the manifest whose `apiVersion` holds `offset`. */
  moves(offset: number): ReturnType<typeof versionMoves>;
  /** The one fix-all's edits (`check --fix` makes the same). */
  fixAll(): Edit[];
}

/** The code actions of `uri`'s `file` at `offset` (the start of the range asked about). */
export function actionsAt(host: Host, uri: string, file: ParsedFile, offset: number): FileActions {
  const a = host as Analysis;
  const variant = a.docs.variantAt(file, offset);
  const user = a.docs.userTextOf(variant);
  const accept = user !== undefined ? literalEdit(variant.text, user) : undefined;
  return {
    file: variant,
    quickFixes: (diags, range) => codeActions(variant, diags, range, accept),
    // Not in a kustomization or patch file too large to read (textLimit.ts): it would be parsed for them.
    moves: (at) =>
      a.docs.unreadAsOverlay(uri, file.text)
        ? []
        : versionMoves(variant, at).filter((m) => !m.edits || !accept || m.edits.every(accept)),
    fixAll: () => fixAll(a, uri, file),
  };
}
