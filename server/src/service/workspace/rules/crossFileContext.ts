// What a cross-file rule sees: one manifest of the checked file, the workspace index around it and a
// reporter; and what it declares: its codes, the kinds it reads and the values it needs the index to track.
import type { Code } from '../../core/codes';
import type { WorkspaceIndex } from '../workspaceIndex';
import type { Manifest } from '../manifest';

/**
 * What the workspace's kustomizations and charts say of its ConfigMaps and Secrets, which the index does not
 * hold (host: analysis.ts): the names Kustomize generates, and whether an object is written as it is applied.
 */
export interface ObjectFacts {
  /** Compared by identity: a new one when what it says may have changed (cross-document results are kept). */
  stamp: unknown;
  /** A ConfigMap or Secret of that name a kustomization's generator makes. */
  generated(kind: string, name: string): boolean;
  /** The object in `uri` is applied as written: not in a Helm template, no kustomization patches it. */
  literal(uri: string, kind: string, name: string): boolean;
}

/** Where nothing is known of overlays and charts (a test's index, a file checked alone). */
export const NO_OBJECT_FACTS: ObjectFacts = Object.freeze({
  stamp: undefined,
  generated: () => false,
  literal: () => true,
});

export type Report = (code: Code, span: [number, number] | undefined, message: string) => void;

export interface CrossFileContext {
  index: WorkspaceIndex;
  /** The checked file and its scope (the workspace, or the file alone). */
  uri: string;
  scope: string;
  /** The manifest being checked (the rules run once per manifest of the file). */
  m: Manifest;
  /** Owners and references missing from the workspace are reported (settings allow, the index is complete). */
  reportMissing: boolean;
  /** What the overlays and charts say of Kubernetes objects (checks.ts `ObjectFacts`). */
  objects: ObjectFacts;
  report: Report;
  /** Where a manifest is defined, for messages: `line 12` in the same file, else `account.yaml:12`. */
  where: (m: Manifest) => string;
}

export interface CrossFileRule {
  /** The codes this rule reports (each listed in codes.ts). */
  codes: Code[];
  /** Kinds whose manifests the rule checks; all kinds when absent. */
  kinds?: string[];
  /** Values the rule reads, by kind (key paths): the index extracts them from every manifest of that kind. */
  tracks?: Record<string, string[][]>;
  check(ctx: CrossFileContext): void;
}

/** `a StorageAccount`, `an EventSubscription`. */
export const withArticle = (kind: string) => (/^[AEIOU]/.test(kind) ? `an ${kind}` : `a ${kind}`);
/** `An EventSubscription` (a phrase starting a sentence). */
export const capitalized = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The storage account above a file service or share, when the workspace defines the whole chain. */
export function accountOf(index: WorkspaceIndex, m: Manifest): Manifest | undefined {
  let cur: Manifest | undefined = m;
  if (m.kind === 'StorageAccountsFileServicesShare') {
    cur = index.ownerOf(m);
    if (cur?.kind !== 'StorageAccountsFileService') return undefined;
  }
  const account = cur && index.ownerOf(cur);
  return account?.kind === 'StorageAccount' ? account : undefined;
}

/** Places in a stable order (file, then position), so the same workspace always gives the same message. */
export const byPlace = (x: Manifest, y: Manifest) => (x.uri < y.uri ? -1 : x.uri > y.uri ? 1 : x.span[0] - y.span[0]);

/** Manifests grouped by kind, kinds by name and each group by place. */
export function groupByKind(list: readonly Manifest[]): [string, Manifest[]][] {
  const byKind = new Map<string, Manifest[]>();
  for (const o of [...list].sort(byPlace)) byKind.set(o.kind, [...(byKind.get(o.kind) ?? []), o]);
  return [...byKind].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}
