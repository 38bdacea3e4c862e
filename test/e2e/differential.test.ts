// Differential test of long sessions: a long-lived server is driven through random edits, documents opened
// and closed, and files written and deleted on disk; a fresh server is then started on the same final state
// (the files on disk, the same documents open with the same text). Both must publish the same diagnostics
// for every file and give the same owner graph: what the long-lived server shows must be a function of
// the workspace's content only, whatever happened before. In CI: a fixed seed and a few dozen steps;
// longer on demand: CM_DIFF_STEPS=400 CM_DIFF_ROUNDS=5 CM_DIFF_SEED=7 node scripts/run-tests.mjs differential
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from 'node:test';
import type { Diagnostic } from 'vscode-languageserver-protocol/node';
import { OWNER_GRAPH } from '../../server/src/protocol/customRequests';
import { account, blobService, docs, fileService, rg, share } from '../workspace/helpers';
import { WorkspaceClient } from './workspaceClient';
import { random } from '../helpers/random';

const STEPS = Number(process.env.CM_DIFF_STEPS ?? 30);
const ROUNDS = Number(process.env.CM_DIFF_ROUNDS ?? 1);
const SEED = Number(process.env.CM_DIFF_SEED ?? 1);

const LFS = '  largeFileSharesState: Enabled\n';
/** Contents a file may take: names defined twice, owners across files, a share whose quota needs the account's setting. */
const CONTENTS = [
  rg('rg'),
  account('appstore', 'rg'),
  account('appstore', 'rg', LFS),
  docs(account('appstore', 'rg'), fileService('appstore-file', 'appstore')),
  docs(account('appstore', 'rg', LFS), fileService('appstore-file', 'appstore')),
  fileService('appstore-file', 'appstore'),
  share('docs', 'appstore-file', '  shareQuota: 10240\n'),
  docs(fileService('appstore-file', 'appstore'), share('docs', 'appstore-file', '  shareQuota: 10240\n')),
  blobService('appstore-blob', 'appstore'),
  blobService('appstore-blob', 'otherstore'),
  account('otherstore', 'rg-missing'),
  docs(rg('rg'), account('otherstore', 'rg')),
  'apiVersion: storage.cloud.example.com/v20220901\nkind: StorageAccount\nmetadata:\n  name: broken\nspec:\n  owner: {name: rg\n',
  '# not a manifest\nfoo: bar\n',
];
const FILES = ['a/one.yaml', 'a/two.yaml', 'b/one.yaml', 'b/three.yaml', 'c/share.yaml', 'c/more.yaml'];

type Published = Record<string, string[]>;

/** Waits until the server has published nothing for a while (file events are read asynchronously). */
async function quiet(client: WorkspaceClient, ms = 400, maxMs = 15_000): Promise<void> {
  const until = Date.now() + maxMs;
  // A request answered after every message sent so far.
  await client.request('workspace/symbol', { query: '' });
  const asked = Date.now();
  while (Date.now() < until) {
    const since = Date.now() - Math.max(asked, client.lastPublishAt);
    if (since >= ms) return;
    await new Promise((r) => setTimeout(r, ms - since));
  }
}

const show = (d: Diagnostic) =>
  `${d.range.start.line}:${d.range.start.character}-${d.range.end.line}:${d.range.end.character} ${d.severity} ${d.code} ${d.message}`;

function publishedOf(client: WorkspaceClient, root: string): Published {
  const out: Published = {};
  for (const [uri, p] of client.published()) {
    if (p.diagnostics.length === 0) continue;
    out[uri.slice(pathToFileURL(root).href.length + 1)] = p.diagnostics.map(show).sort();
  }
  return out;
}

interface GraphNode {
  id: string;
  ownerId?: string;
  kind: string;
  name: string;
}
async function graphOf(client: WorkspaceClient, root: string): Promise<string[]> {
  const r = await client.request<{ nodes: GraphNode[] }>(OWNER_GRAPH, {});
  const rel = (id?: string) => id?.replace(pathToFileURL(root).href + '/', '');
  return r.nodes.map((n) => `${rel(n.id)} ${n.kind} ${n.name} → ${rel(n.ownerId) ?? '-'}`).sort();
}

async function round(seed: number): Promise<void> {
  const rnd = random(seed);
  const root = mkdtempSync(join(tmpdir(), 'cm-diff-'));
  const path = (rel: string) => join(root, rel);
  const uri = (rel: string) => pathToFileURL(path(rel)).href;
  const write = (rel: string, text: string) => {
    mkdirSync(dirname(path(rel)), { recursive: true });
    writeFileSync(path(rel), text);
  };
  for (const f of FILES) if (rnd.next() < 0.7) write(f, rnd.pick(CONTENTS));
  const open = new Map<string, { text: string; version: number }>();
  const log: string[] = [];
  const long = new WorkspaceClient({ rootDir: root });
  let fresh: WorkspaceClient | undefined;
  try {
    await long.initialize();
    await long.waitForScans(1);
    for (let step = 0; step < STEPS; step++) {
      const f = rnd.pick(FILES);
      const op = rnd.int(6);
      if (op === 0) {
        const existed = existsSync(path(f));
        write(f, rnd.pick(CONTENTS));
        log.push(`write ${f}`);
        await long.filesChanged({ uri: uri(f), type: existed ? 2 : 1 });
      } else if (op === 1 && existsSync(path(f))) {
        unlinkSync(path(f));
        log.push(`delete ${f}`);
        await long.filesChanged({ uri: uri(f), type: 3 });
      } else if (op === 2 && !open.has(f)) {
        const text = existsSync(path(f)) ? readFileSync(path(f), 'utf8') : rnd.pick(CONTENTS);
        open.set(f, { text, version: 1 });
        log.push(`open ${f}`);
        await long.conn.sendNotification('textDocument/didOpen', {
          textDocument: { uri: uri(f), languageId: 'yaml', version: 1, text },
        });
      } else if (op === 3 && open.has(f)) {
        open.delete(f);
        log.push(`close ${f}`);
        await long.close(uri(f));
      } else if (open.has(f)) {
        // Edits: a whole new text, or a burst of keystrokes appending a comment.
        const doc = open.get(f)!;
        if (rnd.next() < 0.5) {
          doc.text = rnd.pick(CONTENTS);
          doc.version++;
          log.push(`replace ${f}`);
          await long.conn.sendNotification('textDocument/didChange', {
            textDocument: { uri: uri(f), version: doc.version },
            contentChanges: [{ text: doc.text }],
          });
        } else {
          const n = 1 + rnd.int(8);
          log.push(`type ${n} in ${f}`);
          for (let k = 0; k < n; k++) {
            const lines = doc.text.split('\n');
            const line = lines.length - 1;
            const ch = k === 0 ? '#' : 'x';
            doc.text += ch;
            doc.version++;
            const at = { line, character: lines[line].length };
            await long.conn.sendNotification('textDocument/didChange', {
              textDocument: { uri: uri(f), version: doc.version },
              contentChanges: [{ range: { start: at, end: at }, text: ch }],
            });
          }
        }
      }
      // Sometimes let the server catch up, sometimes not.
      if (rnd.next() < 0.3) await quiet(long, 100);
    }
    await quiet(long);
    const longPublished = publishedOf(long, root);
    const longGraph = await graphOf(long, root);

    fresh = new WorkspaceClient({ rootDir: root });
    await fresh.initialize();
    await fresh.waitForScans(1);
    for (const [f, d] of open)
      await fresh.conn.sendNotification('textDocument/didOpen', {
        textDocument: { uri: uri(f), languageId: 'yaml', version: 1, text: d.text },
      });
    await quiet(fresh);
    const state = (text: string) => {
      const i = CONTENTS.indexOf(text);
      if (i >= 0) return `content ${i}`;
      const typed = CONTENTS.findIndex((c) => text.startsWith(c));
      return typed >= 0
        ? `content ${typed} + ${JSON.stringify(text.slice(CONTENTS[typed].length))}`
        : JSON.stringify(text);
    };
    const finalState = [
      ...FILES.filter((f) => existsSync(path(f))).map((f) => `disk ${f}: ${state(readFileSync(path(f), 'utf8'))}`),
      ...[...open].map(([f, d]) => `open ${f}: ${state(d.text)}`),
    ];
    const context = `seed ${seed}, steps:\n${log.join('\n')}\nfinal state:\n${finalState.join('\n')}`;
    assert.deepEqual(longPublished, publishedOf(fresh, root), `diagnostics differ (${context})`);
    assert.deepEqual(longGraph, await graphOf(fresh, root), `owner graphs differ (${context})`);
  } finally {
    await long.stop();
    await fresh?.stop();
    rmSync(root, { recursive: true, force: true });
  }
}

test(
  `a long-lived server and a fresh one on the same final state agree (${ROUNDS} × ${STEPS} random steps, seed ${SEED})`,
  { timeout: 600_000 },
  async () => {
    for (let r = 0; r < ROUNDS; r++) await round(SEED + r);
  },
);
