// Where kinds from CRDs come from: the CustomResourceDefinition documents of a text (a single CRD, or a
// bundle such as an operator's `crds.yaml`), and the registry of kinds they make with the built-in ones.
// The built-in kind-versions win where a CRD defines one of them (its own check says so, check.ts).
// js-yaml, not the `yaml` library the rest uses: a CRD is needed as a plain value only (no positions), and
// js-yaml builds one several times faster and without an AST, which matters for a bundle of tens of MB.
import { CORE_SCHEMA, load } from 'js-yaml';
import { parseDocument } from 'yaml';
import { goYamlQuotesRewritten } from '../../../core/goYamlEscapes';
import { isCrd, kindsOfCrd, readerReason } from '../../../../model/crd/kinds';
import { builtinRegistry, Registry } from '../../../../model/registry';
import type { KindDef, UnreadableCrd } from '../../../../model/types';
import { splitDocuments, type ParsedFile } from '../../../core/parse';
import { countOverDocs } from '../../../core/docCount';
import { byUri } from './conflicts';
import { mayHoldCrd } from './detect';

/** A CRD read from a file: its plain value, its text and the file's URI. */
export interface CrdDocument {
  uri: string;
  value: Record<string, unknown>;
  text: string;
}

/**
 * js-yaml refuses a document nested deeper than 100 by default: a CRD's schema nests two levels per property
 * (`properties:`, the property), so a generated schema 50 properties deep was refused, and the API server
 * takes far deeper ones. Depth is bounded still (a bundle is untrusted input), and the schema converter
 * stops at its own depth.
 */
const MAX_DEPTH = 1000;

const readStrict = (text: string): unknown =>
  load(text, { schema: CORE_SCHEMA, maxAliases: 1000, maxDepth: MAX_DEPTH });

/**
 * A CRD document's value. js-yaml refuses `\'` in a double-quoted string, which go-yaml (kubectl, the API
 * server) reads as a single quote (core/goYamlEscapes.ts): refused for that, the text is read again with those
 * escapes written `\x27`. Anything else it refuses stays refused.
 */
function read(text: string): unknown {
  try {
    return readStrict(text);
  } catch (e) {
    const rewritten = goYamlQuotesRewritten(text);
    if (rewritten === undefined) throw e;
    return readStrict(rewritten);
  }
}

/** The texts of the documents of a file that look like CRDs (compared to tell whether a file's CRDs changed). */
export const crdTextsOf = (text: string): string[] =>
  mayHoldCrd(text) ? splitDocuments(text).flatMap((d) => (mayHoldCrd(d.text) ? [d.text] : [])) : [];

/** Whether a document (by its content key: see core/parse.ts) may be a CRD, looked at once. */
const mayBeCrd = new WeakMap<object, boolean>();

/**
 * `crdTextsOf` a file's text, from its documents (`splitDocuments` of it): each document's content looked at
 * once, so a new version of a large file looks only at the documents split again (not the whole text).
 */
export function crdTextsOfDocs(docs: readonly { readonly text: string; readonly key: object }[]): string[] {
  const out: string[] = [];
  for (const d of docs) if (docMayBeCrd(d)) out.push(d.text);
  return out;
}

function docMayBeCrd(d: { readonly text: string; readonly key: object }): boolean {
  let may = mayBeCrd.get(d.key);
  if (may === undefined) mayBeCrd.set(d.key, (may = mayHoldCrd(d.text)));
  return may;
}

/** How many documents of a file version may be CRDs (see core/docCount.ts). */
const crdCounts = new WeakMap<object, number>();

/**
 * `crdTextsOfDocs` of a parsed file: none without looking at its documents when the version it was split
 * from had none and the documents split again have none (an edit of a large file of manifests).
 */
export const crdTextsOfFile = (file: Pick<ParsedFile, 'docs' | 'basis'>): string[] =>
  countOverDocs(file, crdCounts, (d) => (docMayBeCrd(d) ? 1 : 0)) === 0 ? [] : crdTextsOfDocs(file.docs);

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
 * A CRD document's text with the bodies of its block-style `openAPIV3Schema`s left out (each key stays, with
 * no value): what the kinds' headers need (group, kind, versions, served, storage, deprecation) is read from
 * a few hundred bytes instead of a document whose schemas are most of a bundle's tens of MB. A body ends
 * at the first line indented no deeper than its key (blank and comment lines never end it; a block
 * scalar's lines are always deeper). Undefined when there is none to leave out (a flow-style schema).
 */
export function withoutSchemaBodies(text: string): string | undefined {
  // Regular expressions, not a loop over lines: a bundle's text is scanned natively, tens of MB in milliseconds.
  const key = /^( *)openAPIV3Schema:[ \t]*(?:#.*)?$/gm;
  const parts: string[] = [];
  let at = 0;
  for (let m = key.exec(text); m; m = key.exec(text)) {
    const bodyStart = m.index + m[0].length;
    // The next line that holds something (not blank, not a comment) no deeper than the key.
    const end = new RegExp(`[\\r\\n] {0,${m[1].length}}[^ \\t\\r\\n#]`, 'g');
    end.lastIndex = bodyStart;
    const next = end.exec(text);
    const bodyEnd = next ? next.index + 1 : text.length;
    if (bodyEnd - bodyStart > 1) {
      parts.push(text.slice(at, bodyStart), '\n');
      at = bodyEnd;
    }
    key.lastIndex = Math.max(bodyEnd, key.lastIndex);
  }
  if (parts.length === 0) return undefined;
  parts.push(text.slice(at));
  return parts.join('');
}

/**
 * The kinds of one CRD document (none when it is not a CRD or does not parse). They keep its text, not its
 * value: a version's schema (and its descriptions) is read again when its kind is first used, so the
 * hundreds of other kinds of a bundle cost their text alone; their headers are read without the schemas.
 */
export const kindsOfCrdText = (uri: string, text: string): KindDef[] => readCrdText(uri, text).kinds;

/** What one CRD document gives: its kinds, or (when not even its header parses) what it meant to define. */
export interface CrdRead {
  kinds: KindDef[];
  unreadable?: UnreadableCrd;
}

/** `kindsOfCrdText`, and for a document that does not parse, what can still be read of its kind. */
export function readCrdText(uri: string, text: string): CrdRead {
  let value: unknown;
  const header = withoutSchemaBodies(text);
  try {
    value = header === undefined ? read(text) : readHeader(header, text);
  } catch (e) {
    // A document that does not parse (or too many aliases): no kinds this product can use, and its own
    // check says why (`yaml-syntax`); the manifests of the kind it meant to define say it could not be read.
    return { kinds: [], unreadable: intendedKind(uri, header ?? text, readerReason(e)) };
  }
  return { kinds: isCrd(value) ? kindsOfCrd(value, uri, () => read(text)) : [] };
}

/**
 * What a CRD document that does not parse meant to define, read by the tolerant parser the editor uses (it
 * keeps what lies around an error): its name, group and kind when they are still there as text. Undefined
 * when it is not a CRD after all.
 */
function intendedKind(uri: string, text: string, reason: string): UnreadableCrd | undefined {
  const doc = parseDocument(text, { uniqueKeys: false });
  const str = (...path: string[]) => {
    const v: unknown = doc.getIn(path);
    return typeof v === 'string' && v !== '' ? v : undefined;
  };
  if (str('kind') !== 'CustomResourceDefinition') return undefined;
  const [name, group, kind] = [str('metadata', 'name'), str('spec', 'group'), str('spec', 'names', 'kind')];
  return { uri, reason, ...(name ? { name } : {}), ...(group ? { group } : {}), ...(kind ? { kind } : {}) };
}

/** The header text read; should leaving the bodies out have broken it, the whole text instead. */
function readHeader(header: string, text: string): unknown {
  try {
    return read(header);
  } catch {
    return read(text);
  }
}

/**
 * The built-in kinds and the kinds of CRDs (one list per CRD): a kind-version the built-in model has is left
 * to it, and of two CRDs defining the same group, version and kind the first by file path wins, whatever
 * order they were read in (a bundle's documents keep their order; conflicts.ts warns on both).
 */
export function registryOfKinds(
  perCrd: readonly (readonly KindDef[])[],
  base: Registry = builtinRegistry(),
  unreadable: readonly UnreadableCrd[] = [],
): Registry {
  const seen = new Set<string>();
  const defs: KindDef[] = [];
  const ordered = [...perCrd].sort((a, b) => byUri(a[0]?.crd?.uri ?? '', b[0]?.crd?.uri ?? ''));
  for (const kinds of ordered)
    for (const def of kinds) {
      const key = `${def.area}.${def.domain}/${def.version}/${def.kind}`;
      if (seen.has(key) || isBuiltin(def)) continue;
      seen.add(key);
      defs.push(def);
    }
  if (defs.length === 0 && unreadable.length === 0) return base;
  // A built-in kind the spec only names gives way to the CRD of the same kind and version.
  const replaced = (b: KindDef) =>
    b.crdReplaces && defs.some((d) => d.area === b.area && d.version === b.version && d.kind === b.kind);
  return new Registry([...base.kinds.filter((b) => !replaced(b)), ...defs], unreadable, base.kubernetesMinor);
}
