// The size past which a kustomization or a patch file is not read at all (issue 30): parsing YAML builds a
// tree of about 70 bytes per character at its peak (a 9 MB kustomization of 100,000 inline patches: 600 MB
// and seconds of one synchronous slice), and a patch file is parsed by its own check and by the render, the
// resource it changes checked again: at 1 MB that is 2.5 s of CPU in one slice of the server, which a
// hover waits for. So such a file is neither parsed, nor rendered, nor checked; it gets one Information
// saying so (`kustomize-render-limit`), never an error. The limit is of the order of the largest document
// whose syntax a too-large file has checked in one slice (checks/tooLarge.ts, MAX_SYNTAX_DOCUMENT); a real
// kustomization is a few kilobytes. The limit is on one YAML document: a patch file of many small documents
// (a patch per resource of a large base) is parsed document by document and rendered in linear time, so it
// is read up to MAX_PATCH_FILE in all.
import type { Diag } from '../../core/diag';
import { longestDocument } from '../../core/split';

/** Characters: a kustomization or patch file with a YAML document longer than this is not read (see above). */
export const MAX_PATCH_TEXT = 250_000;
/** Characters: a kustomization or patch file longer than this in all is not read either. */
export const MAX_PATCH_FILE = 1_000_000;

export const isOverPatchLimit = (text: string): boolean =>
  text.length > MAX_PATCH_TEXT && (text.length > MAX_PATCH_FILE || longestDocument(text) > MAX_PATCH_TEXT);

const thousands = (n: number) => n.toLocaleString('en-US');

/** Why a text over the limit is not read, in parentheses' words: its size and the limit it passes. */
export const overPatchLimitWhy = (text: string): string =>
  text.length > MAX_PATCH_FILE
    ? `${thousands(text.length)} characters; the limit is ${thousands(MAX_PATCH_FILE)}`
    : `a YAML document of ${thousands(longestDocument(text))} characters; the limit is ${thousands(MAX_PATCH_TEXT)} a document`;

/** Whether a file of this role and text is left unread: a kustomization or a patch file over the limit. */
export const unreadAsOverlay = (role: string, text: string): boolean =>
  (role === 'kustomization' || role === 'patch') && isOverPatchLimit(text);

/** The one diagnostic of such a file, on its first character (none when it starts with a line break). */
export function overPatchLimitDiag(role: 'kustomization' | 'patch', text: string): Diag {
  const first = text.codePointAt(0);
  const end = first === undefined || first === 10 || first === 13 ? 0 : first > 0xffff ? 2 : 1;
  const what =
    role === 'kustomization'
      ? 'its overlay is not rendered and nothing in it is checked (its patches, its resources in the overlay)'
      : 'it is not checked, and the overlays that apply it are not rendered';
  return {
    code: 'kustomize-render-limit',
    start: 0,
    end,
    message:
      `This ${role === 'kustomization' ? 'kustomization' : 'patch file'} is too large to read here ` +
      `(${overPatchLimitWhy(text)}): ${what}. ` +
      '`kubectl kustomize` still builds it; split it into smaller files to have it checked.',
  };
}
