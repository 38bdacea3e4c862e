// Fix-all, one for the editor (`source.fixAll.cloudManifests`) and the CLI (`check --fix`): the safe fixes of
// a file's own diagnostics as the analysis's one query gives them (the file checked as what it is: a patch as
// a partial manifest, a kustomization with its inline patches, a Helm template on each variant of its mask,
// its fixes made only where they do the same to the template: helm/literalEdits.ts).
import type { Analysis } from '../analysis';
import type { Host } from './hostApi';
import { applyEdits, type Edit } from '../core/edits';
import { fixAllEdits } from '../workspace/fixAll';
import { lexTemplate } from '../workspace/helm/lex';
import { templateFixAllEdits } from '../workspace/helm/templateFixes';
import type { ParsedFile } from '../core/parse';

/**
 * The safe fixes of a file now, as one set of edits. Only its own problems are read (not the overlays' nor
 * the cross-document ones): a fix edits this file's text, and what other files say of it was computed from
 * the text they read, which a pass of fixes has changed.
 */
export function fixAll(host: Host, uri: string, file: ParsedFile): Edit[] {
  const analysis = host as Analysis;
  const diags = analysis.fileDiagnostics(uri, file, undefined, 'first');
  const user = analysis.docs.userTextOf(file);
  return user !== undefined
    ? templateFixAllEdits(analysis.docs.variantsOf(file), user, diags)
    : fixAllEdits(file, diags);
}

/** Whether every YAML document of a file (a template: of every variant of its mask) parses. */
function parses(analysis: Analysis, file: ParsedFile): boolean {
  return analysis.docs.variantsOf(file).every((v) => v.docs.every((d) => d.doc.errors.length === 0));
}

/** The template actions of a text, in order, as Go's lexer reads them (a fix never changes one). */
const actionsOf = (text: string) => lexTemplate(text).actions.map((a) => text.slice(a.start, a.end));

/**
 * A file's text with its safe fixes applied (a fix may reveal another: a few passes), and how many were made;
 * `unparsable` when the text does not parse (then nothing is fixed: a fix computed on a broken tree could
 * land anywhere). A pass whose result would not parse, or would change a template's actions, is not made.
 */
export function fixText(
  host: Host,
  uri: string,
  text: string,
): { text: string; fixed: number; unparsable?: true; fixesIfParsed?: boolean } {
  const analysis = host as Analysis;
  let file = analysis.parseAs(uri, text);
  if (!parses(analysis, file)) {
    // Worth telling the user why not: the fixes it would otherwise get.
    const would = analysis
      .fileDiagnostics(uri, file, undefined, 'first')
      .some((d) => d.data && d.code !== 'yaml-syntax');
    return { text, fixed: 0, unparsable: true, fixesIfParsed: would };
  }
  // A template's actions, read once: no pass may change one.
  const actions = analysis.docs.userTextOf(file) !== undefined ? actionsOf(text).join('\0') : undefined;
  let current = text;
  let fixed = 0;
  for (let pass = 0; pass < 5; pass++) {
    const edits = fixAll(analysis, uri, file);
    if (edits.length === 0) break;
    const next = applyEdits(current, edits);
    // Parsed once: checked here, and the next pass's file.
    const after = analysis.parseAs(uri, next);
    if (!parses(analysis, after)) break;
    if (actions !== undefined && actionsOf(next).join('\0') !== actions) break;
    current = next;
    file = after;
    fixed += edits.length;
  }
  return { text: current, fixed };
}
