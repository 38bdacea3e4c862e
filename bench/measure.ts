// The measurements: LSP sessions of both servers on the single-file workloads, our server's workspace
// indexing, the CLI on the workspace, and the `yaml` parse floor of the same texts.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { parseAllDocuments } from 'yaml';
import { SERVER_ENV, SERVER_NODE_ARGS } from '../server/src/protocol/launch';
import { LspSession, sleep, type ServerSpec } from './lsp';
import { STORAGE } from './families';
import { editAt, fileWorkload, PEER_SCHEMA, type Family, type FileWorkload, type WorkspaceWorkload } from './workload';

export const REPO = join(__dirname, '..');
export const OUR_SERVER = join(REPO, 'dist', 'server.js');
export const OUR_CLI = join(REPO, 'dist', 'cli.js');
export const PEER_SERVER = join(REPO, 'node_modules', 'yaml-language-server', 'bin', 'yaml-language-server');

export const peerVersion = (): string =>
  JSON.parse(readFileSync(join(REPO, 'node_modules', 'yaml-language-server', 'package.json'), 'utf8')).version;
export const yamlVersion = (): string =>
  JSON.parse(readFileSync(join(REPO, 'node_modules', 'yaml', 'package.json'), 'utf8')).version;

/** Our server as the extension starts it (its Node options included), plus `nodeArgs` (profiling). */
export function ourSpec(nodeArgs: string[] = []): ServerSpec {
  return {
    name: 'ours',
    script: OUR_SERVER,
    args: ['--stdio'],
    nodeArgs: [...SERVER_NODE_ARGS, ...nodeArgs],
    env: SERVER_ENV,
    // The facts cache off (lsp/scanCache.ts): every round's scan is a cold one (bench/reopenRows.ts turns it on).
    configuration: (section) => (section === 'cloudManifests' ? { cache: false } : null),
    settingsSection: 'cloudManifests',
  };
}

/** yaml-language-server with the per-kind schema of the workload's kind for every `*.yaml`, no network. */
export function peerSpec(schemaPath = join(REPO, PEER_SCHEMA)): ServerSpec {
  const yaml = {
    validate: true,
    hover: true,
    completion: true,
    format: { enable: false },
    schemaStore: { enable: false },
    kubernetesCRDStore: { enable: false },
    schemas: { [pathToFileURL(schemaPath).href]: ['*.yaml'] },
  };
  return {
    name: 'peer',
    script: PEER_SERVER,
    args: ['--stdio'],
    configuration: (section) =>
      section === 'yaml' ? yaml : section === 'http' ? { proxy: '', proxyStrictSSL: false } : {},
    settingsSection: 'yaml',
  };
}

export interface Iterations {
  /** Untimed opens before anything is timed. */
  warmups: number;
  opens: number;
  edits: number;
  requests: number;
  cliRuns: number;
}

export interface FileSessionResult {
  server: 'ours' | 'peer';
  resources: number;
  open: number[];
  /** The floor of each open: `parseAllDocuments` of the same text in this process, just before it (see fileSession). */
  openFloor: number[];
  edit: number[];
  completion: number[];
  hover: number[];
  /** The light bulb: code actions for an error's diagnostic, at errors deep in the file. */
  codeAction: number[];
  /** RSS right after `initialize`, before any document. */
  idleRssMb: number;
  rssMb: number;
  hwmMb: number;
  /** What the server reported, to check the numbers measure real work. */
  sanity: {
    errorsAtOpen: number;
    errorsAtEditOpen: number;
    expectedErrors: number;
    completionItems: number;
    completionHasExpected: boolean;
    hoverChars: number;
    codeActions: number;
  };
}

const isError = (d: Diagnostic) => d.severity === undefined || d.severity === 1;
const errorCount = (ds: Diagnostic[]) => ds.filter(isError).length;

function completionLabels(result: unknown): string[] {
  const items = Array.isArray(result) ? result : ((result as { items?: unknown[] } | null)?.items ?? []);
  return (items as { label: string }[]).map((i) => i.label);
}

function hoverText(result: unknown): string {
  const c = (result as { contents?: unknown } | null)?.contents;
  if (!c) return '';
  if (typeof c === 'string') return c;
  if (Array.isArray(c)) return c.map((x) => (typeof x === 'string' ? x : x.value)).join('\n');
  return (c as { value: string }).value ?? '';
}

/**
 * Untimed: the schema is loaded and the code paths are compiled, as the floor is warmed up before it is
 * timed (`warmups` opens of distinct 200-resource texts of the workload's family, then a completion and a
 * hover).
 */
async function warmUp(
  s: LspSession,
  uri: (name: string) => string,
  tag: string,
  warmups: number,
  fam: Family = STORAGE,
): Promise<void> {
  for (let i = 0; i < warmups; i++) {
    const warm = uri(`warmup-${tag}-${i}`);
    await s.open(warm, fam.make(200, 900 + i).text);
    if (i === warmups - 1) {
      const pos = fam.positions(200, 1);
      await s.request('textDocument/completion', { textDocument: { uri: warm }, position: pos.completion[0] });
      await s.request('textDocument/hover', { textDocument: { uri: warm }, position: pos.hover[0] });
    }
    await s.close(warm);
    await sleep(50);
  }
}

/**
 * Two sessions of one server on one workload, each in a fresh process after a warm-up.
 * Opening: the workload opened under fresh URIs `opens` times, each time a text never seen before,
 * closed again after its diagnostics. Editing, as a user works on one file: the workload opened once,
 * edited `edits` times in the middle, then completion and hover deep in it, then the server's memory.
 */
export async function fileSession(
  spec: ServerSpec,
  w: FileWorkload,
  it: Iterations,
  dir: string,
  log: (s: string) => void,
): Promise<FileSessionResult> {
  const fam = w.family ?? STORAGE;
  const uri = (name: string) => pathToFileURL(join(dir, `${name}.yaml`)).href;
  const open: number[] = [];
  const openFloor: number[] = [];
  let atOpen: Diagnostic[] = [];
  const opening = new LspSession(spec);
  try {
    await opening.start();
    await warmUp(opening, uri, `${w.resources}`, it.warmups, fam);
    for (let i = 0; i < it.opens; i++) {
      const current = uri(`open-${w.resources}-${i}`);
      // A text of the same shape but never seen before (see `resource`).
      const text = fam.make(w.resources, i + 1).text;
      // Its floor, paired with it: parsed here after the same pause the server gets before the open, so a
      // drift in the machine's speed and the cost of starting work after idle weigh on both alike.
      openFloor.push(floorOnce(text));
      await sleep(50);
      const r = await opening.open(current, text);
      open.push(r.ms);
      atOpen = r.diagnostics;
      await opening.close(current);
      await sleep(50);
    }
  } finally {
    await opening.stop();
  }
  log(
    `  ${spec.name} ${w.resources}: open ${open.map((x) => x.toFixed(0)).join(' ')} ms; floor of each ${openFloor.map((x) => x.toFixed(0)).join(' ')} ms`,
  );

  const s = new LspSession(spec);
  try {
    await s.start();
    const idle = s.memory();
    await warmUp(s, uri, `${w.resources}`, it.warmups, fam);
    const current = uri(`edit-${w.resources}`);
    const first = await s.open(current, w.text);
    await sleep(50);

    // Each edit breaks one more clean resource in the middle: its diagnostics have one more error.
    const edit: number[] = [];
    const e0 = errorCount(first.diagnostics);
    let lastDiagnostics = first.diagnostics;
    for (let k = 1; k <= it.edits; k++) {
      const r = await s.change(current, fam.edit(w.resources, k), (ds) => errorCount(ds) === e0 + k);
      lastDiagnostics = r.diagnostics;
      edit.push(r.ms);
      await sleep(20);
    }
    log(`  ${spec.name} ${w.resources}: edit ${edit.map((x) => x.toFixed(0)).join(' ')} ms`);

    const pos = fam.positions(w.resources, it.requests);
    const completion: number[] = [];
    let labels: string[] = [];
    await s.request('textDocument/completion', { textDocument: { uri: current }, position: pos.completion[0] });
    for (const position of pos.completion) {
      const r = await s.request('textDocument/completion', { textDocument: { uri: current }, position });
      completion.push(r.ms);
      labels = completionLabels(r.result);
    }
    const hover: number[] = [];
    let hoverChars = 0;
    await s.request('textDocument/hover', { textDocument: { uri: current }, position: pos.hover[0] });
    for (const position of pos.hover) {
      const r = await s.request('textDocument/hover', { textDocument: { uri: current }, position });
      hover.push(r.ms);
      hoverChars = hoverText(r.result).length;
    }
    // As an editor asks when the cursor rests on an error: its range, that diagnostic as context.
    const errors = lastDiagnostics.filter((d) => d.severity === 1).slice(-it.requests);
    const codeAction: number[] = [];
    let codeActions = 0;
    const ask = (d: Diagnostic) =>
      s.request('textDocument/codeAction', {
        textDocument: { uri: current },
        range: d.range,
        context: { diagnostics: [d], triggerKind: 2 },
      });
    if (errors.length > 0) await ask(errors[0]);
    for (const d of errors) {
      const r = await ask(d);
      codeAction.push(r.ms);
      codeActions = Array.isArray(r.result) ? r.result.length : 0;
    }
    const { rssMb, hwmMb } = s.memory();
    return {
      server: spec.name,
      resources: w.resources,
      open,
      openFloor,
      edit,
      completion,
      hover,
      codeAction,
      idleRssMb: idle.rssMb,
      rssMb,
      hwmMb,
      sanity: {
        errorsAtOpen: errorCount(atOpen),
        errorsAtEditOpen: e0,
        expectedErrors: w.errors,
        completionItems: labels.length,
        completionHasExpected: labels.some((l) => l.replace(/["']/g, '') === fam.completionLabel),
        hoverChars,
        codeActions,
      },
    };
  } finally {
    await s.stop();
  }
}

export interface IndexResult {
  /** undefined: the server reported no work-done progress (no workspace index yet). */
  ms?: number;
  title?: string;
  rssMb: number;
  /**
   * Workspace-wide problems: from `initialized` to the last `publishDiagnostics` of a closed file once the
   * server is quiet (nothing published for 2 s after the index), and how many files got some.
   */
  diagnostics?: { ms: number; files: number };
}

/** Our server started on the workspace folder: time from `initialized` to the end of its progress. */
export async function indexSession(
  spec: ServerSpec,
  ws: WorkspaceWorkload,
  beginWithinMs: number,
): Promise<IndexResult> {
  const s = new LspSession(spec);
  const published = new Set<string>();
  let last = 0;
  s.publishListeners.push((p) => {
    if (p.diagnostics.length === 0) return;
    published.add(p.uri);
    last = performance.now();
  });
  try {
    await s.start(ws.dir);
    const r = await s.indexing(beginWithinMs);
    // The diagnostics of every file follow the index: wait until the server is quiet for 2 s (bounded).
    const until = performance.now() + 60_000;
    while (performance.now() < until && performance.now() - Math.max(last, r ? r.ms + s.initializedAt : 0) < 2000)
      await sleep(50);
    const diagnostics = last > 0 ? { ms: last - s.initializedAt, files: published.size } : undefined;
    return { ms: r?.ms, title: r?.title, rssMb: s.memory().rssMb, diagnostics };
  } finally {
    await s.stop();
  }
}

export interface CliResult {
  ms: number[];
  summary: { errors: number; filesChecked: number };
  exitCode: number | null;
}

export async function cliRuns(
  ws: WorkspaceWorkload,
  runs: number,
  cpuProfDir?: string,
  extra: readonly string[] = [],
  env: NodeJS.ProcessEnv = process.env,
): Promise<CliResult> {
  const nodeArgs = cpuProfDir ? ['--cpu-prof', '--cpu-prof-dir', cpuProfDir] : [];
  const ms: number[] = [];
  let last: { out: string; code: number | null } = { out: '', code: null };
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    last = await new Promise((resolve, reject) => {
      const p = spawn(process.execPath, [...nodeArgs, OUR_CLI, 'check', ws.dir, '--format', 'json', ...extra], {
        cwd: ws.dir,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const chunks: Buffer[] = [];
      let err = '';
      p.stdout.on('data', (d: Buffer) => chunks.push(d));
      p.stderr.on('data', (d) => (err += String(d)));
      p.on('error', reject);
      p.on('close', (code) => {
        if (code !== 0 && code !== 1) reject(new Error(`cli exited ${code}: ${err}`));
        else resolve({ out: Buffer.concat(chunks).toString('utf8'), code });
      });
    });
    ms.push(performance.now() - t0);
  }
  const summary = JSON.parse(last.out).summary as { errors: number; filesChecked: number };
  return { ms, summary, exitCode: last.code };
}

/** Wall time of the CLI doing nothing (`--version`): Node's start and the bundle's load. */
export async function cliStartup(runs: number): Promise<number[]> {
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await new Promise<void>((resolve, reject) => {
      const p = spawn(process.execPath, [OUR_CLI, '--version'], { stdio: 'ignore' });
      p.on('error', reject);
      p.on('close', () => resolve());
    });
    ms.push(performance.now() - t0);
  }
  return ms;
}

/** `parseAllDocuments` of one text, timed. */
function floorOnce(text: string): number {
  const t0 = performance.now();
  const docs = parseAllDocuments(text).length;
  const ms = performance.now() - t0;
  if (docs === 0) throw new Error('nothing parsed');
  return ms;
}

/** The floor: `parseAllDocuments` of the same texts, in this process, `runs` times after a warm-up (three 200-resource texts). */
export function parseFloor(texts: readonly string[], runs: number): number[] {
  const warm = fileWorkload(200, 998).text;
  for (let i = 0; i < 3; i++) parseAllDocuments(warm);
  const ms: number[] = [];
  for (let r = 0; r < runs; r++) {
    const t0 = performance.now();
    let docs = 0;
    for (const t of texts) docs += parseAllDocuments(t).length;
    ms.push(performance.now() - t0);
    if (docs === 0) throw new Error('nothing parsed');
  }
  return ms;
}

export { editAt };
