// The overlay workload: a Kustomize base of StorageAccounts (the 16-line resources of workload.ts, owned by
// a ResourceGroup of the workspace) and three overlays, each with a kustomization (namePrefix, namespace, labels)
// and a strategic-merge patch file that patches every account of the base; the last overlay also has JSON
// 6902 operations on every account. The patch files are 16 lines a resource, as the plain file they are
// compared with; every 10th patch sets `minimumTlsVersion: TLS1_9` (an error its own checks find), and
// every 10th account of the base is a `BlockBlobStorage` one (tier `Premium`), which the patch's
// `accessTier: Cool` makes wrong: a problem of the rendered overlay alone, shown on the patch's line.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  API_VERSION,
  BAD_TLS,
  editAt,
  GOOD_TLS,
  hasError,
  KIND,
  resource,
  RESOURCE_LINES,
  TLS_PREFIX,
} from './workload';

export const OVERLAYS = ['dev', 'staging', 'prod'] as const;
/** The overlay whose patch file the bench opens and edits. */
export const EDITED_OVERLAY = 'prod';
/** Lines of one patch document, `---` included (as many as a resource of the plain file). */
export const PATCH_LINES = RESOURCE_LINES;
/** Line (within a patch document) of `  minimumTlsVersion: …`. */
const PATCH_TLS_LINE = 9;

/** The patch of account `i` in `overlay`; `variant` changes a tag value, so that each open is a new text. */
export function patchDocument(i: number, overlay: string, variant = 0): string {
  const n = String(i + 1).padStart(5, '0');
  return [
    '---',
    `apiVersion: ${API_VERSION}`,
    `kind: ${KIND}`,
    'metadata:',
    `  name: store${n}`,
    'spec:',
    '  sku:',
    '    name: Standard_GRS',
    '  accessTier: Cool',
    `${TLS_PREFIX}${hasError(i) ? BAD_TLS : GOOD_TLS}`,
    '  supportsHttpsTrafficOnly: true',
    '  allowBlobPublicAccess: false',
    '  tags:',
    `    env: ${overlay}`,
    '    team: storage',
    `    cost-center: cc-${n}${variant ? `-v${variant}` : ''}`,
  ].join('\n');
}

export function patchText(resources: number, overlay: string, variant = 0): string {
  const parts: string[] = [];
  for (let i = 0; i < resources; i++) parts.push(patchDocument(i, overlay, variant));
  return parts.join('\n') + '\n';
}

/** JSON 6902 operations applied to every account of the base (by the target of the last overlay). */
const OPS = [
  '- op: replace',
  '  path: /spec/location',
  '  value: westeurope',
  '- op: add',
  '  path: /spec/isHnsEnabled',
  '  value: true',
  '',
].join('\n');

function kustomization(overlay: string, json6902: boolean): string {
  return [
    'apiVersion: kustomize.config.k8s.io/v1beta1',
    'kind: Kustomization',
    'resources:',
    '  - ../../base',
    `namePrefix: ${overlay}`,
    `namespace: ${overlay}`,
    'labels:',
    '  - pairs:',
    `      env: ${overlay}`,
    'patches:',
    '  - path: accounts-patch.yaml',
    ...(json6902
      ? [
          '  - path: accounts-ops.yaml',
          '    target:',
          `      group: ${API_VERSION.split('/')[0]}`,
          `      kind: ${KIND}`,
        ]
      : []),
    '',
  ].join('\n');
}

const GROUP = [
  'apiVersion: resources.cloud.example.com/v1api20200601',
  'kind: ResourceGroup',
  'metadata:',
  '  name: rg-bench',
  '  namespace: default',
  'spec:',
  '  location: westus2',
  '',
].join('\n');

/** Accounts of the base whose type has a fixed tier (every 10th, none of them one with an error). */
export const isBlockBlob = (i: number): boolean => i % 10 === 4;

export interface OverlayWorkload {
  dir: string;
  resources: number;
  /** The base's accounts file and its text. */
  base: { path: string; text: string };
  /** The edited overlay's patch file. */
  patch: { path: string; text: string };
  /** Errors the generator put in the base's accounts and in each patch file. */
  errors: number;
  /** Problems of each overlay's rendered result shown in its patch file. */
  renderedErrors: number;
}

/** Writes the base and the three overlays under `dir`. */
export function overlayWorkload(dir: string, resources: number): OverlayWorkload {
  const baseDir = join(dir, 'base');
  mkdirSync(baseDir, { recursive: true });
  const accounts: string[] = [];
  for (let i = 0; i < resources; i++)
    accounts.push(
      isBlockBlob(i)
        ? resource(i)
            .replace('\n  kind: StorageV2\n', '\n  kind: BlockBlobStorage\n')
            .replace('\n  accessTier: Hot\n', '\n  accessTier: Premium\n')
        : resource(i),
    );
  const baseText = accounts.join('\n') + '\n';
  // The ResourceGroup the accounts belong to is the workspace's, outside the base: an overlay that renamed
  // it with its prefix would leave every account's owner naming a group it does not create
  // (kustomize-owner-renamed), a mistake the workload is not about.
  writeFileSync(join(baseDir, 'kustomization.yaml'), 'resources:\n  - accounts.yaml\n');
  mkdirSync(join(dir, 'shared'), { recursive: true });
  writeFileSync(join(dir, 'shared', 'group.yaml'), GROUP);
  writeFileSync(join(baseDir, 'accounts.yaml'), baseText);
  let patch = { path: '', text: '' };
  for (const overlay of OVERLAYS) {
    const at = join(dir, 'overlays', overlay);
    mkdirSync(at, { recursive: true });
    const json6902 = overlay === EDITED_OVERLAY;
    writeFileSync(join(at, 'kustomization.yaml'), kustomization(overlay, json6902));
    const text = patchText(resources, overlay);
    writeFileSync(join(at, 'accounts-patch.yaml'), text);
    if (json6902) writeFileSync(join(at, 'accounts-ops.yaml'), OPS);
    if (overlay === EDITED_OVERLAY) patch = { path: join(at, 'accounts-patch.yaml'), text };
  }
  let errors = 0;
  let renderedErrors = 0;
  for (let i = 0; i < resources; i++) {
    if (hasError(i)) errors++;
    if (isBlockBlob(i)) renderedErrors++;
  }
  return {
    dir,
    resources,
    base: { path: join(baseDir, 'accounts.yaml'), text: baseText },
    patch,
    errors,
    renderedErrors,
  };
}

/** The k-th edit (1, 2, …) of a patch file: `minimumTlsVersion: TLS1_9` in a clean patch in the middle. */
export const patchEditAt = (
  resources: number,
  k: number,
): { line: number; character: number; length: number; newText: string } =>
  editAt(resources, k, { linesPer: PATCH_LINES, tlsLine: PATCH_TLS_LINE, noun: 'patch' });
