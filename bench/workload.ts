// Workload generator: 16-line StorageAccount manifests (every 10th with one error), in one file or
// spread over a workspace of many files. Everything the bench needs to locate edits, completions and
// hovers is computed here, so the LSP driver treats the text as opaque.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const API_VERSION = 'storage.cloud.example.com/v20220901';
export const KIND = 'StorageAccount';
/** Per-kind schema the peer is fed for the single-kind workloads (relative to the repo). */
export const PEER_SCHEMA = join('schemas', 'storage', 'v20220901', 'StorageAccount.json');

/** Lines of one resource, `---` included. */
export const RESOURCE_LINES = 16;
/** Line (within a resource) of `  minimumTlsVersion: …`, the one that carries the error. */
export const TLS_LINE = 14;
/** Line (within a resource) of `  accessTier: Hot`: completion of its value. */
export const ACCESS_TIER_LINE = 13;
/** Line (within a resource) of `  minimumTlsVersion`: hover on its key. */
export const HOVER_LINE = TLS_LINE;

export const GOOD_TLS = 'TLS1_2';
export const BAD_TLS = 'TLS1_9';
export const TLS_PREFIX = '  minimumTlsVersion: ';

/** True when resource `i` (0-based) is generated with its error: every 10th one. */
export const hasError = (i: number): boolean => i % 10 === 9;

/**
 * Resource `i`; `variant` changes its name, so that every open of a workload is a text no server has
 * seen (our server caches parses by content: re-opening the same text would measure the cache).
 */
export function resource(i: number, variant = 0, owner = 'rg-bench'): string {
  const n = String(i + 1).padStart(5, '0') + (variant ? `v${variant}` : '');
  return [
    '---',
    `apiVersion: ${API_VERSION}`,
    `kind: ${KIND}`,
    'metadata:',
    `  name: store${n}`,
    '  namespace: default',
    'spec:',
    '  location: westus2',
    '  owner:',
    `    name: ${owner}`,
    '  kind: StorageV2',
    '  sku:',
    '    name: Standard_LRS',
    '  accessTier: Hot',
    `${TLS_PREFIX}${hasError(i) ? BAD_TLS : GOOD_TLS}`,
    '  supportsHttpsTrafficOnly: true',
  ].join('\n');
}

export interface FileWorkload {
  resources: number;
  text: string;
  lines: number;
  /** Errors the generator put in. */
  errors: number;
  /** The generator, edits and positions of a workload that is not this file's StorageAccounts (families.ts). */
  family?: Family;
}

type Position = { line: number; character: number };

/**
 * A kind of single-file workload (families.ts holds them): declared here beside the file it makes, so that
 * families.ts builds on this file and this file needs nothing of it (no import circle).
 */
export interface Family {
  /** Short name for the table: `StorageAccount`, `PrometheusRuleGroup (PromQL)`, … */
  name: string;
  /** The peer's schema for this kind, relative to the repository. */
  schema: string;
  make(resources: number, variant?: number): FileWorkload;
  /** The k-th edit (1, 2, …): one more error in a clean resource in the middle of the file. */
  edit(resources: number, k: number): { line: number; character: number; length: number; newText: string };
  /** Positions deep in the file: a value completion that must offer `completionLabel`, a key hover. */
  positions(resources: number, count: number): { completion: Position[]; hover: Position[] };
  completionLabel: string;
}

export function fileWorkload(resources: number, variant = 0): FileWorkload {
  const parts: string[] = [];
  for (let i = 0; i < resources; i++) parts.push(resource(i, variant));
  const text = parts.join('\n') + '\n';
  let errors = 0;
  for (let i = 0; i < resources; i++) if (hasError(i)) errors++;
  return { resources, text, lines: resources * RESOURCE_LINES, errors };
}

/**
 * The k-th edit (k = 1, 2, …): breaks `minimumTlsVersion` of a clean resource in the middle of the
 * file, a different one each time, so every edit adds exactly one error and the diagnostics of the new
 * version are told apart from any earlier ones by their count.
 */
export function editAt(
  resources: number,
  k: number,
  layout: { linesPer: number; tlsLine: number; noun: string } = {
    linesPer: RESOURCE_LINES,
    tlsLine: TLS_LINE,
    noun: 'resource',
  },
): { line: number; character: number; length: number; newText: string } {
  const mid = Math.floor(resources / 2);
  let i = mid;
  for (let seen = 0; ; i++) {
    if (!hasError(i)) seen++;
    if (seen === k) break;
  }
  if (i >= resources) throw new Error(`edit ${k} runs off the end of a ${resources}-${layout.noun} file`);
  return {
    line: i * layout.linesPer + layout.tlsLine,
    character: TLS_PREFIX.length,
    length: GOOD_TLS.length,
    newText: BAD_TLS,
  };
}

/** Positions deep in the file (the last `count` resources) for completion and hover. */
export function deepPositions(
  resources: number,
  count: number,
): { completion: { line: number; character: number }[]; hover: { line: number; character: number }[] } {
  const completion: { line: number; character: number }[] = [];
  const hover: { line: number; character: number }[] = [];
  for (let j = 0; j < count; j++) {
    const i = resources - 1 - (j % Math.min(resources, 50));
    // `  accessTier: |Hot`: the value's completions (the enum).
    completion.push({ line: i * RESOURCE_LINES + ACCESS_TIER_LINE, character: '  accessTier: '.length });
    // `  minimum|TlsVersion`: the key's documentation.
    hover.push({ line: i * RESOURCE_LINES + HOVER_LINE, character: 9 });
  }
  return { completion, hover };
}

export interface WorkspaceWorkload {
  dir: string;
  files: string[];
  manifests: number;
  /** All files' text, in order, for the parse floor. */
  texts: string[];
}

/**
 * A workspace of `manifests` manifests in `files` files under `dir`: the first manifest is the
 * ResourceGroup that owns every StorageAccount, so owner references resolve inside the workspace.
 */
export function workspaceWorkload(dir: string, manifests: number, files: number): WorkspaceWorkload {
  mkdirSync(dir, { recursive: true });
  const per = Math.ceil(manifests / files);
  const paths: string[] = [];
  const texts: string[] = [];
  let made = 0;
  for (let f = 0; f < files && made < manifests; f++) {
    const parts: string[] = [];
    for (let j = 0; j < per && made < manifests; j++, made++) {
      parts.push(made === 0 ? resourceGroup() : resource(made));
    }
    const sub = join(dir, `team-${String(f % 20).padStart(2, '0')}`);
    mkdirSync(sub, { recursive: true });
    const path = join(sub, `accounts-${String(f).padStart(4, '0')}.yaml`);
    const text = parts.join('\n') + '\n';
    writeFileSync(path, text);
    paths.push(path);
    texts.push(text);
  }
  return { dir, files: paths, manifests: made, texts };
}

function resourceGroup(): string {
  return [
    '---',
    'apiVersion: resources.cloud.example.com/v1api20200601',
    'kind: ResourceGroup',
    'metadata:',
    '  name: rg-bench',
    '  namespace: default',
    'spec:',
    '  location: westus2',
  ].join('\n');
}
