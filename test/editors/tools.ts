// What the real-editor tests (Neovim, Emacs, pre-commit) share: finding the editor on PATH, the rule that a
// missing one fails the suite (its `before`) with the command that installs it, a PATH on which
// `cloud-manifests-language-server` is linked as `npm install -g` links it, and
// scratch folders.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join, relative } from 'node:path';

export const repo = join(__dirname, '..', '..');
export const inCI = !!process.env.CI && process.env.CI !== 'false';

/** `which`: the absolute path of a command on PATH, or undefined. */
export function which(cmd: string): string | undefined {
  const r = spawnSync('sh', ['-c', `command -v "${cmd}"`], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() || undefined : undefined;
}

/** A scratch folder with its own HOME and XDG folders, and `bin/` (first on PATH) holding the server's command. */
export function scratchWithBins(prefix: string): { dir: string; bin: string; env: NodeJS.ProcessEnv } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const bin = join(dir, 'bin');
  mkdirSync(bin);
  symlinkSync(join(repo, 'bin', 'cloud-manifests-language-server.js'), join(bin, 'cloud-manifests-language-server'));
  const home = join(dir, 'home');
  mkdirSync(home);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PATH: [bin, join(process.execPath, '..'), process.env.PATH].join(delimiter),
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_DATA_HOME: join(home, '.local', 'share'),
    XDG_STATE_HOME: join(home, '.local', 'state'),
    XDG_CACHE_HOME: join(home, '.cache'),
  };
  return { dir, bin, env };
}

/** The files of the working tree a clone would hold: tracked and new files, without what git ignores. */
export function sourceFiles(): string[] {
  const r = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: repo,
    encoding: 'utf8',
  });
  if (r.status === 0) return r.stdout.split('\0').filter((f) => f && existsSync(join(repo, f)));
  const skipDirs = new Set(['.git', 'node_modules', 'dist', 'test-results', '.bench']);
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? (skipDirs.has(e.name) ? [] : walk(join(dir, e.name))) : [relative(repo, join(dir, e.name))],
    );
  return walk(repo);
}

/** The manifest both editor tests open: an SKU name not in the enum (error) and `hot` for `Hot` (warning). */
export const MANIFEST = `apiVersion: storage.cloud.example.com/v20220901
kind: StorageAccount
metadata:
  name: appstore
  namespace: default
spec:
  location: westus2
  owner:
    name: rg-app
  kind: StorageV2
  sku:
    name: Standard_XYZ
  accessTier: hot
`;
