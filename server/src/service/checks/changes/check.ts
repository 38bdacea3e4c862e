// The checks of a change: what the current text of a file does to the objects its committed version
// describes (in a GitOps repository the committed version is, as a rule, what runs). From the model's data:
// a field written only at creation (`createOnly`) changed, where the cloud refuses the update (an error);
// what the operator's admission webhook refuses on an update (a new `cloudName`, a new owner, an owner added
// or removed: errors); a new `metadata.name` for a kind that holds data (a delete and a create: a warning);
// and the CRD rules that read `oldSelf` (transitions.ts), which the API server runs on every update.
import { isScalar, type Document } from 'yaml';
import type { Registry } from '../../../model/registry';
import type { Field, KindDef, Type } from '../../../model/types';
import type { Diag } from '../../core/diag';
import { hashText } from '../../core/fixData';
import { entry, spanOf, type Span } from '../../core/yamlNodes';
import { splitDocuments, type ChunkStore } from '../../core/parse';
import { memoKey } from '../../core/memo';
import { renameDeletes } from '../../core/renameLoss';
import { objectOf, pairObjects, type Pair, type VersionObject } from './objects';
import { creationDiagnostics, hasOptionalOldSelf, transitionDiagnostics } from './transitions';

/** The committed version a file is compared with. */
export interface BaseVersion {
  /** Its text (the file at the ref). */
  text: string;
  /** The ref as the user named it (`HEAD`, `origin/main`). */
  ref: string;
  /** The commit it names, abbreviated. */
  commit: string;
  /**
   * Set when the file is not compared (its committed version over the caps, a repository refused, git
   * timed out): why, said once on the file (`not-compared`). `text` is then empty and means nothing.
   */
  notCompared?: string;
}

type Plain = Record<string, unknown>;
const isPlain = (v: unknown): v is Plain => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Values compared as the API server stores them: key order does not matter. */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => same(x, b[i]));
  if (isPlain(a) && isPlain(b)) {
    const ka = Object.keys(a);
    return ka.length === Object.keys(b).length && ka.every((k) => k in b && same(a[k], b[k]));
  }
  return false;
}

/** A value in a message: scalars as written, anything else by its shape. Cut: a value may be long. */
function shown(v: unknown): string {
  const s = typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : undefined;
  if (s === undefined) return Array.isArray(v) ? 'a list' : 'an object';
  return `'${s.length > 80 ? `${s.slice(0, 77)}…` : s}'`;
}

class Found {
  readonly diags: Diag[] = [];
  constructor(
    readonly pair: Pair,
    readonly at: string,
  ) {}

  /**
   * Where a change is reported, in file offsets: the value written at the path when it is a scalar (the value
   * is what is wrong), else its key (an object: the whole block would be squiggled), else the nearest key above.
   */
  spanOf(path: string[]): Span {
    let node: unknown = this.pair.now.doc.contents;
    let span: Span | undefined;
    for (const [i, k] of path.entries()) {
      const e = entry(node, k);
      if (!e) break;
      span = i === path.length - 1 && isScalar(e.value) && e.value.range ? spanOf(e.value) : spanOf(e.key);
      node = e.value;
    }
    const [s, e] = span ?? spanOf(this.pair.now.doc.contents);
    return [s + this.pair.now.offset, e + this.pair.now.offset];
  }

  /** The value node of a path in a document, if written there. */
  valueNode(doc: Document.Parsed, path: string[]): unknown {
    let node: unknown = doc.contents;
    for (const k of path) {
      const e = entry(node, k);
      if (!e) return undefined;
      node = e.value;
    }
    return node;
  }

  report(code: Diag['code'], path: string[], message: string, restore?: boolean, severity?: Diag['severity']): void {
    const [start, end] = this.spanOf(path);
    let data: Diag['data'];
    // Writing the committed value back is offered where it is one scalar on both sides.
    const nowNode = restore ? this.valueNode(this.pair.now.doc, path) : undefined;
    const thenNode = restore ? this.valueNode(this.pair.then.doc, path) : undefined;
    if (
      isScalar(nowNode) &&
      isScalar(thenNode) &&
      thenNode.range &&
      nowNode.range &&
      !/[\r\n]/.test(thenNodeText(this.pair.then, thenNode.range))
    ) {
      const now = this.pair.now;
      data = {
        fix: 'replace',
        span: [nowNode.range[0] + now.offset, nowNode.range[1] + now.offset],
        candidates: [
          {
            title: `Write back ${thenNodeText(this.pair.then, thenNode.range)} (${this.at})`,
            text: thenNodeText(this.pair.then, thenNode.range),
          },
        ],
        doc: [now.offset, now.text.length, hashText(now.text)],
      };
    }
    this.diags.push({ code, message, start, end, ...(severity ? { severity } : {}), ...(data ? { data } : {}) });
  }
}

const thenNodeText = (o: VersionObject, range: [number, number, number]) => o.text.slice(range[0], range[1]);

/**
 * Fields written only at creation, compared between the two versions (the model's `createOnly`). The cloud
 * refuses such an update for certain (an error), unless the field's shape is only known approximately (≈ in
 * reference-shapes.md, the model's `approx`): a warning then, as every check inside such a field.
 */
function createOnly(
  found: Found,
  t: Type,
  now: unknown,
  then: unknown,
  path: string[],
  what: string,
  inherited = false,
  approx = false,
): void {
  if (t.kind !== 'object' || !isPlain(now)) return;
  const old = isPlain(then) ? then : {};
  for (const [k, f] of Object.entries(t.fields) as [string, Field][]) {
    const n = now[k];
    const o = old[k];
    if (n === undefined) continue;
    const at = [...path, k];
    const once = f.createOnly || inherited;
    const severity = approx || f.approx ? 'warning' : undefined;
    if (once && f.type.kind === 'bool') {
      // "Can only be set to true at creation": turning it on later is what the cloud refuses.
      if (n === true && o !== true)
        found.report(
          'create-only-changed',
          at,
          `The cloud refuses to turn on '${at.slice(1).join('.')}' for an existing ${what}: it was ${o === undefined ? 'not set' : shown(o)} at ${found.at}. It can only be set to true when the ${what} is created.`,
          o !== undefined,
          severity,
        );
      continue;
    }
    if (once && f.type.kind !== 'object') {
      if (o !== undefined && !same(n, o))
        found.report(
          'create-only-changed',
          at,
          `The cloud refuses a new '${at.slice(1).join('.')}' for an existing ${what}: it was ${shown(o)} at ${found.at}. Write ${shown(o)} back, or create a new ${what} under a new name.`,
          true,
          severity,
        );
      continue;
    }
    // An object written only at creation: where its own members say which of them are (`enabled` of an
    // account's immutability, not its policy), those; else all of them (a container's `enabled`).
    const marked = f.type.kind === 'object' && Object.values(f.type.fields).some((x) => x.createOnly);
    createOnly(found, f.type, n, o, at, what, f.createOnly === true && !marked, approx || f.approx === true);
  }
}

/** The reference the webhook compares: `name` or `armId` of `spec.owner`. */
const ownerOf = (spec: unknown): Plain | undefined =>
  isPlain(spec) && isPlain(spec.owner) && (typeof spec.owner.name === 'string' || typeof spec.owner.armId === 'string')
    ? spec.owner
    : undefined;

/** What the operator's admission webhook refuses on an update of an existing resource. */
function webhook(found: Found, def: KindDef | undefined, now: VersionObject, then: VersionObject): void {
  const spec = isPlain(now.value.spec) ? now.value.spec : {};
  const oldSpec = isPlain(then.value.spec) ? then.value.spec : {};
  // The cloud name as stored: written, else what the webhook defaulted it to (the object's name).
  const byDefault = def?.cloudNameDefault === 'metadata.name';
  const cloud = (s: Plain, o: VersionObject) =>
    typeof s.cloudName === 'string' && s.cloudName !== '' ? s.cloudName : byDefault ? o.name : undefined;
  const was = cloud(oldSpec, then);
  const is = cloud(spec, now);
  if (was !== undefined && is !== undefined && was !== is && 'cloudName' in spec)
    found.report(
      'update-refused',
      ['spec', 'cloudName'],
      `The operator refuses a new 'cloudName' for an existing resource: it was '${was}' at ${found.at}. Write '${was}' back; a resource under another cloud name is a new object with a new metadata.name.`,
      typeof oldSpec.cloudName === 'string',
    );
  const oldOwner = ownerOf(oldSpec);
  const owner = ownerOf(spec);
  if (oldOwner && !owner && !('owner' in spec)) return; // absent: reported as missing where the kind needs one
  if (!oldOwner && owner && def?.owner.style !== 'none')
    found.report(
      'update-refused',
      ['spec', 'owner'],
      `The operator refuses to add an owner to an existing resource: it had none at ${found.at}. Remove 'owner', or create the resource anew.`,
    );
  else if (oldOwner && owner)
    for (const k of ['name', 'armId'] as const)
      if (!same(owner[k], oldOwner[k]) && (owner[k] !== undefined || oldOwner[k] !== undefined))
        found.report(
          'update-refused',
          owner[k] !== undefined ? ['spec', 'owner', k] : ['spec', 'owner'],
          `The operator refuses a new 'owner.${k}' for an existing resource: it was ${oldOwner[k] === undefined ? 'not set' : shown(oldOwner[k])} at ${found.at}. An owner cannot change once the resource exists: write ${oldOwner[k] === undefined ? `the owner's ${k === 'name' ? 'armId' : 'name'} back` : shown(oldOwner[k])} back, or create the resource anew.`,
          owner[k] !== undefined && oldOwner[k] !== undefined,
        );
}

/**
 * The diagnostics of a file's change against its committed version, in file offsets. `registry` knows the
 * kinds (built-in and CRDs). Files or documents that did not change get none.
 */
export function changeDiagnostics(
  text: string,
  base: BaseVersion,
  registry: Registry,
  kubernetesMinor?: number,
): Diag[] {
  const out: Diag[] = [];
  const at = `${base.ref} (${base.commit})`;
  const { pairs, created } = pairObjects(text, base.text);
  const defOf = (o: VersionObject) => {
    const looked = registry.lookup(o.value.apiVersion, o.value.kind);
    return looked.status === 'ok' ? looked.def : undefined;
  };
  // An object the committed version does not have is created by the change: the API server runs the
  // transition rules with `optionalOldSelf` on it, `oldSelf` empty (as for a file with no committed version).
  const creation = `its creation (${at} has no such object: \`oldSelf\` is empty, as on a create)`;
  for (const o of created) {
    const def = defOf(o);
    if (def && hasOptionalOldSelf(def)) out.push(...creationDiagnostics(def, o, kubernetesMinor, creation));
  }
  for (const pair of pairs) {
    const { now, then } = pair;
    const found = new Found(pair, at);
    const def = defOf(now);
    if (pair.renamed) {
      // A new metadata.name is a new object: the old one is deleted, with what the cloud resource holds.
      const lost = def && renameDeletes(def, then.name);
      if (lost)
        found.report(
          'resource-renamed',
          ['metadata', 'name'],
          `Renaming '${then.name}' to '${now.name}' ${lost}. Write '${then.name}' back to keep them (it was '${then.name}' at ${at}).`,
          true,
        );
      out.push(...found.diags);
      // The new name is a new object: its creation runs the rules a create runs.
      if (def && hasOptionalOldSelf(def)) out.push(...creationDiagnostics(def, now, kubernetesMinor, creation));
      continue;
    }
    if (def && !def.crd) {
      createOnly(found, def.spec, now.value.spec, then.value.spec, ['spec'], kindWord(def));
      webhook(found, def, now, then);
    }
    if (def) for (const d of transitionDiagnostics(def, now, then, at, kubernetesMinor)) found.diags.push(d);
    out.push(...found.diags);
  }
  return out.sort((a, b) => a.start - b.start || a.end - b.end);
}

/** How a message names a resource of the kind: "account", "container"… */
function kindWord(def: KindDef): string {
  const words = def.kind.replace(/([a-z])([A-Z])/g, '$1 $2').split(' ');
  const last = words[words.length - 1].toLowerCase();
  return def.kind === 'StorageAccount' ? 'account' : last;
}

/**
 * Whether the document holding `offset` differs from every document of the committed text: hover and code
 * lens say then what it was compared with. A file new since the ref has no base and never gets here.
 */
export function changedAt(text: string, base: BaseVersion, offset: number): boolean {
  if (text === base.text || base.notCompared !== undefined) return false;
  const then = new Set(splitDocuments(base.text).map((c) => c.text));
  const chunk = splitDocuments(text).find((c) => offset >= c.offset && offset <= c.offset + c.text.length);
  return !!chunk && !then.has(chunk.text);
}

const FIELD = (name: string) => new RegExp(`^${name}:[ \\t]*["']?([^\\s"'#]+)`, 'm');
const API_VERSION = FIELD('apiVersion');
const KIND = FIELD('kind');

/**
 * A file without a committed version is created as it stands: the diagnostics of the CRD rules with
 * `optionalOldSelf` that a create runs (transitions.ts). Only a document whose kind has such a rule is
 * parsed again (its apiVersion and kind read from its text first), so a file of other kinds costs nothing.
 */
export function creationChangeDiagnostics(
  text: string | readonly { readonly offset: number; readonly text: string; readonly key?: object }[],
  registry: Registry,
  store?: ChunkStore,
): Diag[] {
  const out: Diag[] = [];
  // Per chunk of the store (whose registry is `registry`), the kind it names when that kind has such rules:
  // an edit of a 5,000-document file reads no other document's text again (2.8 ms an edit before).
  const kinds = store?.registry === registry ? store.memo.get(CREATED_KINDS) : undefined;
  // A parsed file's documents are its split (an edit's version has no whole text to split: core/fileText.ts).
  (typeof text === 'string' ? splitDocuments(text) : text).forEach((chunk, i) => {
    const key = typeof text === 'string' ? undefined : (chunk as { key?: object }).key;
    let def = key && kinds ? kinds.get(key) : undefined;
    if (def === undefined) {
      def = kindWithRules(chunk.text, registry);
      if (key && kinds) kinds.set(key, def);
    }
    if (!def) return;
    const o = objectOf(chunk, i);
    if (o) for (const d of creationDiagnostics(def, o, store?.kubernetesMinor)) out.push(d);
  });
  return out;
}

/** Per chunk key, the kind its text names when that kind has rules with `optionalOldSelf` (else null). */
const CREATED_KINDS = memoKey(() => new WeakMap<object, KindDef | null>());

/** The kind a document's text names, when that kind has rules with `optionalOldSelf`. */
function kindWithRules(text: string, registry: Registry): KindDef | null {
  const apiVersion = API_VERSION.exec(text)?.[1];
  const kind = KIND.exec(text)?.[1];
  if (!apiVersion || !kind) return null;
  const looked = registry.lookup(apiVersion, kind);
  return looked.status === 'ok' && hasOptionalOldSelf(looked.def) ? looked.def : null;
}
