// One file checked through both surfaces, for the tests that hold the editor and the CLI to the same words on
// a file: the CLI's JSON report (`check --format json` in the file's folder) and the language server's pull
// diagnostics of the file opened. Each problem as `line:col severity code` (1-based) and its message.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after } from 'node:test';
import type { Diagnostic } from 'vscode-languageserver-protocol/node';
import { WorkspaceClient } from './workspaceClient';

const CLI = join(__dirname, '..', '..', 'dist', 'cli.js');
const SEVERITY = ['', 'error', 'warning', 'info', 'hint'];

export interface Said {
  /** `line:col severity code`. */
  at: string;
  message: string;
}

const dirs: string[] = [];
after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A temporary folder holding `name` with `text` (removed after the test file). */
export function oneFileWorkspace(name: string, text: string): string {
  const root = mkdtempSync(join(tmpdir(), 'cm-both-'));
  dirs.push(root);
  writeFileSync(join(root, name), text);
  return root;
}

/** What `check --format json [args] .` says in `root`, and its exit status. */
export function cliSays(root: string, args: string[] = []): { status: number | null; said: Said[]; stderr: string } {
  const r = spawnSync(process.execPath, [CLI, 'check', '--format', 'json', ...args, '.'], {
    cwd: root,
    encoding: 'utf8',
  });
  const problems = r.stdout
    ? (
        JSON.parse(r.stdout) as {
          problems: { line: number; column: number; severity: string; code: string; message: string }[];
        }
      ).problems
    : [];
  return {
    status: r.status,
    stderr: r.stderr,
    said: problems.map((p) => ({ at: `${p.line}:${p.column} ${p.severity} ${p.code}`, message: p.message })),
  };
}

/** What the language server says of `name` in `root`, opened with `text` (`settings`: the client's). */
export async function editorSays(
  root: string,
  name: string,
  text: string,
  settings?: Record<string, unknown>,
): Promise<Said[]> {
  const client = new WorkspaceClient({ rootDir: root, pull: true, ...(settings ? { settings } : {}) });
  try {
    await client.initialize();
    await client.waitForScans(1);
    const uri = pathToFileURL(join(root, name)).href;
    await client.conn.sendNotification('textDocument/didOpen', {
      textDocument: { uri, languageId: 'yaml', version: 1, text },
    });
    const r = await client.request<{ kind: string; items: Diagnostic[] }>('textDocument/diagnostic', {
      textDocument: { uri },
    });
    const items = r.kind === 'full' ? r.items : [];
    return items.map((d) => ({
      at: `${d.range.start.line + 1}:${d.range.start.character + 1} ${SEVERITY[d.severity ?? 1]} ${d.code}`,
      message: String(d.message),
    }));
  } finally {
    await client.stop();
  }
}
