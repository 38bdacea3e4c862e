// The CRD rows of `npm run bench`: our server on a generated operator bundle (bench/crdBundle.ts: 300 CRDs × 3
// versions, ~37 MB with its descriptions) that the `crds` setting names, outside the workspace folder, as a
// user points the product at an operator's release bundle.
// - start → first diagnostics: from spawning the server to the first diagnostics of a manifest of one of
//   the bundle's kinds (opened right after `initialize`) that carry the errors its CRD states; each round a
//   fresh process. RSS at that moment.
// - then, in the last process, as a user works on a file of 50 manifests of 50 other kinds of the bundle:
//   edit → diagnostics, completion of keys and hover on a key, each at a different kind in turn (their
//   schemas were converted when the file was opened, which checks all 50), RSS at the end.
// yaml-language-server has no notion of a CRD bundle: the rows have no peer column.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { crdBundle, crdManifest } from './crdBundle';
import { LspSession, sleep, type ServerSpec } from './lsp';
import type { Row } from './report';

export interface CrdOptions {
  /** CRDs in the bundle. */
  crds: number;
  /** Fresh processes timed from start. */
  starts: number;
  edits: number;
  requests: number;
}

export const CRD_DEFAULTS: CrdOptions = { crds: 300, starts: 3, edits: 10, requests: 30 };
export const CRD_SMOKE: CrdOptions = { crds: 30, starts: 1, edits: 2, requests: 5 };

/** Manifests of the editing file; their kinds are `Kind<firstKind + i>`, none of them the start's kind. */
const MANIFESTS = 50;
const START_KIND = 7;
const firstKind = (o: CrdOptions) => Math.min(100, Math.floor(o.crds / 3));
/**
 * Manifest `i` of the editing file, of kind `Kind<n>`, clean: its CRD's keys `spec.f0.f1.f2`/`f3`, then a
 * blank line in `f1` (where completion is asked). Line 6 is `    f1:` (hover, and the edit that renames it).
 */
const editingManifest = (n: number, i: number): string =>
  `---\napiVersion: gen.example.io/v1\nkind: Kind${n}\nmetadata: {name: m${i}}\nspec:\n  f0:\n    f1:\n      f2: ok\n      f3: ok\n      \n`;
const LINES = 10;
const F1_LINE = 6;
const BLANK_LINE = 9;

/** The editing file: `MANIFESTS` manifests of kinds `Kind<first>` … (fewer when the bundle is small). */
function editingFile(o: CrdOptions): { text: string; kinds: number } {
  const kinds = Math.min(MANIFESTS, o.crds - firstKind(o));
  const text = Array.from({ length: kinds }, (_, i) => editingManifest(firstKind(o) + i, i)).join('');
  return { text, kinds };
}

/** Our server with the `crds` setting naming the bundle. */
const withBundle = (spec: ServerSpec, bundle: string): ServerSpec => ({
  ...spec,
  configuration: (section) =>
    section === 'cloudManifests' ? { crds: [bundle], cache: false } : spec.configuration(section),
});

/** Both errors the CRD states (`f2` must be a string, `bogus` is no field): the kind is known. */
const hasCrdErrors = (ds: Diagnostic[]) =>
  ds.some((d) => d.code === 'wrong-type') && ds.some((d) => d.code === 'unknown-field');
const errorCount = (ds: Diagnostic[]) => ds.filter((d) => d.severity === 1).length;

export interface CrdResult {
  bundleMb: number;
  start: number[];
  startRssMb: number[];
  edit: number[];
  completion: number[];
  hover: number[];
  rssEndMb: number;
  sanity: string[];
}

export async function crdSession(
  spec: ServerSpec,
  o: CrdOptions,
  dir: string,
  log: (s: string) => void,
): Promise<CrdResult> {
  const bundleDir = join(dir, 'operator-release');
  const wsDir = join(dir, 'crd-workspace');
  mkdirSync(bundleDir, { recursive: true });
  mkdirSync(wsDir, { recursive: true });
  const bundlePath = join(bundleDir, 'crds.yaml');
  const bundle = crdBundle(o.crds);
  writeFileSync(bundlePath, bundle);
  const server = withBundle(spec, bundlePath);
  const uri = (name: string) => pathToFileURL(join(wsDir, `${name}.yaml`)).href;
  const r: CrdResult = {
    bundleMb: bundle.length / 1e6,
    start: [],
    startRssMb: [],
    edit: [],
    completion: [],
    hover: [],
    rssEndMb: 0,
    sanity: [],
  };
  for (let round = 0; round < o.starts; round++) {
    const t0 = performance.now();
    const s = new LspSession(server);
    const last = round === o.starts - 1;
    try {
      await s.start(wsDir);
      await s.open(uri(`start-${round}`), crdManifest(START_KIND, `s${round}`), hasCrdErrors);
      r.start.push(performance.now() - t0);
      r.startRssMb.push(s.memory().rssMb);
      if (last) await editing(s, o, uri('editing'), r);
    } finally {
      await s.stop();
    }
  }
  log(
    `crds (${o.crds} CRDs, ${r.bundleMb.toFixed(1)} MB): start → diagnostics ${r.start.map((x) => x.toFixed(0)).join(' ')} ms, RSS ${r.startRssMb.map((x) => x.toFixed(0)).join(' ')} MB; edit ${r.edit.map((x) => x.toFixed(0)).join(' ')} ms; RSS at the end ${r.rssEndMb.toFixed(0)} MB`,
  );
  return r;
}

/** The editing session on 50 manifests of 50 kinds: edits, completion and hover, each on the next kind. */
async function editing(s: LspSession, o: CrdOptions, doc: string, r: CrdResult): Promise<void> {
  const { text, kinds } = editingFile(o);
  const opened = await s.open(doc, text);
  const e0 = errorCount(opened.diagnostics);
  if (e0 !== 0) r.sanity.push(`crds: ${e0} errors at open of the editing file, expected none`);
  const line = (k: number, at: number) => (k % kinds) * LINES + at;
  await sleep(50);
  for (let k = 1; k <= o.edits; k++) {
    // Manifest k's `f1` renamed `f7`, a key its kind does not have: one more error each time.
    const e = await s.change(doc, { line: line(k, F1_LINE), character: 5, length: 1, newText: '7' }, (ds) => {
      return errorCount(ds) === e0 + k;
    });
    r.edit.push(e.ms);
    await sleep(20);
  }
  const requests = Array.from({ length: o.requests }, (_, i) => o.edits + 1 + i);
  // Completion of the keys of `spec.f0.f1` on its blank line: the three it lacks.
  let labels: string[] = [];
  const complete = (k: number) =>
    s.request<{ items?: { label: string }[] } | { label: string }[] | null>('textDocument/completion', {
      textDocument: { uri: doc },
      position: { line: line(k, BLANK_LINE), character: 6 },
    });
  await complete(requests[0]);
  for (const k of requests) {
    const c = await complete(k);
    r.completion.push(c.ms);
    const items = Array.isArray(c.result) ? c.result : (c.result?.items ?? []);
    labels = items.map((i) => i.label);
  }
  if (!labels.includes('f4')) r.sanity.push(`crds: completion did not offer f4 (${labels.join(', ')})`);
  let hoverText = '';
  const hover = (k: number) =>
    s.request<{ contents: { value: string } } | null>('textDocument/hover', {
      textDocument: { uri: doc },
      position: { line: line(k, F1_LINE), character: 5 },
    });
  await hover(requests[0]);
  for (const k of requests) {
    const h = await hover(k);
    r.hover.push(h.ms);
    hoverText = h.result?.contents.value ?? '';
  }
  if (!hoverText.includes('A long description')) r.sanity.push(`crds: hover without the description: ${hoverText}`);
  r.rssEndMb = s.memory().rssMb;
}

const fmt = (n: number) => n.toLocaleString('en-US');

/** The rows, targets as the issue states them (start ≤ 2 s, RSS ≤ 300 MB) and as for built-in kinds. */
export function crdRows(r: CrdResult, o: CrdOptions): Row[] {
  const bundle = `${fmt(o.crds)} CRDs × 3 versions (${r.bundleMb.toFixed(0)} MB) named by \`crds\``;
  const editing = `${bundle}; ${fmt(Math.min(MANIFESTS, o.crds - firstKind(o)))} manifests of as many kinds in one file`;
  return [
    {
      measure: 'CRD bundle: start → first diagnostics of a manifest of its kinds',
      workload: bundle,
      unit: 'ms',
      ours: r.start,
      peerNa: 'n/a (no CRD bundle)',
      target: { text: '≤ 2,000 ms', check: (s) => (s.ours ? s.ours.median <= 2000 : undefined) },
    },
    {
      measure: 'CRD bundle: RSS at those first diagnostics',
      workload: bundle,
      unit: 'MB',
      ours: r.startRssMb,
      peerNa: 'n/a',
      target: { text: '≤ 300 MB', check: (s) => (s.ours ? s.ours.median <= 300 : undefined) },
    },
    {
      measure: 'CRD kinds: edit → diagnostics',
      workload: editing,
      unit: 'ms',
      ours: r.edit,
      peerNa: 'n/a',
      target: { text: '< 100 ms', check: (s) => (s.ours ? s.ours.median < 100 : undefined) },
    },
    {
      measure: 'CRD kinds: completion (a kind each time)',
      workload: editing,
      unit: 'ms',
      ours: r.completion,
      peerNa: 'n/a',
      target: { text: 'p95 < 10 ms', check: (s) => (s.ours ? s.ours.p95 < 10 : undefined) },
    },
    {
      measure: 'CRD kinds: hover (a kind each time)',
      workload: editing,
      unit: 'ms',
      ours: r.hover,
      peerNa: 'n/a',
      target: { text: 'p95 < 10 ms', check: (s) => (s.ours ? s.ours.p95 < 10 : undefined) },
    },
    {
      measure: 'CRD bundle: RSS after the editing session',
      workload: editing,
      unit: 'MB',
      ours: [r.rssEndMb],
      peerNa: 'n/a',
      target: { text: '≤ 300 MB', check: (s) => (s.ours ? s.ours.median <= 300 : undefined) },
    },
  ];
}

/** The methodology note of the rows (BENCHMARKS.md). */
export const crdMethodology = (o: CrdOptions): string =>
  `CRD bundle (\`bench/crdWorkload.ts\`, our server alone): ${fmt(o.crds)} generated CRDs of 3 served versions each (a \`spec\` four levels deep, five keys per level, every node with a 90-character description), one file outside the workspace folder named by the \`crds\` setting. Start: from spawning the server (${o.starts} fresh processes) to the first \`publishDiagnostics\` of a manifest of one of its kinds, opened right after \`initialize\`, that holds the two errors its CRD states (a number where a string is wanted, an unknown key); RSS then. Editing, in the last process: a file of 50 manifests of 50 other kinds opened (clean); ${o.edits} edits, each renaming \`f1\` of the next manifest to \`f7\`, a key its kind does not have (timed to the diagnostics with one more error); ${o.requests} completions of the keys of \`spec.f0.f1\` and ${o.requests} hovers on \`f1\`, each on the next manifest's kind (after one untimed request of each; the open of the file has converted the schemas of all 50 kinds).`;
