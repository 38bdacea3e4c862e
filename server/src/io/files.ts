// Which files a run checks, and reading them: paths, folders, globs and `-` (standard input) become a
// list of inputs; nothing here parses or validates.
import { readFileSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { ioReason } from './ioReason';
import { compileGlob, Excluder, hasMagic, splitGlob, type Glob } from './glob';
import { isYamlName, walkYamlSync } from './walk';

export type Input = { kind: 'file'; path: string; display: string } | { kind: 'stdin'; display: string };

export interface CollectOptions {
  cwd: string;
  /** `exclude` patterns, applied to files found in folders and by globs (not to files named outright). */
  exclude?: readonly string[];
  /** Folder the `exclude` patterns are relative to. */
  excludeBase?: string;
  stdinFilename?: string;
}

const slashes = (p: string): string => (sep === '\\' ? p.replace(/\\/g, '/') : p);

/** How a file is named in reports: relative to the current folder when inside it, else absolute. */
export function displayPath(cwd: string, abs: string): string {
  const rel = relative(cwd, abs);
  if (rel === '' || rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel)) return slashes(abs);
  return slashes(rel);
}

/**
 * Resolves the command line's paths to inputs, in order, without duplicates. Problems (a missing file,
 * an unreadable folder, a glob that matches nothing…) are returned as one-line messages.
 */
export function collectInputs(
  paths: readonly string[],
  options: CollectOptions,
): { inputs: Input[]; errors: string[] } {
  const { cwd } = options;
  const excluder = new Excluder(options.exclude ?? []);
  const excludeBase = options.excludeBase ?? cwd;
  const inputs: Input[] = [];
  const errors: string[] = [];
  const seen = new Set<string>();
  let stdinSeen = false;

  const excluded = (abs: string): boolean => !excluder.empty && excluder.excludes(slashes(relative(excludeBase, abs)));
  const addFile = (abs: string) => {
    if (seen.has(abs)) return;
    seen.add(abs);
    inputs.push({ kind: 'file', path: abs, display: displayPath(cwd, abs) });
  };

  /** Every YAML file below a folder (sorted, depth first); `match` filters by path relative to `root`. */
  const walk = (root: string, match?: { glob: Glob; maxDepth: number }): number => {
    let found = 0;
    walkYamlSync(root, {
      skip: excluded,
      descend: match ? (depth) => depth < match.maxDepth : undefined,
      accept: match ? (relPath) => match.glob.test(relPath) : undefined,
      onFile: (full) => {
        found++;
        addFile(full);
      },
      onError: (dir, e) => errors.push(`cannot read folder ${displayPath(cwd, dir)}: ${ioReason(e)}`),
    });
    return found;
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
      walk(abs);
    } else if (st?.isFile()) {
      if (!isYamlName(arg)) errors.push(`not a YAML file (expected .yaml or .yml): ${arg}`);
      else addFile(abs);
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
      const found = baseIsDir ? walk(baseAbs, { glob: compileGlob(rest), maxDepth }) : 0;
      if (found === 0) errors.push(`no YAML files match: ${arg}`);
    } else {
      errors.push(`no such file: ${arg}`);
    }
  }
  return { inputs, errors };
}

/** Decodes a file's bytes: UTF-8 (BOM or not) or UTF-16 with a BOM; undefined for binary content. */
export function decodeText(buf: Buffer): string | undefined {
  if (buf.length >= 3 && buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) return buf.toString('utf8', 3);
  if (buf.length >= 2 && buf[0] === 0xff && buf[1] === 0xfe) return buf.toString('utf16le', 2);
  if (buf.length >= 2 && buf[0] === 0xfe && buf[1] === 0xff) {
    const swapped = Buffer.from(buf.subarray(2, buf.length - (buf.length % 2)));
    swapped.swap16();
    return swapped.toString('utf16le');
  }
  if (buf.indexOf(0) >= 0) return undefined;
  return buf.toString('utf8');
}

/** A file's text (see decodeText); undefined when it cannot be read or is not text. */
export async function readTextFile(path: string): Promise<string | undefined> {
  try {
    return decodeText(await readFile(path));
  } catch {
    return undefined;
  }
}

/**
 * The same, synchronously: for bulk reads between which the caller yields anyway (a small file reads in
 * microseconds, where the promise API costs four round trips through the thread pool: open, stat, read, close).
 */
export function readTextFileSync(path: string): string | undefined {
  try {
    return decodeText(readFileSync(path));
  } catch {
    return undefined;
  }
}

/** Reads one file as text; an error message instead when it cannot be read or is not text. */
export function readInputFile(input: Extract<Input, { kind: 'file' }>): { text: string } | { error: string } {
  let buf: Buffer;
  try {
    buf = readFileSync(input.path);
  } catch (e) {
    const reason = ioReason(e);
    return {
      error: reason === 'no such file' ? `no such file: ${input.display}` : `cannot read ${input.display}: ${reason}`,
    };
  }
  const text = decodeText(buf);
  if (text === undefined) return { error: `not a text file (binary content): ${input.display}` };
  return { text };
}

/** Reads all of standard input. */
export async function readStdin(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks);
}
