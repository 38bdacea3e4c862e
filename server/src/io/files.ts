// Which files a run checks, and reading them: paths, folders, globs and `-` (standard input) become a
// list of inputs; nothing here parses or validates. Folders are walked by folderWalk.ts (never leaving them);
// files are read bounded (read.ts) and decoded exactly or flagged (decode.ts).
import { lstatSync, realpathSync, statSync } from 'node:fs';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { decodeBytes, type Decoded } from './decode';
import { ioReason } from './ioReason';
import { compileGlob, Excluder, hasMagic, splitGlob, type Glob } from './glob';
import { DEFAULT_MAX_FILE_BYTES, readFileBoundedSync } from './read';
import { isYamlName, walkYaml, type Skipped } from './folderWalk';
import { hashBytes, type Expected } from './write';

export type Input = { kind: 'file'; path: string; display: string } | { kind: 'stdin'; display: string };

export interface CollectOptions {
  cwd: string;
  /** `exclude` patterns, applied to files found in folders and by globs (not to files named outright). */
  exclude?: readonly string[];
  /** Folder the `exclude` patterns are relative to. */
  excludeBase?: string;
  stdinFilename?: string;
}

/** What collectInputs found. */
export interface Collected {
  inputs: Input[];
  /** Usage errors (a missing file, a glob that matches nothing…): the run stops. */
  errors: string[];
  /** Entries left out while walking folders (unreadable, not regular, links leading out): the run goes on. */
  skipped: Skipped[];
  /** Real paths of the folders checked (the current folder, folder arguments, glob bases): `--fix` writes only inside them. */
  roots: string[];
  /** The JSON files found in the folders walked: read for the CRDs they may hold, never checked. */
  json: string[];
}

const slashes = (p: string): string => (sep === '\\' ? p.replace(/\\/g, '/') : p);

/** How a file is named in reports: relative to the current folder when inside it, else absolute. */
export function displayPath(cwd: string, abs: string): string {
  const rel = relative(cwd, abs);
  if (rel === '' || rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel)) return slashes(abs);
  return slashes(rel);
}

/**
 * Resolves the command line's paths to inputs, in order, without duplicates (a file named twice, or through
 * a link, is one input). Usage problems (a missing file, a glob that matches nothing…) are returned as
 * one-line messages; entries left out of folder walks (unreadable, not regular, links leading out) as `skipped`.
 */
export async function collectInputs(paths: readonly string[], options: CollectOptions): Promise<Collected> {
  const { cwd } = options;
  const excluder = new Excluder(options.exclude ?? []);
  const excludeBase = options.excludeBase ?? cwd;
  const inputs: Input[] = [];
  const errors: string[] = [];
  const skipped: Skipped[] = [];
  const json: string[] = [];
  const roots = new Set<string>();
  const addRoot = (dir: string) => {
    try {
      roots.add(realpathSync(dir));
    } catch {
      // Not readable: nothing below it is read either.
    }
  };
  addRoot(cwd);
  const seen = new Set<string>();
  let stdinSeen = false;

  const excluded = (abs: string): boolean => !excluder.empty && excluder.excludes(slashes(relative(excludeBase, abs)));
  const addFile = (abs: string) => {
    // One file reached by two names (a link beside its target) is one input: checked, and fixed, once.
    let real = abs;
    try {
      real = realpathSync(abs);
    } catch {
      // Reported when it is read.
    }
    if (seen.has(real)) return;
    seen.add(real);
    inputs.push({ kind: 'file', path: abs, display: displayPath(cwd, abs) });
  };

  /** Every YAML file below a folder (sorted, depth first); `match` filters by path relative to `root`. */
  const walk = async (root: string, match?: { glob: Glob; maxDepth: number }): Promise<number> => {
    addRoot(root);
    const r = await walkYaml(root, {
      skip: excluded,
      descend: match ? (depth) => depth < match.maxDepth : undefined,
      accept: match ? (relPath) => match.glob.test(relPath) : undefined,
      json: true,
    });
    r.files.forEach(addFile);
    for (const j of r.json ?? []) json.push(j);
    for (const k of r.skipped) skipped.push(k);
    return r.files.length;
  };

  for (const arg of paths) {
    if (arg === '-') {
      if (!stdinSeen) inputs.push({ kind: 'stdin', display: options.stdinFilename || '<stdin>' });
      stdinSeen = true;
      continue;
    }
    const abs = resolve(cwd, arg);
    let st: ReturnType<typeof statSync> | undefined;
    try {
      st = statSync(abs);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && code !== 'ENOTDIR') {
        errors.push(`cannot read ${arg}: ${ioReason(e)}`);
        continue;
      }
    }
    if (st?.isDirectory()) {
      await walk(abs);
    } else if (st?.isFile()) {
      if (!isYamlName(arg)) errors.push(`not a YAML file (expected .yaml or .yml): ${arg}`);
      else {
        addFile(abs);
        // A file named as it is (no link), wherever it lies, is the user's to check and fix: its own root.
        // A symbolic link named is followed only inside the folders checked (cli/fix.ts).
        if (!lstatSync(abs).isSymbolicLink()) addRoot(abs);
      }
    } else if (st) {
      errors.push(`not a file or folder: ${arg}`);
    } else if (hasMagic(arg)) {
      const pattern = slashes(arg);
      const { base, rest } = splitGlob(pattern);
      const baseAbs = resolve(cwd, base);
      let baseIsDir: boolean;
      try {
        baseIsDir = statSync(baseAbs).isDirectory();
      } catch {
        baseIsDir = false;
      }
      const maxDepth = rest.includes('**') ? Infinity : rest.split('/').length;
      const found = baseIsDir ? await walk(baseAbs, { glob: compileGlob(rest), maxDepth }) : 0;
      if (found === 0) errors.push(`no YAML files match: ${arg}`);
    } else {
      errors.push(`no such file: ${arg}`);
    }
  }
  return { inputs, errors, skipped, roots: [...roots], json };
}

/** A file as the CLI read it: its text, how it was decoded, and what it held (to refuse a stale write). */
export interface InputText {
  text: string;
  decoded: Omit<Decoded, 'text'>;
  disk?: Expected;
}

/** Reads one file as text (bounded: see read.ts); an error message instead when it cannot be read or is not text. */
export function readInputFile(
  input: Extract<Input, { kind: 'file' }>,
  maxBytes = DEFAULT_MAX_FILE_BYTES,
): InputText | { error: string } {
  const r = readFileBoundedSync(input.path, maxBytes);
  if ('skipped' in r) {
    if (r.missing) return { error: `no such file: ${input.display}` };
    return { error: `cannot read ${input.display}: ${r.skipped}` };
  }
  const d = decodeBytes(r.bytes);
  if (d === undefined) return { error: `not a text file (binary content): ${input.display}` };
  const { text, ...decoded } = d;
  return { text, decoded, disk: { size: r.size, mtimeMs: r.mtimeMs, hash: hashBytes(r.bytes) } };
}

/** Reads all of standard input, up to the size cap. */
export async function readStdin(
  stream: NodeJS.ReadableStream,
  maxBytes = DEFAULT_MAX_FILE_BYTES,
): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    const b = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    total += b.length;
    // Bounded like a file: past the cap, stop keeping it (undefined: too large).
    if (total > maxBytes) return undefined;
    chunks.push(b);
  }
  return Buffer.concat(chunks);
}
