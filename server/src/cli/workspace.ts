// A run's workspace: every input read and parsed first, then validated as one set. Cross-file checks
// (owners resolved across files) belong in checkWorkspace, between the two phases, where every
// parsed file is available.
import { parseFile, type ParsedFile } from '../service/parse';
import type { Settings } from '../service/settings';
import { validateFile, type Diag } from '../service/validate';
import { readInputFile, readStdin, decodeText, type Input } from './files';
import type { Progress } from './progress';

export interface WorkspaceFile {
  /** How the file is named in reports (relative to the current folder when inside it). */
  display: string;
  /** Absolute path; undefined for standard input. */
  path?: string;
  parsed: ParsedFile;
}

export interface Workspace {
  cwd: string;
  files: WorkspaceFile[];
}

export interface FileResult {
  file: WorkspaceFile;
  diags: Diag[];
}

export interface LoadOptions {
  cwd: string;
  stdin?: () => NodeJS.ReadableStream;
  progress?: Progress;
}

/** Reads and parses every input once. Files that cannot be read come back as error messages. */
export async function loadWorkspace(inputs: readonly Input[], options: LoadOptions): Promise<{ workspace: Workspace; errors: string[] }> {
  const files: WorkspaceFile[] = [];
  const errors: string[] = [];
  for (let i = 0; i < inputs.length; i++) {
    const input = inputs[i];
    let text: string;
    if (input.kind === 'stdin') {
      const decoded = options.stdin ? decodeText(await readStdin(options.stdin())) : '';
      if (decoded === undefined) {
        errors.push(`not a text file (binary content): ${input.display}`);
        continue;
      }
      text = decoded;
    } else {
      const r = readInputFile(input);
      if ('error' in r) {
        errors.push(r.error);
        continue;
      }
      text = r.text;
    }
    files.push({ display: input.display, path: input.kind === 'file' ? input.path : undefined, parsed: parseFile(text) });
    options.progress?.update('read', i + 1, inputs.length);
  }
  return { workspace: { cwd: options.cwd, files }, errors };
}

/** Validates every file of the workspace with the settings' rule levels. */
export function checkWorkspace(workspace: Workspace, settings: Settings, progress?: Progress): FileResult[] {
  const options = { rules: settings.rules };
  const total = workspace.files.length;
  return workspace.files.map((file, i) => {
    let diags: Diag[];
    try {
      diags = validateFile(file.parsed, options);
    } catch (e) {
      throw new Error(`while checking ${file.display}: ${e instanceof Error ? e.message : String(e)}`);
    }
    progress?.update('checked', i + 1, total);
    return { file, diags };
  });
}
