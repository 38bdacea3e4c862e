// The overlay workload through our language server (bench/overlay.ts): the server started on the
// workspace (base and three overlays), its scan awaited, then the patch file of one overlay and a plain
// manifest file of as many resources opened and edited alternately, so a slow spell of the machine weighs
// on both alike; then the base edited (each edit renders the three overlays again).
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { LspSession, sleep, type ServerSpec } from './lsp';
import { overlayWorkload, patchEditAt, patchText, type OverlayWorkload } from './overlay';
import { editAt, fileWorkload } from './workload';

export interface OverlayResult {
  resources: number;
  /** open → first diagnostics: the patch file (fresh texts) and the plain file (fresh texts). */
  patchOpen: number[];
  plainOpen: number[];
  /** open → the diagnostics that hold the rendered overlay's problems too (the patch file). */
  patchOpenRendered: number[];
  patchEdit: number[];
  /** edit → the patch file's publish with the overlay's problems computed afresh (the second of its version). */
  patchEditFresh: number[];
  plainEdit: number[];
  baseEdit: number[];
  /** What the server reported, to check the numbers measure real work. */
  sanity: string[];
}

const isError = (d: Diagnostic) => d.severity === undefined || d.severity === 1;
const errorCount = (ds: Diagnostic[]) => ds.filter(isError).length;
/** A problem of the rendered overlay placed in the patch (its message names the overlay). */
const renderedCount = (ds: Diagnostic[]) =>
  ds.filter((d) => typeof d.message === 'string' && / \(in overlays\/\w+\)$/.test(d.message)).length;

export async function overlaySession(
  spec: ServerSpec,
  dir: string,
  resources: number,
  it: { warmups: number; opens: number; edits: number },
  log: (s: string) => void,
): Promise<OverlayResult> {
  const w: OverlayWorkload = overlayWorkload(dir, resources);
  const patchUri = pathToFileURL(w.patch.path).href;
  const baseUri = pathToFileURL(w.base.path).href;
  const plainUri = (name: string) => pathToFileURL(join(dir, 'plain', `${name}.yaml`)).href;
  const sanity: string[] = [];
  const r: OverlayResult = {
    resources,
    patchOpen: [],
    plainOpen: [],
    patchOpenRendered: [],
    patchEdit: [],
    patchEditFresh: [],
    plainEdit: [],
    baseEdit: [],
    sanity,
  };
  const s = new LspSession(spec);
  // A file closed goes back to its text on disk, and the server publishes again what that changes (for a
  // patch: its overlay rendered from that text): each timed open and edit starts once that is done, when
  // nothing has been published for 300 ms (bounded).
  let lastPublish = performance.now();
  s.publishListeners.push(() => (lastPublish = performance.now()));
  const settle = async () => {
    const until = performance.now() + 20_000;
    while (performance.now() - lastPublish < 300 && performance.now() < until) await sleep(50);
  };
  // A patch closed goes back to its text on disk: the server renders its overlay from it again and
  // publishes the closed file's problems (no version), maybe long after anything else: awaited.
  const closePatch = async () => {
    // (The empty publish that clears the closed document comes first: the closed file has problems.)
    const back = s.diagnostics(patchUri, (x) => x.version === undefined && x.diagnostics.length > 0, 60_000);
    await s.close(patchUri);
    await back;
  };
  try {
    await s.start(dir);
    if ((await s.indexing(5000)) === undefined) sanity.push('overlays: no workspace scan reported');
    await sleep(500);
    // Untimed: both kinds of file opened and closed once (the code paths compiled, the base rendered).
    for (let i = 0; i < it.warmups; i++) {
      await s.open(plainUri(`warmup-${i}`), fileWorkload(resources, 800 + i).text);
      await s.close(plainUri(`warmup-${i}`));
      await s.open(patchUri, patchText(resources, 'prod', 800 + i), (ds) => renderedCount(ds) > 0);
      await closePatch();
    }
    for (let i = 1; i <= it.opens; i++) {
      // Each open a text never seen before: a tag value of every patch, the names of the plain file.
      const plain = plainUri(`open-${i}`);
      await settle();
      const p = await s.open(plain, fileWorkload(resources, i).text);
      r.plainOpen.push(p.ms);
      if (errorCount(p.diagnostics) !== w.errors)
        sanity.push(`overlays: plain open ${errorCount(p.diagnostics)} errors, expected ${w.errors}`);
      await s.close(plain);
      await settle();
      const t0 = performance.now();
      // Registered before the open: the rendered problems may follow the first publish closely.
      const rendered = s.diagnostics(patchUri, (x) => x.version === 1 && renderedCount(x.diagnostics) > 0);
      const q = await s.open(patchUri, patchText(resources, 'prod', i));
      r.patchOpen.push(q.ms);
      if (errorCount(q.diagnostics) !== w.errors)
        sanity.push(`overlays: patch open ${errorCount(q.diagnostics)} errors, expected ${w.errors}`);
      const full = await rendered;
      r.patchOpenRendered.push(full.t - t0);
      if (renderedCount(full.p.diagnostics) !== w.renderedErrors)
        sanity.push(`overlays: ${renderedCount(full.p.diagnostics)} rendered problems, expected ${w.renderedErrors}`);
      await closePatch();
      await sleep(100);
    }
    log(
      `  overlays ${resources}: open plain ${r.plainOpen.map((x) => x.toFixed(0)).join(' ')} ms; patch ${r.patchOpen.map((x) => x.toFixed(0)).join(' ')} ms (rendered ${r.patchOpenRendered.map((x) => x.toFixed(0)).join(' ')})`,
    );

    // Editing: the plain file and the patch file open side by side, edited in turn; then the base alone.
    const plain = plainUri('edit');
    const plainOpen = await s.open(plain, fileWorkload(resources, 900).text);
    const patchFull = s.diagnostics(patchUri, (x) => x.version === 1 && renderedCount(x.diagnostics) > 0);
    await s.open(patchUri, w.patch.text);
    const p0 = errorCount((await patchFull).p.diagnostics);
    await settle();
    const e0 = errorCount(plainOpen.diagnostics);
    for (let k = 1; k <= it.edits; k++) {
      const a = await s.change(plain, editAt(resources, k), (ds) => errorCount(ds) === e0 + k);
      r.plainEdit.push(a.ms);
      await settle();
      // The patch was opened at version 1: this edit is version k + 1. Its first publish carries the overlay's
      // problems of the last version over; the second has them afresh (server/src/lsp/carriedRendered.ts).
      let publishes = 0;
      const t0 = performance.now();
      const fresh = s.diagnostics(patchUri, (x) => x.version === k + 1 && ++publishes === 2);
      const b = await s.change(patchUri, patchEditAt(resources, k), (ds) => errorCount(ds) === p0 + k);
      r.patchEdit.push(b.ms);
      const f = await fresh;
      r.patchEditFresh.push(f.t - t0);
      if (errorCount(f.p.diagnostics) !== p0 + k)
        sanity.push(`overlays: patch edit ${k} afresh: ${errorCount(f.p.diagnostics)} errors, expected ${p0 + k}`);
      await settle();
    }
    await s.close(plain);
    await closePatch();
    await settle();
    const base = await s.open(baseUri, w.base.text);
    await settle();
    const b0 = errorCount(base.diagnostics);
    for (let k = 1; k <= it.edits; k++) {
      const b = await s.change(baseUri, editAt(resources, k), (ds) => errorCount(ds) === b0 + k);
      r.baseEdit.push(b.ms);
      await settle();
    }
    log(
      `  overlays ${resources}: edit plain ${r.plainEdit.map((x) => x.toFixed(0)).join(' ')} ms; patch ${r.patchEdit.map((x) => x.toFixed(0)).join(' ')} ms (afresh ${r.patchEditFresh.map((x) => x.toFixed(0)).join(' ')}); base ${r.baseEdit.map((x) => x.toFixed(0)).join(' ')} ms`,
    );
    return r;
  } finally {
    await s.stop();
  }
}
