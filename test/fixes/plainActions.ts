// The code actions of a plain manifest file as the host gives them (host/codeActions.ts `actionsAt` on a
// file that is no template), without an analysis: what the LSP conversion tests feed `lspCodeActions`.
import type { FileActions } from '../../server/src/service/host/codeActions';
import type { ParsedFile } from '../../server/src/service/core/parse';
import { codeActions } from '../../server/src/service/features/codeActions';
import { versionMoves } from '../../server/src/service/features/versionMoves';

export const plainActions = (file: ParsedFile): FileActions => ({
  file,
  quickFixes: (diags, range) => codeActions(file, diags, range),
  moves: (at) => versionMoves(file, at),
  fixAll: () => [],
});
