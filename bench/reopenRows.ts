// The editor's reopen of the CI rows' workspace with the facts cache warm (issue 48, lsp/scanCache.ts): in
// each round, our server started on the workspace with the cache off (the cold scan), then with an empty
// cache folder (the scan fills it), then again (the cache warm: the reopen). Each is timed from
// `initialized` to the last diagnostics published (nonempty), after the scan's end and 2 s of quiet, as the
// workspace rows' "all diagnostics" time it (measure.ts indexSession). The warm reopen's diagnostics of every
// file are compared with the cold scan's (a sanity problem otherwise).
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { SERVER_ENV } from '../server/src/protocol/launch';
import { LspSession, type ServerSpec } from './lsp';
import { ourSpec } from './measure';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface ReopenRound {
  cold: number;
  filling: number;
  warm: number;
  /** The server's CPU time (user and system) by the end of each: less moved by a busy machine than wall time. */
  cpu: { cold: number; filling: number; warm: number };
  /** The files whose facts the reopen read from the cache, of those it looked up (its log line). */
  hits?: string;
}

/** A process's CPU time so far (user and system, ms), from /proc; NaN where there is none. */
function cpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime are fields 14 and 15 of the line (11 and 12 after the command's name), in clock ticks.
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return NaN;
  }
}

/** Our server with the cache on or off, its default folder (the workspace holds no package.json) `cacheHome`. */
function spec(cache: boolean, cacheHome: string, nodeArgs: string[]): ServerSpec {
  const base = ourSpec(nodeArgs);
  return {
    ...base,
    // One thread, as the server runs by default.
    env: { ...SERVER_ENV, XDG_CACHE_HOME: cacheHome, CLOUD_MANIFESTS_WORKERS: '0' },
    configuration: (section) => (section === 'cloudManifests' ? { cache } : null),
  };
}

/** One start of the server on `dir`: the time to its last nonempty publish, and each file's last diagnostics. */
async function session(
  s: ServerSpec,
  dir: string,
): Promise<{ ms: number; cpu: number; hits?: string; published: Map<string, string> }> {
  const lsp = new LspSession(s);
  const published = new Map<string, string>();
  let hits: string | undefined;
  lsp.conn.onNotification('window/logMessage', (p: { message?: string }) => {
    const m = /the facts of (\d+ of \d+) files read from the cache/.exec(p.message ?? '');
    if (m) hits = m[1];
  });
  let last = 0;
  lsp.publishListeners.push((p) => {
    published.set(p.uri, JSON.stringify(p.diagnostics));
    if (p.diagnostics.length === 0) return;
    last = performance.now();
  });
  try {
    await lsp.start(dir);
    const r = await lsp.indexing(10_000);
    const until = performance.now() + 120_000;
    while (performance.now() < until && performance.now() - Math.max(last, r ? r.ms + lsp.initializedAt : 0) < 2000)
      await sleep(50);
    return { ms: last - lsp.initializedAt, cpu: cpuMs(lsp.pid), hits, published };
  } finally {
    await lsp.stop();
  }
}

/** A round: cold, filling, warm (see the top); `sanity` gets what differs from the cold scan. */
export async function reopenRound(
  tmp: string,
  dir: string,
  sanity: string[],
  round: number,
  nodeArgs: string[] = [],
): Promise<ReopenRound> {
  const home = mkdtempSync(join(tmp, 'editor-cache-'));
  try {
    const cold = await session(spec(false, home, nodeArgs), dir);
    const filling = await session(spec(true, home, nodeArgs), dir);
    // The pack the reopen reads: written once the diagnostics were published (or at shutdown).
    const folder = join(home, 'cloud-manifests');
    const written = readdirSync(home).includes('cloud-manifests') ? readdirSync(folder).length : 0;
    if (written === 0) sanity.push(`editor reopen, round ${round}: the first start wrote nothing into its cache`);
    const warm = await session(spec(true, home, nodeArgs), dir);
    for (const [name, run] of [
      ['filling', filling],
      ['warm', warm],
    ] as const) {
      const differ = [...cold.published].filter(([uri, d]) => run.published.get(uri) !== d).length;
      if (differ > 0 || run.published.size !== cold.published.size)
        sanity.push(
          `editor reopen, round ${round}: the ${name} scan's diagnostics differ from the cold scan's in ${differ} files (${run.published.size} published, ${cold.published.size} cold)`,
        );
    }
    if (cold.published.size === 0) sanity.push(`editor reopen, round ${round}: nothing published`);
    return {
      cold: cold.ms,
      filling: filling.ms,
      warm: warm.ms,
      cpu: { cold: cold.cpu, filling: filling.cpu, warm: warm.cpu },
      hits: warm.hits,
    };
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}
