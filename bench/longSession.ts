// The long-session workload: the way people really work, which short sessions cannot show. One 150 KB
// single-document StorageAccount (its `networkAcls.ipRules` holds 3,000 items) typed into one character
// at a time, waiting for each version's diagnostics; then a burst of changes sent back to back and a
// completion right after it; then a mapping of 50,000 keys opened. Every target is a ratio to the `yaml`
// parse floor of the same text, measured in the same run, or an absolute memory figure.
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { parseAllDocuments } from 'yaml';
import { LspSession, sleep, type ServerSpec } from './lsp';
import { API_VERSION, KIND } from './workload';

export interface LongOptions {
  /** Keystrokes of the typing session (2,000 in a full run). */
  keystrokes: number;
  /** Items of `networkAcls.ipRules` (3,000: about 150 KB). */
  ipRules: number;
  /** Changes of a burst (100). */
  burst: number;
  /** Bursts, one after the other (each with its completion and its floor). */
  bursts: number;
  /** Keys of the large mapping (50,000). */
  mappingKeys: number;
}

export const LONG_DEFAULTS: LongOptions = {
  keystrokes: 2000,
  ipRules: 3000,
  burst: 100,
  bursts: 7,
  mappingKeys: 50_000,
};

/** Line (0-based) of `    note: ` in the long document, where the keystrokes type. */
const NOTE_LINE = 8;
const NOTE_PREFIX = '    note: ';

/** A StorageAccount whose `spec.networkAcls.ipRules` holds `items` rules; typing goes into `spec.tags.note`. */
export function longDocument(items: number): string {
  const lines = [
    `apiVersion: ${API_VERSION}`,
    `kind: ${KIND}`,
    'metadata:',
    '  name: longsession',
    '  namespace: default',
    'spec:',
    '  location: westus2',
    '  tags:',
    NOTE_PREFIX,
    '  owner:',
    '    name: rg-bench',
    '  kind: StorageV2',
    '  sku:',
    '    name: Standard_LRS',
    '  accessTier: Hot',
    '  minimumTlsVersion: TLS1_2',
    '  networkAcls:',
    '    defaultAction: Deny',
    '    bypass: AzureServices',
    '    ipRules:',
  ];
  for (let i = 0; i < items; i++) {
    lines.push('      - action: Allow', `        value: 10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}/32`);
  }
  return lines.join('\n') + '\n';
}

/** Line of `  accessTier: Hot` in the long document: the completion after the burst asks for its values. */
const ACCESS_TIER_LINE = 14;

/** A StorageAccount whose `spec.tags` holds `keys` keys. */
export function largeMapping(keys: number, variant = 0): string {
  const lines = [
    `apiVersion: ${API_VERSION}`,
    `kind: ${KIND}`,
    'metadata:',
    `  name: mapping${variant}`,
    '  namespace: default',
    'spec:',
    '  location: westus2',
    '  owner:',
    '    name: rg-bench',
    '  kind: StorageV2',
    '  sku:',
    '    name: Standard_LRS',
    '  tags:',
  ];
  for (let i = 0; i < keys; i++) lines.push(`    key${variant}x${i}: value${i}`);
  return lines.join('\n') + '\n';
}

/** The k-th keystroke (1-based): one more character typed at the end of `note`. */
function keystroke(k: number): { line: number; character: number; newText: string } {
  return {
    line: NOTE_LINE,
    character: NOTE_PREFIX.length + k - 1,
    newText: 'abcdefghijklmnopqrstuvwxyz '[(k - 1) % 27],
  };
}

/**
 * The floor: `parseAllDocuments` without its quadratic duplicate-key check (`uniqueKeys`), which alone
 * takes 15 s on a 50,000-key mapping; on the other texts the option costs nothing measurable.
 */
const FLOOR_OPTIONS = { uniqueKeys: false } as const;

/** `runs` parses of `text` (the floor), after two untimed ones. */
export function floorOf(text: string, runs: number): number[] {
  for (let i = 0; i < 2; i++) parseAllDocuments(text, FLOOR_OPTIONS);
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    parseAllDocuments(text, FLOOR_OPTIONS);
    ms.push(performance.now() - t0);
  }
  return ms;
}

export interface LongResult {
  /** Size of the long document (bytes, one per character: it is ASCII). */
  textBytes: number;
  /** Floor of the long document (ms, several runs). */
  floor: number[];
  /** keystroke → its version's diagnostics (ms). */
  keystroke: number[];
  /** RSS (MB) sampled every `rssEvery` keystrokes, the first sample after the open. */
  rss: number[];
  rssEvery: number;
  /** MB per 1,000 keystrokes over the second half (least squares slope). */
  growthPer1000: number;
  rssEndMb: number;
  /** Completion sent right after each burst (ms). */
  burstCompletion: number[];
  /** The floor of the text just before each burst (ms). */
  burstFloor: number[];
  /** Diagnostics published for the document during each burst (its versions are `burst` + 1). */
  burstPublishes: number[];
  /** The last version's diagnostics after each burst, from the first change of the burst (ms). */
  burstSettled: number[];
  /** Opens of the large mapping (ms) and their floors. */
  mappingOpen: number[];
  mappingFloor: number[];
  sanity: string[];
}

/** Least-squares slope of y over x. */
function slope(xs: number[], ys: number[]): number {
  const n = xs.length;
  if (n < 2) return NaN;
  const mx = xs.reduce((a, b) => a + b, 0) / n;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  let num = 0;
  let den = 0;
  for (let i = 0; i < n; i++) {
    num += (xs[i] - mx) * (ys[i] - my);
    den += (xs[i] - mx) ** 2;
  }
  return num / den;
}

export async function longSession(
  spec: ServerSpec,
  o: LongOptions,
  dir: string,
  log: (s: string) => void,
): Promise<LongResult> {
  const uri = pathToFileURL(join(dir, 'long-session.yaml')).href;
  const text = longDocument(o.ipRules);
  const sanity: string[] = [];
  const s = new LspSession(spec);
  const publishes: number[] = [];
  try {
    await s.start();
    s.publishListeners.push((p) => {
      if (p.uri === uri) publishes.push(p.version ?? -1);
    });
    // The floor is sampled all through the session (the typed text as it is then), so that the machine's
    // drift weighs on it as on the keystrokes: five parses before, then one every `rssEvery` keystrokes.
    const floor = floorOf(text, 5);
    const opened = await s.open(uri, text);
    if (opened.diagnostics.some((d) => d.severity === 1))
      sanity.push(`long document: errors at open: ${opened.diagnostics.map((d) => d.message).join('; ')}`);

    // The typing session.
    const rssEvery = Math.max(1, Math.floor(o.keystrokes / 40));
    const rss: number[] = [s.memory().rssMb];
    const rssAt: number[] = [0];
    const ks: number[] = [];
    let current = text;
    const typedAt = text.indexOf(`\n${NOTE_PREFIX}\n`) + 1 + NOTE_PREFIX.length;
    for (let k = 1; k <= o.keystrokes; k++) {
      const e = keystroke(k);
      const r = await s.change(
        uri,
        { line: e.line, character: e.character, length: 0, newText: e.newText },
        () => true,
      );
      ks.push(r.ms);
      current = current.slice(0, typedAt + k - 1) + e.newText + current.slice(typedAt + k - 1);
      if (k % rssEvery === 0) {
        rss.push(s.memory().rssMb);
        rssAt.push(k);
        floor.push(floorOnce(current));
      }
      if (k % 500 === 0) log(`long session: ${k} keystrokes, RSS ${s.memory().rssMb.toFixed(0)} MB`);
    }
    const half = rssAt.findIndex((k) => k >= o.keystrokes / 2);
    const growthPer1000 = slope(rssAt.slice(half), rss.slice(half)) * 1000;
    const rssEndMb = s.memory().rssMb;

    // The bursts: changes back to back (each types one more character), then a completion at once; each
    // paired with the floor of the text as it is just before it (the completion parses it again).
    const burstCompletion: number[] = [];
    const burstFloor: number[] = [];
    const burstSettled: number[] = [];
    const burstPublishes: number[] = [];
    let version = o.keystrokes + 1;
    let typed = o.keystrokes;
    for (let n = 0; n < o.bursts; n++) {
      burstFloor.push(floorOnce(current));
      await sleep(200);
      const before = publishes.length;
      const t0 = performance.now();
      for (let b = 1; b <= o.burst; b++) {
        const e = keystroke(++typed);
        version++;
        current = current.slice(0, typedAt + typed - 1) + e.newText + current.slice(typedAt + typed - 1);
        void s.conn.sendNotification('textDocument/didChange', {
          textDocument: { uri, version },
          contentChanges: [
            {
              range: {
                start: { line: e.line, character: e.character },
                end: { line: e.line, character: e.character },
              },
              text: e.newText,
            },
          ],
        });
      }
      const settled = s.diagnostics(uri, (p) => p.version === version);
      const c0 = performance.now();
      const completion = await s.conn.sendRequest('textDocument/completion', {
        textDocument: { uri },
        position: { line: ACCESS_TIER_LINE, character: '  accessTier: '.length },
      });
      burstCompletion.push(performance.now() - c0);
      const labels = (
        Array.isArray(completion) ? completion : ((completion as { items?: unknown[] })?.items ?? [])
      ) as {
        label: string;
      }[];
      if (!labels.some((i) => i.label === 'Cool'))
        sanity.push(`completion after the burst did not offer Cool (${labels.length} items)`);
      const last = await settled;
      burstSettled.push(last.t - t0);
      await sleep(300);
      burstPublishes.push(publishes.length - before);
    }
    await s.close(uri);

    // The large mapping, opened under fresh names (a text never seen), each paired with its floor.
    const mappingOpen: number[] = [];
    const mappingFloor: number[] = [];
    for (let i = 0; i < 3; i++) {
      const mtext = largeMapping(o.mappingKeys, i + 1);
      mappingFloor.push(floorOnce(mtext));
      await sleep(50);
      const muri = pathToFileURL(join(dir, `mapping-${i}.yaml`)).href;
      const r = await s.open(muri, mtext);
      mappingOpen.push(r.ms);
      // Exactly one error: `tags` holds more entries than the cloud allows.
      const errors = r.diagnostics.filter((d) => d.severity === 1);
      if (errors.length !== 1 || !/['`]spec\.tags['`] has/.test(String(errors[0].message)))
        sanity.push(
          `large mapping: expected the one tag-limit error at open, got ${errors.length}: ${errors
            .slice(0, 3)
            .map((d) => d.message)
            .join('; ')}`,
        );
      await s.close(muri);
    }
    return {
      textBytes: text.length,
      floor,
      keystroke: ks,
      rss,
      rssEvery,
      growthPer1000,
      rssEndMb,
      burstCompletion,
      burstFloor,
      burstPublishes,
      burstSettled,
      mappingOpen,
      mappingFloor,
      sanity,
    };
  } finally {
    await s.stop();
  }
}

function floorOnce(text: string): number {
  const t0 = performance.now();
  parseAllDocuments(text, FLOOR_OPTIONS);
  return performance.now() - t0;
}
