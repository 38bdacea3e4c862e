// The edits a diagnostic's fix data describes (`Diag.data`, fixData.ts), before any verdict on them: which
// fixes a diagnostic offers, in which document, and what each reveals. Plain data to plain data.
import type { Diag } from './diag';
import type { Action, Edit } from './edits';
import type { FixData } from './fixData';
import { chunkAt, type ParsedFile } from './parse';
import type { Span } from './yamlNodes';

/** The text of a file and its documents: what the fixes of its diagnostics are computed on. */
export type FileText = Pick<ParsedFile, 'text' | 'lines' | 'docs'>;

/** The edits of each fix a diagnostic's data offers (none without data). */
export const fixEditsOf = (d: Diag): Edit[][] => (d.data ? fixesOf(d, d.data).map((a) => a.edits) : []);

/** The actions a diagnostic's data describes. */
export function fixesOf(d: Diag, data: FixData): Omit<Action, 'diag'>[] {
  switch (data.fix) {
    case 'replace':
      return data.candidates.map((c, i) => ({
        title: c.title,
        edits: [{ start: data.span[0], end: data.span[1], newText: c.text }],
        ...(i === 0 && !data.choice ? { isPreferred: true } : {}),
        ...(data.safe && data.candidates.length === 1 ? { safe: true } : {}),
      }));
    case 'field': {
      const renames = data.candidates.map((c, i) => ({
        title: `Rename \`${data.name}\` to \`${c}\``,
        edits: [{ start: data.key[0], end: data.key[1], newText: c }],
        ...(i === 0 ? { isPreferred: true } : {}),
        ...(data.candidates.length === 1 ? { safe: true } : {}),
      }));
      const remove = data.remove
        ? [
            {
              title: `Remove \`${data.name}\` and its value`,
              edits: [{ start: data.remove[0], end: data.remove[1], newText: '' }],
            },
          ]
        : [];
      return [...renames, ...remove];
    }
    case 'remove':
      return data.options.map((o) => ({
        title: o.title,
        edits: o.spans.map((s) => ({ start: s[0], end: s[1], newText: '' })),
        ...(data.options.length === 1 ? { isPreferred: true } : {}),
        ...(o.safe ? { safe: true } : {}),
      }));
    case 'insert':
      return [
        {
          title: data.title,
          edits: data.edits.map((e) => ({ start: e.at, end: e.at, newText: e.text })),
          isPreferred: true,
        },
      ];
  }
}

/** What a fix makes the checks look into (see fixData.ts). */
export const revealsOf = (data: FixData): Span[] => ('reveals' in data && data.reveals ? [data.reveals] : []);

/** The offset of the document a diagnostic's edits belong to. */
export const docOf = (file: FileText, d: Diag): number => d.data?.doc?.[0] ?? chunkAt(file, d.start).offset;
