// validate: the diagnostics of a file. Each document's own diagnostics depend only on its text (and the
// analysis's registry of kinds), so they are cached per chunk: an edit to one resource of a large file
// re-checks that resource alone. The jobs around it live in their own files: what a document is
// (identity.ts), the checks of one manifest (checkManifest.ts), parser errors (yamlErrors.ts), fix
// fingerprints (fixFingerprint.ts), severity settings and disable comments (ruleSettings.ts).
import { isMap, isScalar, isSeq, type Document, type YAMLMap } from 'yaml';
import { envelopeOf, listEnvelopeOf } from '../../model/envelope';
import type { Code } from '../core/codes';
import { checkCrd, isCrdDocument } from './crd/definition/check';
import { mayHoldCrd } from './crd/kinds/detect';
import { reportUnreadableCrd } from './crd/kinds/unreadable';
import {
  addKindFix,
  checkListItem,
  checkManifest,
  identityDiagnostics,
  onlyKindOf,
  type ChunkContext,
} from './checkManifest';
import { isCoreList } from './listItems';
import { Reporter, severityOf, type Diag } from '../core/diag';
import { toFileOffsets } from '../core/fixFingerprint';
import { domainsInFile, identify, identifyChunk } from './identity';
import { apiVersionCandidates, reportMissingApiVersion } from './missingApiVersion';
import { DEFAULT_API_DOMAIN } from '../../model/registry';
import { analysisTree, type ChunkStore, type ParsedDoc, type ParsedFile } from '../core/parse';
import { applySettings, type RuleSetting, type ValidateOptions } from '../core/ruleSettings';
import { reportYamlErrors } from './yamlErrors';
import { memoKey } from '../core/memo';
import { entry, scalarValue, spanOf } from '../core/yamlNodes';

/** Keyed by the chunk's content key: they live as long as the parsed chunk does (one per analysis: memo.ts). */
const DIAGNOSTICS = memoKey(() => new WeakMap<object, Diag[]>());
/** The same document read as a partial manifest (a Kustomize patch). */
const PARTIAL_DIAGNOSTICS = memoKey(() => new WeakMap<object, Diag[]>());

/**
 * The API domain a document's diagnostics were computed with, for the few that write one (a missing
 * apiVersion): the domain is no part of the text, so such an entry of the cache holds only while it is the same.
 */
const DOMAIN_USED = memoKey(() => new WeakMap<object, string>());

/**
 * The domain of an apiVersion the checks write: the analysis's (the `apiDomain` setting, else the
 * workspace's), else the one of the other manifests of the file, else the placeholder completion uses.
 * `known` is false for the placeholder.
 */
function domainFor(
  chunk: Pick<ParsedDoc, 'store'>,
  file: Pick<ParsedFile, 'docs'> | undefined,
): { name: string; known: boolean } {
  const name = chunk.store.apiDomain() || (file ? domainsInFile(file, chunk)[0] : undefined);
  return name ? { name, known: true } : { name: DEFAULT_API_DOMAIN, known: false };
}

/**
 * Diagnostics of one document, with spans relative to the document's chunk. `file`: the file the chunk is
 * part of, whose other manifests give the API domain where the analysis has none.
 */
export function validateChunk(
  chunk: Pick<ParsedDoc, 'text' | 'doc' | 'key' | 'store'>,
  partial = false,
  file?: Pick<ParsedFile, 'docs'>,
): Diag[] {
  const cache = chunk.store.memo.get(partial ? PARTIAL_DIAGNOSTICS : DIAGNOSTICS);
  const used = chunk.store.memo.get(DOMAIN_USED);
  const hit = cache.get(chunk.key);
  const was = partial ? undefined : used.get(chunk.key);
  const tag = (d: { name: string; known: boolean }) => `${d.known}:${d.name}`;
  if (hit && (was === undefined || was === tag(domainFor(chunk, file)))) return hit;
  chunk.store.counters.validations++;
  let domain: { name: string; known: boolean } | undefined;
  const diags = computeChunk(analysisTree(chunk), chunk.text, chunk.store, partial, () => {
    domain ??= domainFor(chunk, file);
    return domain;
  });
  cache.set(chunk.key, diags);
  if (domain && !partial) used.set(chunk.key, tag(domain));
  else if (!partial) used.delete(chunk.key);
  return diags;
}

const MISSING: ReadonlySet<string> = new Set(['missing-required', 'missing-member', 'reference-shape']);

/**
 * A core `v1` `List`: every item of ours is checked as a top-level manifest of the kind it names; items of
 * other kinds get nothing, and a list with none of ours gets nothing at all (not even its syntax errors).
 */
function coreListDiagnostics(doc: Document.Parsed, root: YAMLMap, text: string, store: ChunkStore): Diag[] {
  const out = new Reporter();
  const cc: ChunkContext = {
    doc,
    text,
    out,
    registry: store.registry,
    memo: store.memo,
    kubernetesMinor: store.kubernetesMinor,
  };
  const items = entry(root, 'items')?.value;
  let ours = false;
  if (isSeq(items))
    items.items.forEach((item, i) => {
      if (!isMap(item)) return;
      const id = identify(item, store.registry);
      if (id.status === 'notOurs') return;
      ours = true;
      if (id.status === 'ok') {
        if (id.list) {
          // A typed list inside the core list: its items as in a top-level list.
          const inner = entry(item, 'items')?.value;
          if (isSeq(inner)) {
            const api = String(scalarValue(entry(item, 'apiVersion')?.value));
            inner.items.forEach((x, j) => isMap(x) && checkListItem(cc, x, id.def, j, api, `items[${i}].`));
          }
        } else checkManifest(cc, item, id.def, envelopeOf(id.def), `items[${i}]`);
      } else identityDiagnostics(item, id, out, text, `items[${i}].`);
    });
  if (!ours) return [];
  if (doc.errors.length === 0) return out.diags;
  // As for any document: syntax errors, and nothing after one that may have moved keys.
  const syntax = new Reporter();
  const structuralAt = reportYamlErrors(doc, text, syntax);
  return [...syntax.diags, ...out.diags.filter((d) => d.start < structuralAt && !MISSING.has(d.code))];
}

/**
 * The YAML syntax errors of one of our documents (chunk-relative spans), none for others' documents: the
 * part of the checks a document too large to check in full still gets (see tooLarge.ts).
 */
export function syntaxErrorsOf(doc: Document.Parsed, text: string, store: ChunkStore): Diag[] {
  const root = doc.contents;
  // A core `v1` `List`: its syntax errors only when it holds manifests of ours (see coreListDiagnostics).
  if (isMap(root) && isCoreList(root))
    return coreListDiagnostics(doc, root, text, store).filter((d) => d.code === 'yaml-syntax');
  if (!isOurs(doc, text, store)) return [];
  const out = new Reporter();
  reportYamlErrors(doc, text, out);
  return out.diags;
}

/** Whether a document is ours: identified, or (not parsing, or without `kind`) what it has says so. */
function isOurs(doc: Document.Parsed, text: string, store: ChunkStore): boolean {
  const root = doc.contents;
  const id = isMap(root) ? identify(root, store.registry) : { status: 'notOurs' as const };
  if (id.status !== 'notOurs') return true;
  const partial = identifyChunk({ doc, text, store });
  return (
    partial.root !== undefined &&
    (doc.errors.length > 0 || (partial.kind === undefined && partial.apiVersion !== undefined))
  );
}

function computeChunk(
  doc: Document.Parsed,
  text: string,
  store: ChunkStore,
  asPatch: boolean,
  domain: () => { name: string; known: boolean },
): Diag[] {
  const { registry, memo } = store;
  const out = new Reporter();
  const root = doc.contents;
  const id = isMap(root) ? identify(root, registry) : { status: 'notOurs' as const };
  if (isMap(root) && isCoreList(root)) return coreListDiagnostics(doc, root, text, store);
  // A document that does not parse, or lacks `kind`/`apiVersion`, is still ours when what it has says so.
  // (A kind name alone is too weak a sign: `Topic` or `Snapshot` may be anybody's; without apiVersion, its
  // content must confirm it: missingApiVersion.ts.)
  // A CustomResourceDefinition: checked for what keeps its kinds from being used (crd/definition/check.ts), even where
  // a CRD of the workspace defines `CustomResourceDefinition` itself: the API server serves its own.
  // One that does not parse says so as any manifest does (the API server refuses it: a duplicate key too,
  // under kubectl's strict decoding), and nothing else: its manifests say it could not be read (unreadable.ts).
  if (isCrdDocument(root) || (doc.errors.length > 0 && mayHoldCrd(text))) {
    if (doc.errors.length === 0) checkCrd(doc, root as YAMLMap, out, text, store.kubernetesMinor);
    else reportYamlErrors(doc, text, out);
    return out.diags;
  }
  // A kind a CRD that does not parse meant to define (registry.ts `unreadable`): said once, as Information
  // (not an unknown kind of its group, which another CRD may define).
  const why = id.status === 'ok' ? id.def.crd?.unreadable : undefined;
  const crd =
    id.status === 'ok'
      ? why === undefined
        ? undefined
        : { uri: id.def.crd?.uri, name: id.def.crd?.name, kind: id.def.kind, reason: why }
      : isMap(root)
        ? registry.unreadableCrdOf(
            scalarValue(entry(root, 'apiVersion')?.value),
            scalarValue(entry(root, 'kind')?.value),
          )
        : undefined;
  if (crd !== undefined && isMap(root)) {
    reportYamlErrors(doc, text, out);
    // The kind the CRD defines (of a list, its items' kind).
    reportUnreadableCrd(root, out, crd.kind ?? String(scalarValue(entry(root, 'kind')?.value)), crd);
    return out.diags;
  }
  // One of our kinds without `apiVersion`, where the content confirms it (missingApiVersion.ts). A patch
  // says nothing: a strategic-merge patch without apiVersion is not ours to complete.
  if (id.status === 'notOurs' && !asPatch && isMap(root) && doc.errors.length === 0) {
    const fits = apiVersionCandidates(doc, root, registry);
    if (fits) {
      reportMissingApiVersion(out, root, text, fits, domain());
      return out.diags;
    }
  }
  const partial = id.status === 'notOurs' ? identifyChunk({ doc, text, store: { registry } }) : undefined;
  const ours =
    !partial ||
    (partial.root !== undefined &&
      (doc.errors.length > 0 || (partial.kind === undefined && partial.apiVersion !== undefined)));
  if (!ours) return [];
  const structuralAt = reportYamlErrors(doc, text, out);
  if (!isMap(root)) return out.diags;
  if (id.status === 'notOurs') {
    // Our group and version without a kind.
    const first = root.items[0]?.key;
    if (first && partial?.kind === undefined) {
      const only = onlyKindOf(registry, partial?.apiVersion);
      out.report(
        'missing-required',
        spanOf(first),
        only
          ? `The manifest is missing required field \`kind\`: write \`kind: ${only}\`, the one kind of \`${partial?.apiVersion}\`.`
          : `The manifest is missing required field \`kind\`; completion after \`kind: \` lists the kinds of \`${partial?.apiVersion}\`.`,
        undefined,
        only ? addKindFix(root, text, only) : undefined,
      );
    }
    return out.diags;
  }
  const cc: ChunkContext = { doc, text, out, registry, memo, partial: asPatch, kubernetesMinor: store.kubernetesMinor };
  if (id.status === 'ok') {
    if (id.list) {
      // The list envelope is walked with `items` unchecked; each item is then checked as a manifest.
      const env = listEnvelopeOf(id.def);
      const shallow = {
        ...env,
        fields: {
          ...env.fields,
          items: { ...env.fields.items, type: { kind: 'open' as const, name: 'items', note: '' } },
        },
      };
      checkManifest(cc, root, id.def, shallow, '', false);
      const items = entry(root, 'items')?.value;
      if (isSeq(items)) {
        items.items.forEach((item, i) => {
          if (isMap(item)) checkListItem(cc, item, id.def, i, String(scalarValue(entry(root, 'apiVersion')?.value)));
          else if (isScalar(item) && item.value !== null)
            out.report(
              'wrong-type',
              spanOf(item),
              `\`items[${i}]\` must be a ${id.def.kind} manifest (a mapping); found ${String(item.value)}.`,
            );
        });
      } else if (items && !(isScalar(items) && items.value === null)) {
        out.report('wrong-type', spanOf(items), '`items` must be a list of manifests.');
      }
    } else {
      checkManifest(cc, root, id.def, envelopeOf(id.def), '');
    }
  } else {
    identityDiagnostics(root, id, out, text);
  }
  if (structuralAt === Infinity) return out.diags;
  // After an error that may have moved keys, only what lies before it can be trusted; and nothing can
  // be called missing, since the parser may have put it elsewhere.
  return out.diags.filter((d) => d.code === 'yaml-syntax' || (d.start < structuralAt && !MISSING.has(d.code)));
}

/** The diagnostics of a whole file, spans as file offsets, ordered by position. */
export function validateFile(file: ParsedFile, options: ValidateOptions = {}): Diag[] {
  const all: Diag[] = [];
  // Indexed loops: two iterators per document of the file at each edit were most of what it allocated here
  // for a 5,000-resource file (the loop is run once per version, not always optimised).
  const docs = placedDiagnostics(file, options.partial === true);
  for (let i = 0; i < docs.length; i++) {
    const placed = docs[i];
    for (let j = 0; j < placed.length; j++) all.push(placed[j]);
  }
  if (options.settled === false) return all;
  return applySettings(file, all, options).sort((a, b) => a.start - b.start || a.end - b.end);
}

/**
 * Each document's diagnostics of a file version at file offsets, and the documents whose diagnostics used
 * the API domain (asked again each time: the domain may change without the text).
 */
interface Placed {
  partial: boolean;
  docs: readonly (readonly Diag[])[];
  domainDocs: readonly number[];
}

const PLACED = memoKey(() => new WeakMap<ParsedFile, Placed>());
const NONE: readonly Diag[] = Object.freeze([]);

/**
 * Each document's diagnostics at file offsets, kept per file version; a version split from the one before
 * (resplit.ts) takes those of the documents they share from it, moved, and places only its new documents'.
 */
export function placedDiagnostics(file: ParsedFile, partial: boolean): readonly (readonly Diag[])[] {
  const memo = file.store.memo.get(PLACED);
  const used = file.store.memo.get(DOMAIN_USED);
  const domainDocs: number[] = [];
  const place = (i: number): readonly Diag[] => {
    const chunk = file.docs[i];
    const found = validateChunk(chunk, partial, file);
    if (!partial && used.has(chunk.key)) domainDocs.push(i);
    if (found.length === 0) return NONE;
    const out: Diag[] = [];
    toFileOffsets(chunk, found, out);
    return out;
  };
  const hit = memo.get(file);
  if (hit && hit.partial === partial) {
    if (hit.domainDocs.length === 0) return hit.docs;
    const docs = [...hit.docs];
    for (const i of hit.domainDocs) docs[i] = place(i);
    memo.set(file, { partial, docs, domainDocs });
    return docs;
  }
  const b = file.basis;
  const before = b && memo.get(b.previous as ParsedFile);
  // Sized once (one per document): grown push by push, it left its smaller copies as garbage at each edit.
  const docs = new Array<readonly Diag[]>(file.docs.length);
  if (b && before && before.partial === partial && before.docs.length === b.previous.docs.length) {
    const n = before.docs.length;
    const redo = new Set(before.domainDocs);
    for (let i = 0; i < b.prefix; i++) docs[i] = redo.has(i) ? place(i) : before.docs[i];
    for (let i = b.prefix; i < file.docs.length - b.suffix; i++) docs[i] = place(i);
    for (let i = n - b.suffix, at = file.docs.length - b.suffix; i < n; i++, at++) {
      const was = before.docs[i];
      docs[at] = redo.has(i) || (was.length > 0 && b.delta !== 0) ? place(at) : was;
    }
  } else for (let i = 0; i < file.docs.length; i++) docs[i] = place(i);
  memo.set(file, { partial, docs, domainDocs });
  return docs;
}

export { applySettings, severityOf };
export type { Code, Diag, RuleSetting, ValidateOptions };

/**
 * What `validateChunk` cached for a chunk (its diagnostics and, when they used one, the API domain tag), for
 * a worker that hands it to the host (host/fileFacts.ts); undefined when nothing is cached.
 */
export function cachedChunkDiagnostics(
  chunk: Pick<ParsedDoc, 'key' | 'store'>,
  partial: boolean,
): { diags: Diag[]; domain?: string } | undefined {
  const diags = chunk.store.memo.get(partial ? PARTIAL_DIAGNOSTICS : DIAGNOSTICS).get(chunk.key);
  if (!diags) return undefined;
  const domain = partial ? undefined : chunk.store.memo.get(DOMAIN_USED).get(chunk.key);
  return domain === undefined ? { diags } : { diags, domain };
}

/**
 * Caches diagnostics computed elsewhere (a worker, from the same text and kinds) as `validateChunk` would
 * have: an entry computed with another API domain is computed again when asked, as any.
 */
export function cacheChunkDiagnostics(
  chunk: Pick<ParsedDoc, 'key' | 'store'>,
  partial: boolean,
  facts: { diags: Diag[]; domain?: string },
): void {
  chunk.store.memo.get(partial ? PARTIAL_DIAGNOSTICS : DIAGNOSTICS).set(chunk.key, facts.diags);
  if (partial) return;
  if (facts.domain === undefined) chunk.store.memo.get(DOMAIN_USED).delete(chunk.key);
  else chunk.store.memo.get(DOMAIN_USED).set(chunk.key, facts.domain);
}
