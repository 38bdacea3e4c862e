// At most 1,000 problems of a file go to the editor. VS Code keeps no more per file (its extension host
// drops the rest, errors kept first, and says "Not showing N further errors and warnings"), so sending
// 50,000 only costs the server: converting, encoding and collecting them held a hover for seconds
// (bench/hostile.ts `kube-wide`). The same choice is made here, before anything is converted, and the
// omission is said in our words at the first problem left out. The CLI lists every problem.
import type { Severity } from '../service/core/codes';
import type { Diag } from '../service/core/diag';
import { severityOf } from '../service/core/diag';

/** Problems of one file sent to the editor, at most (VS Code's own limit per file). */
export const EDITOR_PROBLEMS = 1_000;

const ORDER: readonly Severity[] = ['error', 'warning', 'info', 'hint'];

/**
 * The problems of a file the editor is given (in the order given): all of them, or the first 1,000 by
 * severity then place, and one `problems-not-listed` at the first one left out.
 */
export function editorShown(all: readonly Diag[]): readonly Diag[] {
  if (all.length <= EDITOR_PROBLEMS) return all;
  const kept = new Uint8Array(all.length);
  let n = 0;
  for (const severity of ORDER)
    for (let i = 0; i < all.length && n < EDITOR_PROBLEMS; i++)
      if (severityOf(all[i]) === severity) {
        kept[i] = 1;
        n++;
      }
  const out: Diag[] = [];
  let first: Diag | undefined;
  for (let i = 0; i < all.length; i++)
    if (kept[i]) out.push(all[i]);
    else if (!first || all[i].start < first.start) first = all[i];
  const more = all.length - EDITOR_PROBLEMS;
  out.push({
    code: 'problems-not-listed',
    start: first!.start,
    end: first!.end,
    message:
      `${more.toLocaleString('en-US')} more problems in this file are not listed: the editor shows ` +
      `${EDITOR_PROBLEMS.toLocaleString('en-US')} a file. \`cloud-manifests check\` on the file lists them all.`,
  });
  return out;
}
