// Fix-all in a Helm template: the safe fixes of each variant of its masked text (one per if/else branch
// kept), made where they do the same to the template (literalEdits.ts). A diagnostic's fix data is of the
// variant it was found in (templateDiagnostics.ts keeps the first), so each fix comes from one variant.
import { fixAllEdits } from '../fixAll';
import type { Edit } from '../../core/edits';
import type { Diag } from '../../core/diag';
import type { ParsedFile } from '../../core/parse';
import { literalEdit } from './literalEdits';

/** `variants`: the template's variants (same offsets and lines as `user`, the template as written). */
export function templateFixAllEdits(variants: readonly ParsedFile[], user: string, diags: readonly Diag[]): Edit[] {
  const edits: Edit[] = [];
  for (const v of variants)
    for (const e of fixAllEdits(v, diags, literalEdit(v.text, user)))
      if (!edits.some((o) => o.start === e.start || (o.start < e.end && e.start < o.end))) edits.push(e);
  return edits.sort((a, b) => a.start - b.start);
}
