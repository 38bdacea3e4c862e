// VS Code for the web (vscodeWeb.ts) opened in headless Chromium, for the browser's tests and benches
// (test/web/, bench/hostileWeb.ts), and the language server's Web Worker found in it to read its JS heap.
//
// The server's worker is nested: the workbench page holds the extension host's iframe, whose Web Worker
// (the extension host) starts ours (client/src/web/extension.ts). Playwright lists the page's own workers
// only, so the heap is read through the Chrome DevTools Protocol: a session of our own on the page,
// auto-attaching to its workers and, through each, to theirs (`Target.setAutoAttach`, not flattened: each
// worker's messages travel inside its parent's), then `Runtime.getHeapUsage` of each worker's isolate.
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { join } from 'node:path';
import { launchChromium } from '../code-server/codeServer';
import { serveWorkbench, type WebWorkbench } from './vscodeWeb';

export interface WebSession {
  wb: WebWorkbench;
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

/** Serves `folder` with `extension` (an unpacked .vsix) and opens it in headless Chromium, files listed. */
export async function openWebWorkbench(options: {
  extension: string;
  folder: string;
  /** Chromium's profile folder (fresh for each session). */
  profile: string;
  timeoutMs?: number;
}): Promise<WebSession> {
  const wb = await serveWorkbench({ extension: options.extension, folder: options.folder });
  const { context, page } = await launchChromium(options.profile);
  const close = async () => {
    await context.close().catch(() => undefined);
    await wb.stop();
  };
  try {
    await page.goto(wb.url);
    await page.locator('.monaco-workbench').waitFor({ timeout: options.timeoutMs ?? 60_000 });
    await page
      .locator('.explorer-folders-view .monaco-list-row')
      .first()
      .waitFor({ timeout: options.timeoutMs ?? 60_000 });
  } catch (e) {
    await close();
    throw e;
  }
  return { wb, context, page, close };
}

/**
 * Opens a workspace file from the Explorer, its folders expanded on the way, pinned (double-click: a preview
 * tab would be replaced, its document closed, by the next file opened). The web workbench's Quick Open finds
 * files only once its file search has indexed the folder, which a hostile workspace delays.
 */
export async function openFromExplorer(page: Page, rel: string): Promise<void> {
  const parts = rel.split('/');
  const rows = page.locator('.explorer-folders-view .monaco-list-row');
  for (let i = 0; i < parts.length; i++) {
    const row = rows
      .filter({
        has: page.locator('.label-name', {
          hasText: new RegExp(`^${parts[i].replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
        }),
      })
      .and(page.locator(`[aria-level="${i + 1}"]`))
      .first();
    await row.scrollIntoViewIfNeeded();
    if (i < parts.length - 1) {
      if ((await row.getAttribute('aria-expanded')) !== 'true') await row.click();
    } else await row.dblclick();
  }
  const name = parts[parts.length - 1];
  await page.locator('.tabs-container .tab.active', { hasText: name }).waitFor();
}

/** A worker found below the page: its script's address and the path of sessions that reach it. */
interface WorkerTarget {
  url: string;
  /** Its name, when it has one. */
  title: string;
  /** Session ids from the page's session down to the worker's own. */
  path: string[];
}

interface TargetInfo {
  type: string;
  url: string;
  /** A dedicated worker's name (ours: `<extension host's name> -> <dist/ address>`). */
  title?: string;
}

/**
 * The page's workers and their workers, each asked for its JS heap. `heaps()` answers the used heap (bytes) of
 * every worker whose address matches `match` (the language server: dist/web/server.js).
 */
export class WorkerHeaps {
  private readonly workers = new Map<string, WorkerTarget>();
  private next = 1;
  private readonly pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();

  private constructor(private readonly cdp: CDPSession) {}

  static async attach(page: Page): Promise<WorkerHeaps> {
    const cdp = await page.context().newCDPSession(page);
    const h = new WorkerHeaps(cdp);
    cdp.on('Target.attachedToTarget', (e) => h.attached([], e as never));
    cdp.on('Target.detachedFromTarget', (e) => h.detached((e as { sessionId: string }).sessionId));
    cdp.on('Target.receivedMessageFromTarget', (e) => h.received([], e as never));
    await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: false });
    return h;
  }

  /** The workers found so far (address and name). */
  found(): string[] {
    return [...this.workers.values()].map((w) => `${w.url} (${w.title})`);
  }

  /** The used JS heap of each worker whose address matches, in bytes (a worker gone meanwhile: left out). */
  async heaps(match: RegExp): Promise<{ url: string; used: number; total: number }[]> {
    const out: { url: string; used: number; total: number }[] = [];
    for (const w of [...this.workers.values()].filter((x) => match.test(x.url) || match.test(x.title))) {
      const r = (await this.call(w.path, 'Runtime.getHeapUsage', {}, 10_000).catch(() => undefined)) as
        { usedSize: number; totalSize: number } | undefined;
      if (r) out.push({ url: w.url, used: r.usedSize, total: r.totalSize });
    }
    return out;
  }

  async dispose(): Promise<void> {
    await this.cdp.detach().catch(() => undefined);
  }

  private attached(path: string[], e: { sessionId: string; targetInfo: TargetInfo }): void {
    if (!/worker/.test(e.targetInfo.type)) return;
    const at = [...path, e.sessionId];
    this.workers.set(e.sessionId, { url: e.targetInfo.url, title: e.targetInfo.title ?? '', path: at });
    // Its own workers (the extension host's: the language server), reported inside its messages.
    void this.call(at, 'Target.setAutoAttach', {
      autoAttach: true,
      waitForDebuggerOnStart: false,
      flatten: false,
    }).catch(() => undefined);
  }

  private detached(sessionId: string): void {
    for (const [id, w] of this.workers) if (w.path.includes(sessionId)) this.workers.delete(id);
  }

  /** A message from the worker at the end of `path` (a response, or an event such as a nested attach). */
  private received(path: string[], e: { sessionId: string; message: string }): void {
    const at = [...path, e.sessionId];
    const m = JSON.parse(e.message) as {
      id?: number;
      result?: unknown;
      error?: { message: string };
      method?: string;
      params?: unknown;
    };
    if (m.id !== undefined) {
      const p = this.pending.get(m.id);
      this.pending.delete(m.id);
      if (m.error) p?.reject(new Error(m.error.message));
      else p?.resolve(m.result);
    } else if (m.method === 'Target.attachedToTarget') this.attached(at, m.params as never);
    else if (m.method === 'Target.detachedFromTarget') this.detached((m.params as { sessionId: string }).sessionId);
    else if (m.method === 'Target.receivedMessageFromTarget') this.received(at, m.params as never);
  }

  /** Sends `method` to the target at the end of `path`, each level wrapping it in `Target.sendMessageToTarget`. */
  private call(path: string[], method: string, params: unknown, timeoutMs = 30_000): Promise<unknown> {
    const id = this.next++;
    let message = JSON.stringify({ id, method, params });
    // Innermost first: the message for the last session, wrapped for each parent above it.
    for (let i = path.length - 1; i >= 1; i--)
      message = JSON.stringify({
        id: this.next++,
        method: 'Target.sendMessageToTarget',
        params: { sessionId: path[i], message },
      });
    const answer = new Promise<unknown>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      setTimeout(() => {
        if (this.pending.delete(id)) reject(new Error(`${method}: no answer in ${timeoutMs} ms`));
      }, timeoutMs).unref();
    });
    void this.cdp.send('Target.sendMessageToTarget', { sessionId: path[0], message }).catch((e: Error) => {
      const p = this.pending.get(id);
      this.pending.delete(id);
      p?.reject(e);
    });
    return answer;
  }
}

/**
 * The language server's worker: its script (dist/web/server.js), or its name (the extension's dist/ address,
 * client/src/web/extension.ts) when the extension host started it from a `blob:` script.
 */
export const SERVER_WORKER = /\/dist\/web\/server\.js|-> \S*\/dist\/?$/;

/** The server's analysis worker (server/src/web/analysisWorker.ts: ANALYSIS_WORKER_NAME). */
export const ANALYSIS_WORKER = /^cloud-manifests-analysis$/;

/** Where a session's Chromium profile goes under `root`. */
export const profileIn = (root: string, name: string): string => join(root, `chromium-${name}`);
