// Where kinds from CRDs come from: the CustomResourceDefinition documents of a text (a single CRD, or a
// bundle such as an operator's `crds.yaml`), and the registry of kinds they make with the built-in ones.
// The built-in kind-versions win where a CRD defines one of them (its own check says so, check.ts).
// js-yaml, not the `yaml` library the rest uses: a CRD is needed as a plain value only (no positions), and
// js-yaml builds one several times faster and without an AST, which matters for a bundle of tens of MB.
import { CORE_SCHEMA, load } from 'js-yaml';
import { isCrd, kindsOfCrd } from '../../model/crd/kinds';
import { builtinRegistry, Registry } from '../../model/registry';
import type { KindDef } from '../../model/types';
import { splitDocuments } from '../parse';
import { mayHoldCrd } from './detect';

/** A CRD read from a file: its plain value, its text and the file's URI. */
export interface CrdDocument {
  uri: string;
  value: Record<string, unknown>;
  text: string;
}

const read = (text: string): unknown => load(text, { schema: CORE_SCHEMA, maxAliases: 1000 });

/** The texts of the documents of a file that look like CRDs (compared to tell whether a file's CRDs changed). */
export const crdTextsOf = (text: string): string[] =>
  mayHoldCrd(text) ? splitDocuments(text).flatMap((d) => (mayHoldCrd(d.text) ? [d.text] : [])) : [];

/** The CRDs among documents' texts; a document that does not parse is left out (its own check reports it). */
export function crdsOfTexts(uri: string, texts: readonly string[]): CrdDocument[] {
  const out: CrdDocument[] = [];
  for (const text of texts) {
    try {
      const value = read(text);
      if (isCrd(value)) out.push({ uri, value, text });
    } catch {
      // A document that does not parse, or too many aliases: not a CRD this product can use.
    }
  }
  return out;
}

/** Whether a built-in kind-version is the same as `def` (the built-in model wins). */
export function isBuiltin(def: Pick<KindDef, 'area' | 'domain' | 'version' | 'kind'>): boolean {
  const found = builtinRegistry().lookup(`${def.area}.${def.domain ?? 'x'}/${def.version}`, def.kind);
  return found.status === 'ok' && !found.list && !found.def.crdReplaces;
}

/**
 * The built-in kinds and every served version of the CRDs: a kind-version the built-in model has is left to
 * it, and of two CRDs defining the same group, version and kind the first read wins.
 */
export function registryOfCrds(crds: readonly CrdDocument[], base: Registry = builtinRegistry()): Registry {
  if (crds.length === 0) return base;
  const seen = new Set<string>();
  const defs: KindDef[] = [];
  for (const c of crds)
    // The kinds keep the CRD's text, not its value: a version's schema (and its descriptions) is read
    // again when its kind is first used; a bundle's hundreds of other kinds cost their text alone.
    for (const def of kindsOfCrd(c.value, c.uri, () => read(c.text))) {
      const key = `${def.area}.${def.domain}/${def.version}/${def.kind}`;
      if (seen.has(key) || isBuiltin(def)) continue;
      seen.add(key);
      defs.push(def);
    }
  if (defs.length === 0) return base;
  // A built-in kind the spec only names gives way to the CRD of the same kind and version.
  const replaced = (b: KindDef) =>
    b.crdReplaces && defs.some((d) => d.area === b.area && d.version === b.version && d.kind === b.kind);
  return new Registry([...base.kinds.filter((b) => !replaced(b)), ...defs]);
}
