// `check --fix` / `--fix-dry-run`: the safe fixes (the editor's fix-all) applied to a file's text until none
// is left, and a unified diff of what changed. A text that does not parse is left as it is, and so is one
// whose fixed text would not (fixAllEdits already refuses that per document; checked again here).
// Files are written by io/write.ts (atomic, refused when the file changed since it was read), only when they
// were read as exact UTF-8 and their real path lies inside the folders checked.
import { realpathSync } from 'node:fs';
import { isInside } from '../io/folderWalk';
import { ChangedSinceReadError, RefusedWriteError, writeFileAtomic, type WriteHooks } from '../io/write';
import { ioReason } from '../io/ioReason';
import { printable } from './printable';
import { applyEdits, type Edit } from '../service/core/edits';
import { fixAllEdits } from '../service/workspace/fixAll';
import { lexTemplate } from '../service/workspace/helm/lex';
import { maskTemplate } from '../service/workspace/helm/mask';
import { templateDiagnostics } from '../service/workspace/helm/templateDiagnostics';
import { templateFixAllEdits } from '../service/workspace/helm/templateFixes';
import { ChunkStore, parseFile, splitDocuments, type ParsedFile } from '../service/core/parse';
import { domainsOf } from '../service/checks/identity';
import { LineIndex } from '../service/core/lineIndex';
import { validateFile, type ValidateOptions } from '../service/checks/validate';
import { fileRoles, workspaceRegistry, type FixRole, type Workspace, type WorkspaceFile } from './runWorkspace';

const parses = (text: string) => parseFile(text, { cache: false }).docs.every((d) => d.doc.errors.length === 0);

/** The template actions of a text, in order, as Go's lexer reads them (a fix never changes one). */
const actionsOf = (text: string) => lexTemplate(text).actions.map((a) => text.slice(a.start, a.end));

/**
 * One pass of a text's safe fixes, checked as the editor checks the file: a patch as a partial manifest; a
 * Helm template on each variant of its mask, its fixes made only where they do the same to the template
 * (helm/literalEdits.ts). Undefined when the text (a template: any variant of its mask) does not parse.
 */
function fixPass(text: string, role: FixRole, options: ValidateOptions, store?: ChunkStore): Edit[] | undefined {
  const parse = (t: string) => parseFile(t, { cache: false, store });
  const unparsable = (f: ParsedFile) => f.docs.some((d) => d.doc.errors.length > 0);
  if (role !== 'template') {
    const file = parse(text);
    return unparsable(file)
      ? undefined
      : fixAllEdits(file, validateFile(file, { ...options, partial: role === 'patch' }));
  }
  const mask = maskTemplate(text);
  const variants = mask.variants.map((v) => parse(v.text));
  if (variants.some(unparsable)) return undefined;
  return templateFixAllEdits(
    variants,
    text,
    templateDiagnostics(mask, (t) => validateFile(parse(t), options)),
  );
}

/**
 * The text with its safe fixes applied (a fix may reveal another: a few passes), and how many were made.
 * `store` holds the kinds to check with (the run's CRDs' with the built-in ones); default: the built-in.
 */
export function fixText(
  text: string,
  options: ValidateOptions = {},
  store?: ChunkStore,
  role: FixRole = 'manifest',
): { text: string; fixed: number; unparsable?: true } {
  let current = text;
  let fixed = 0;
  const stillParses = (t: string) =>
    role === 'template'
      ? maskTemplate(t).variants.every((v) => parses(v.text)) && actionsOf(t).join('\0') === actionsOf(text).join('\0')
      : parses(t);
  for (let pass = 0; pass < 5; pass++) {
    const edits = fixPass(current, role, options, store);
    if (!edits) return pass === 0 ? { text, fixed: 0, unparsable: true } : { text: current, fixed };
    if (edits.length === 0) break;
    const next = applyEdits(current, edits);
    if (!stillParses(next)) break;
    current = next;
    fixed += edits.length;
  }
  return { text: current, fixed };
}

/** Line operations turning `a` into `b`: changes are few and local, so a short look-ahead resynchronises. */
function lineOps(a: string[], b: string[]): [' ' | '-' | '+', string][] {
  const ops: [' ' | '-' | '+', string][] = [];
  const W = 200;
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      ops.push([' ', a[i++]]);
      j++;
      continue;
    }
    let di = a.length - i;
    let dj = b.length - j;
    search: for (let s = 1; s <= 2 * W; s++) {
      for (let x = 0; x <= s; x++) {
        const y = s - x;
        if (x > W || y > W || i + x >= a.length || j + y >= b.length) continue;
        if (a[i + x] === b[j + y]) {
          [di, dj] = [x, y];
          break search;
        }
      }
    }
    for (let k = 0; k < di; k++) ops.push(['-', a[i + k]]);
    for (let k = 0; k < dj; k++) ops.push(['+', b[j + k]]);
    i += di;
    j += dj;
  }
  return ops;
}

/** A unified diff (3 lines of context) of `before` → `after`, named `name`; empty when equal. */
export function unifiedDiff(name: string, before: string, after: string): string {
  if (before === after) return '';
  const split = (t: string) => (t.endsWith('\n') ? t.slice(0, -1) : t).split('\n');
  const ops = lineOps(split(before), split(after));
  const shown = printable(name);
  const out = [`--- a/${shown}`, `+++ b/${shown}`];
  const C = 3;
  let k = 0;
  let aLine = 1;
  let bLine = 1;
  while (k < ops.length) {
    if (ops[k][0] === ' ') {
      k++;
      aLine++;
      bLine++;
      continue;
    }
    // A hunk: from C lines before this change to C lines after the last change within 2C of each other.
    const start = Math.max(0, k - C);
    let end = k;
    let quiet = 0;
    for (let m = k; m < ops.length; m++) {
      if (ops[m][0] === ' ') {
        if (++quiet > 2 * C) break;
      } else {
        quiet = 0;
        end = m;
      }
    }
    const stop = Math.min(ops.length, end + 1 + C);
    const hunk = ops.slice(start, stop);
    const back = k - start;
    const aStart = aLine - back;
    const bStart = bLine - back;
    const aCount = hunk.filter((o) => o[0] !== '+').length;
    const bCount = hunk.filter((o) => o[0] !== '-').length;
    out.push(`@@ -${aCount ? aStart : aStart - 1},${aCount} +${bCount ? bStart : bStart - 1},${bCount} @@`);
    for (const [op, line] of hunk) out.push(op + line.replace(/\r$/, ''));
    for (let m = k; m < stop; m++) {
      if (ops[m][0] !== '+') aLine++;
      if (ops[m][0] !== '-') bLine++;
    }
    k = stop;
  }
  return out.join('\n') + '\n';
}

export interface FixRun {
  /** Problems fixed, and files changed (written, or that would be). */
  fixed: number;
  files: number;
  /** The unified diff of every change (`--fix-dry-run`). */
  diff: string;
  /** Files left as they are, with why (nothing to report as a failure: standard input, a file that does not parse). */
  skipped: string[];
  /** Files whose fixes could not be written, with why: the run exits 2. */
  notWritten: string[];
}

export interface FixOptions {
  /** Real paths of the folders checked: a file (or a link's target) outside them is never written. */
  roots: readonly string[];
  /** Tests only: see io/write.ts. */
  hooks?: WriteHooks;
  /** The `apiDomain` setting: the domain of an apiVersion a fix writes (else the files' own). */
  apiDomain?: string;
  /** The `helmTemplates` setting: more files checked (and fixed) as Helm templates. */
  helmTemplates?: string[];
}

/** Why a file's fixes may not be written; undefined when they may. */
function unwritable(file: WorkspaceFile, roots: readonly string[]): string | undefined {
  if (file.decoded?.encoding === 'utf16') return 'it is UTF-16, and only UTF-8 is written';
  if (file.decoded?.encoding === 'invalid-utf8')
    return `it is not valid UTF-8 (byte ${file.decoded.badByte} is not), and writing it would change bytes no fix touches`;
  if (!file.disk) return 'it was not read from disk';
  let real: string;
  try {
    real = realpathSync(file.path!);
  } catch (e) {
    return ioReason(e);
  }
  if (!roots.some((r) => isInside(r, real))) return `it is a symbolic link to ${real}, outside the folders checked`;
  return undefined;
}

/**
 * Applies the safe fixes to every file of a run: written (`write`; see the top of this file), or only
 * described (`dry-run`). After a write the workspace holds the text now on disk, so the report is of what is
 * left; a dry run, and a file that could not be written, report the problems as they are on disk.
 */
export function fixWorkspace(
  workspace: Workspace,
  options: ValidateOptions,
  mode: 'write' | 'dry-run',
  fixOptions: FixOptions = { roots: [] },
): FixRun {
  const run: FixRun = { fixed: 0, files: 0, diff: '', skipped: [], notWritten: [] };
  const registry = workspaceRegistry(workspace);
  // The domain of an apiVersion a fix writes, as the check's analysis has it: the setting, else the one the
  // files checked use most (no index here: the documents' own apiVersion lines, as the index reads them).
  const domain =
    fixOptions.apiDomain ||
    domainsOf(
      workspace.files.flatMap((f) => splitDocuments(f.parsed.text).map((c) => c.text)),
      registry,
    )[0];
  const store = new ChunkStore(registry, () => domain);
  const roleOf = fileRoles(workspace, fixOptions);
  for (const file of workspace.files) {
    const before = file.parsed.text;
    const r = fixText(before, options, store, roleOf(file));
    if (r.unparsable) {
      if (fixTextIgnoringSyntax(before, options)) run.skipped.push(`${file.display}: not fixed, it does not parse`);
      continue;
    }
    if (r.fixed === 0 || r.text === before) continue;
    if (mode === 'dry-run') {
      run.diff += unifiedDiff(file.display, before, r.text);
      run.fixed += r.fixed;
      run.files++;
      continue;
    }
    if (!file.path) {
      run.skipped.push(`${file.display}: standard input is not written`);
      continue;
    }
    const why = unwritable(file, fixOptions.roots);
    if (why) {
      run.notWritten.push(`${file.display}: not written: ${why}`);
      continue;
    }
    const bytes = Buffer.from((file.decoded?.bom ? '\ufeff' : '') + r.text, 'utf8');
    try {
      writeFileAtomic(file.path, bytes, file.disk!, fixOptions.hooks);
    } catch (e) {
      run.notWritten.push(
        `${file.display}: not written: ${e instanceof ChangedSinceReadError ? `${e.message}; check it again` : e instanceof RefusedWriteError ? e.message : ioReason(e)}`,
      );
      continue;
    }
    run.fixed += r.fixed;
    run.files++;
    file.parsed = { text: r.text, lines: new LineIndex(r.text) };
  }
  return run;
}

/** Whether a file that does not parse has fixes it would otherwise get (worth telling the user why not). */
function fixTextIgnoringSyntax(text: string, options: ValidateOptions): boolean {
  const file = parseFile(text, { cache: false });
  return validateFile(file, options).some((d) => d.data && d.code !== 'yaml-syntax');
}
