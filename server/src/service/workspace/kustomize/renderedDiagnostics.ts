// The problems of an overlay's rendered result (render.ts) that a patch causes: each resource a file's
// patch touched is rendered, checked as a whole manifest, and what is found is placed where the value at
// fault was written (the patch's line), naming the overlay ("in overlays/prod"). What the patch alone
// already shows (its own diagnostics, on the same line with the same code) is not repeated; what lands on
// another file's value (the base's) is that file's business and is left out here.
import { isMap, isSeq, parseDocument, type Node } from 'yaml';
import type { Diag } from '../../core/diag';
import type { FixData } from '../../core/fixData';
import type { LineIndex } from '../../core/lineIndex';
import { spanOf, type Span } from '../../core/yamlNodes';
import { renderedYamlText } from '../../core/yamlText';
import { renderKustomization, type Doc, type JsonObject, type Origin, type Origins, type Rendered } from './render';

const escape = (k: string) => k.replace(/~/g, '~0').replace(/\//g, '~1');

/** The JSON pointer of the deepest entry whose key or value holds `offset` (`` for the root). */
export function pointerAt(root: unknown, offset: number): string {
  let at = '';
  let node = root;
  for (let depth = 0; depth < 200; depth++) {
    let next: { key: string; value: unknown } | undefined;
    if (isMap(node))
      for (const pair of node.items) {
        const k = spanOf(pair.key);
        const v = pair.value ? spanOf(pair.value) : k;
        if (offset >= k[0] && offset < Math.max(k[1], v[1]))
          next = { key: String((pair.key as { value?: unknown })?.value), value: pair.value };
      }
    else if (isSeq(node))
      node.items.forEach((item, i) => {
        const s = spanOf(item);
        if (offset >= s[0] && offset < s[1]) next = { key: String(i), value: item };
      });
    if (!next) return at;
    at = `${at}/${escape(next.key)}`;
    node = next.value as Node;
  }
  return at;
}

/** The origin of a pointer: its own, else its nearest parent's. */
function originOf(origins: Origins, pointer: string): Origin | undefined {
  for (let p = pointer; ; p = p.slice(0, p.lastIndexOf('/'))) {
    const o = origins.get(p);
    if (o) return o;
    if (p === '') return undefined;
  }
}

/** `overlays/prod` for `file:///repo/overlays/prod/kustomization.yaml`. */
export const overlayName = (kustomizationUri: string): string =>
  kustomizationUri.split('/').slice(-3, -1).map(decodeURIComponent).join('/');

export interface RenderedOptions {
  /** The kustomization whose rendering is checked. */
  kustomization: string;
  /** The file whose values the problems must land on, its line index and its own diagnostics. */
  file: string;
  lines: Pick<LineIndex, 'positionAt'>;
  own: readonly Diag[];
  read: (uri: string) => string | undefined;
  /** The documents of a resource file (see renderKustomization). */
  documents?: (uri: string, text: string) => readonly Doc[];
  /** Checks a text as a whole manifest (the analysis's settings applied). */
  validate: (text: string) => Diag[];
  /**
   * The cross-document problems of the rendered resources `touched` (indexes into `texts`), the whole
   * rendered overlay as their workspace; offsets in each resource's text. None: not checked.
   */
  cross?: (texts: readonly string[], touched: readonly number[], overlay: string) => Diag[][];
  /**
   * Instead of `validate` and `cross`: all the problems of each resource `touched`, alone and together (a
   * caller that keeps them for the rendered texts that did not change).
   */
  check?: (texts: readonly string[], touched: readonly number[], overlay: string) => Diag[][];
  /** The files the values of a rendered resource were written in (a caller may keep them). */
  urisOf?: (origins: Origins) => ReadonlySet<string>;
  /** A rendered resource as YAML text (a caller may keep the texts: most resources are the same each time). */
  toText?: (resource: JsonObject) => string;
  /**
   * Where the problems of a rendered text are, as JSON pointers, by text: a caller may keep them (the
   * same text has the same problems), sparing a parse of each resource with problems on each rendering.
   */
  pointers?: Map<string, { starts: string; at: string[] }>;
  /** The overlay already rendered (a caller that keeps renderings); else it is rendered here. */
  rendered?: Rendered;
  /**
   * The problems of each rendered resource placed in `file`, by its problems and its origins (both the same
   * objects while neither changed: a caller may keep them for the next rendering, whose spans the origins
   * follow). Only for one `file`.
   */
  placed?: WeakMap<readonly Diag[], WeakMap<Origins, readonly Placed[]>>;
}

/** A problem of a rendered resource and where the value it is about was written. */
export interface Placed {
  d: Diag;
  origin: Origin;
}

export function renderedDiagnostics(o: RenderedOptions): Diag[] {
  const rendered = o.rendered ?? renderKustomization(o.kustomization, o.read, o.documents);
  const overlay = overlayName(o.kustomization);
  const lineOf = (offset: number) => o.lines.positionAt(offset).line;
  const shown = new Set(o.own.map((d) => `${d.code} ${lineOf(d.start)}`));
  const out = new Map<string, Diag>();
  const urisOf = o.urisOf ?? ((origins: Origins) => new Set([...origins.values()].map((x) => x.uri)));
  // A resource of Kubernetes' own kinds whose rendering is not certain (a merge or a transformer not
  // reproduced: rendered.unsure says which) is not checked as rendered; its base is checked as a manifest
  // and each patch as a partial one.
  const touched = rendered.origins.flatMap((origins, i) =>
    urisOf(origins).has(o.file) && rendered.unsure[i] === undefined ? [i] : [],
  );
  if (touched.length === 0) return [];
  const toText = o.toText ?? renderedYamlText;
  const needed = new Set(touched);
  const texts = rendered.resources.map((r, i) => (o.cross || o.check || needed.has(i) ? toText(r) : ''));
  const checked = o.check ? o.check(texts, touched, overlay) : undefined;
  const cross = !checked && o.cross ? o.cross(texts, touched, overlay) : [];
  /** The problems of resource `i` whose value was written in the file, each with where. */
  const inFile = (i: number, found: readonly Diag[]): readonly Placed[] => {
    const origins = rendered.origins[i];
    const hit = o.placed?.get(found)?.get(origins);
    if (hit) return hit;
    // By the text (the same string each rendering: its hash is computed once) and where the problems start.
    const starts = found.map((d) => d.start).join(',');
    const kept = o.pointers?.get(texts[i]);
    let at = kept?.starts === starts ? kept.at : undefined;
    if (!at) {
      const doc = parseDocument(texts[i], { uniqueKeys: false });
      at = found.map((d) => pointerAt(doc.contents, d.start));
      o.pointers?.set(texts[i], { starts, at });
    }
    const out: Placed[] = [];
    for (const [n, d] of found.entries()) {
      const origin = originOf(origins, at[n]);
      if (origin && origin.uri === o.file) out.push({ d, origin });
    }
    if (o.placed) {
      let byOrigins = o.placed.get(found);
      if (!byOrigins) o.placed.set(found, (byOrigins = new WeakMap()));
      byOrigins.set(origins, out);
    }
    return out;
  };
  touched.forEach((i, n) => {
    const found = checked ? checked[n] : [...o.validate(texts[i]), ...(cross[n] ?? [])];
    if (found.length === 0) return;
    for (const { d, origin } of inFile(i, found)) {
      const key = `${d.code} ${lineOf(origin.span[0])}`;
      if (shown.has(key) || out.has(key)) continue;
      out.set(key, {
        code: d.code,
        message: `${d.message} (in ${overlay})`,
        start: origin.span[0],
        end: Math.max(origin.span[1], origin.span[0] + 1),
        ...(d.severity ? { severity: d.severity } : {}),
      });
    }
  });
  return [...out.values()];
}

/**
 * What stops `kubectl kustomize` from building an overlay (render.ts's build errors), those written in
 * `file`: an Error where certain, an Information where what is not rendered here could change it. `overlay`:
 * the overlay's name, added to each message (a patch file several overlays name).
 */
export function buildDiagnostics(rendered: Rendered, file: string, overlay?: string, text?: string): Diag[] {
  const out: Diag[] = [];
  for (const e of rendered.errors) {
    if (e.uri !== file) continue;
    // On the value that is wrong (the patch's name), not its key, where it is a scalar on the key's line.
    const value = e.onValue && text !== undefined ? valueAfter(text, e.span) : undefined;
    const span = value ?? e.span;
    const fix = e.suggest !== undefined && value ? nameFix(value, e.suggest) : undefined;
    out.push({
      code: e.code,
      message: `${e.unsure && e.code !== 'kustomize-render-limit' ? 'Cannot be sure (this build asks for what is not rendered here, or a kind whose merge is not reproduced): ' : ''}${e.message}${overlay ? ` (in ${overlay})` : ''}`,
      start: span[0],
      end: Math.max(span[1], span[0] + 1),
      ...(e.unsure ? { severity: 'info' as const } : {}),
      ...(fix ? { data: fix } : {}),
    });
  }
  return out;
}

/**
 * The span of the value after a key (`key`: the key's span): the plain or quoted scalar after it on its line;
 * none when the value is written otherwise (a block, an alias).
 */
function valueAfter(text: string, key: Span): Span | undefined {
  const after =
    /^[ \t]*:[ \t]*("(?:[^"\\\r\n]|\\.)*"|'(?:[^'\r\n]|'')*'|[^\s#'"&*!|>][^\r\n#]*?)[ \t]*(?:#.*)?(?:\r?\n|\r|$)/.exec(
      text.slice(key[1], key[1] + 1000),
    );
  if (!after) return undefined;
  const start = key[1] + after[0].indexOf(after[1]);
  return [start, start + after[1].length];
}

/** The quick fix writing the suggested name over a patch's `name:` value (`value`: its span). */
function nameFix(value: Span, name: string): FixData {
  const plain = /^[a-z0-9]([a-z0-9._-]*[a-z0-9])?$/i.test(name);
  return {
    fix: 'replace',
    span: value,
    candidates: [{ title: `Change to \`${name}\``, text: plain ? name : JSON.stringify(name) }],
  };
}

/**
 * The problems of several overlays placed in one file, merged: a problem found alike (same code, place and
 * words) in several overlays is shown once, naming each ("in overlays/prod and overlays/staging").
 */
export function mergeOverlays(each: readonly { overlay: string; diags: readonly Diag[] }[]): Diag[] {
  if (each.length === 1) return [...each[0].diags];
  const merged = new Map<string, { d: Diag; bare: string; overlays: string[] }>();
  for (const { overlay, diags } of each)
    for (const d of diags) {
      const suffix = ` (in ${overlay})`;
      const bare = d.message.endsWith(suffix) ? d.message.slice(0, -suffix.length) : d.message;
      const key = `${d.code}\u0000${d.start}\u0000${d.end}\u0000${bare}`;
      const hit = merged.get(key);
      if (hit) {
        if (!hit.overlays.includes(overlay)) hit.overlays.push(overlay);
      } else merged.set(key, { d, bare, overlays: [overlay] });
    }
  return [...merged.values()].map(({ d, bare, overlays }) =>
    overlays.length === 1 ? d : { ...d, message: `${bare} (in ${listed(overlays)})` },
  );
}

/** `a`, `a and b`, `a, b and c`; past five, how many more. */
function listed(names: readonly string[]): string {
  const shown = names.length > 5 ? [...names.slice(0, 4), `${names.length - 4} more overlays`] : names;
  return shown.length === 1 ? shown[0] : `${shown.slice(0, -1).join(', ')} and ${shown[shown.length - 1]}`;
}
