// Which edits computed on a Helm template's masked variant may be made to the template itself. A variant
// has the template's offsets and lines (mask.ts), with value actions masked and the lines of control
// actions and left-out branches blank: an edit of text the mask left as written does the same to both.
import type { Edit } from '../../core/edits';
import { isMasked } from './mask';

/**
 * Whether an edit of `variant` does the same to `user` (the template): a change inside one line must touch
 * only what the mask left as written (a key, a literal value beside an action); any other edit (lines
 * inserted or removed) must lie in lines that read the same in both, with the line above and the line below,
 * since an edit next to a blanked `{{- if }}` or `{{- end }}` line could land inside a branch. An edit
 * that writes a masked action's text is never made.
 */
export const literalEdit =
  (variant: string, user: string) =>
  (e: Edit): boolean => {
    // A text taken from a masked action (a name the fix copies) would write the mask into the template.
    if (isMasked(e.newText)) return false;
    const same = (from: number, to: number) => variant.slice(from, to) === user.slice(from, to);
    const inLine = e.end > e.start && !variant.slice(e.start, e.end).includes('\n') && !e.newText.includes('\n');
    if (inLine) return same(e.start, e.end);
    const above = variant.lastIndexOf('\n', variant.lastIndexOf('\n', e.start - 1) - 1) + 1;
    const eol = variant.indexOf('\n', e.end);
    const below = eol < 0 ? -1 : variant.indexOf('\n', eol + 1);
    return same(above, below < 0 ? variant.length : below);
  };
