// Document symbols (the outline: `Kind name` per manifest, its fields nested below) and workspace symbols
// (every manifest of the workspace, by `Kind name`).
import { isMap, isPair, isScalar, isSeq, type Node } from 'yaml';
import { SymbolKind, type DocumentSymbol, type SymbolInformation } from '../core/editorTypes';
import { memoKey } from '../core/memo';
import { analysisTree, type ParsedDoc, type ParsedFile } from '../core/parse';
import { LineIndex } from '../core/lineIndex';
import { isCoreList, listedManifests } from '../checks/listItems';
import { identify } from '../checks/identity';
import { entry, keyName, scalarValue } from '../core/yamlNodes';
import type { WorkspaceIndex } from './workspaceIndex';
import { labelOf } from './manifest';

const MAX_DEPTH = 12;
const MAX_CHILDREN = 1000;

type R = [number, number];

/** Start and value end of a node (trailing comments left out). */
const rangeOf = (node: unknown): R | undefined => {
  const r = (node as { range?: [number, number, number] } | null)?.range;
  return r ? [r[0], r[1]] : undefined;
};

function detailOf(node: unknown): string | undefined {
  if (!isScalar(node) || node.value === null || node.value === undefined) return undefined;
  const s = String(node.value).replace(/\s+/g, ' ');
  return s.length > 60 ? `${s.slice(0, 57)}…` : s;
}

function kindOf(node: unknown): SymbolKind {
  if (isMap(node)) return SymbolKind.Object;
  if (isSeq(node)) return SymbolKind.Array;
  if (isScalar(node)) {
    const v = node.value;
    if (typeof v === 'number') return SymbolKind.Number;
    if (typeof v === 'boolean') return SymbolKind.Boolean;
    if (v === null) return SymbolKind.Null;
    return SymbolKind.String;
  }
  return SymbolKind.Field;
}

/**
 * The outline symbols of one chunk, positions relative to the chunk's start, cached by its content key:
 * the outline of a large file after an edit recomputes the edited resource only (and needs no tree for
 * the others, which may have been released).
 */
export function chunkSymbols(chunk: Pick<ParsedDoc, 'key' | 'doc' | 'text' | 'store'>): DocumentSymbol[] {
  const cache = chunk.store.memo.get(SYMBOLS);
  const hit = cache.get(chunk.key);
  if (hit) return hit;
  const out: DocumentSymbol[] = [];
  cache.set(chunk.key, out);
  const root = analysisTree(chunk).contents;
  if (!isMap(root)) return out;
  const id = identify(root, chunk.store.registry);
  const core = id.status !== 'ok' && isCoreList(root);
  if (id.status !== 'ok' && !core) return out;
  const lines = new LineIndex(chunk.text);
  const range = (r: R) => lines.range(r[0], r[1]);

  const fields = (node: unknown, depth: number): DocumentSymbol[] => {
    if (depth > MAX_DEPTH) return [];
    const children: DocumentSymbol[] = [];
    if (isMap(node)) {
      for (const item of node.items.slice(0, MAX_CHILDREN)) {
        if (!isPair(item)) continue;
        const k = keyName(item);
        const kr = rangeOf(item.key);
        if (k === undefined || !kr) continue;
        const vr = rangeOf(item.value);
        const whole: R = [kr[0], Math.max(kr[1], vr?.[1] ?? kr[1])];
        children.push({
          name: k || '""',
          detail: detailOf(item.value),
          kind: k === 'owner' || /References?$/.test(k) ? SymbolKind.Key : kindOf(item.value),
          range: range(whole),
          selectionRange: range(kr),
          children: fields(item.value, depth + 1),
        });
      }
    } else if (isSeq(node)) {
      node.items.slice(0, MAX_CHILDREN).forEach((it, i) => {
        const r = rangeOf(it);
        if (!r) return;
        const named = isMap(it) ? scalarValue(entry(it, 'name')?.value) : undefined;
        children.push({
          name: `[${i}]`,
          detail: typeof named === 'string' ? named : detailOf(it),
          kind: kindOf(it),
          range: range(r),
          selectionRange: range([r[0], r[0]]),
          children: fields(it, depth + 1),
        });
      });
    }
    return children;
  };

  const manifest = (node: Node, kind: string): DocumentSymbol | undefined => {
    const r = rangeOf(node);
    if (!r) return undefined;
    const meta = entry(node, 'metadata')?.value;
    const nameNode = entry(meta, 'name')?.value;
    const name = scalarValue(nameNode);
    const ns = scalarValue(entry(meta, 'namespace')?.value);
    const sel = rangeOf(nameNode) ?? rangeOf(entry(node, 'kind')?.value) ?? [r[0], r[0]];
    return {
      name: labelOf({ kind, name: typeof name === 'string' ? name : undefined }),
      detail: typeof ns === 'string' ? `namespace ${ns}` : undefined,
      kind: SymbolKind.Class,
      range: range(r),
      selectionRange: range(sel),
      children: fields(node, 1),
    };
  };

  if (id.status === 'ok' && !id.list) {
    const s = manifest(root, id.def.kind);
    if (s) out.push(s);
  } else {
    // A list: its items as the kinds they name (a core `v1` `List` shows its items of ours only).
    const def = id.status === 'ok' ? id.def : undefined;
    const children = listedManifests(root, def, chunk.store.registry).flatMap(
      (m) => manifest(m.item, m.def.kind) ?? [],
    );
    if (core && children.length === 0) return out;
    const r = rangeOf(root)!;
    const kindNode = entry(root, 'kind')?.value;
    out.push({
      name: def ? `${def.kind}List` : 'List',
      detail: `${children.length} item${children.length === 1 ? '' : 's'}`,
      kind: SymbolKind.Module,
      range: range(r),
      selectionRange: range(rangeOf(kindNode) ?? [r[0], r[0]]),
      children,
    });
  }
  // Editors expect each symbol inside its parent: a parser's recovery from broken YAML may leave a child's
  // range past its parent's, so a parent's range is widened to hold its children.
  contain(out);
  return out;
}

/**
 * Outline size beyond which the deepest levels are left out. The full outline of a 5,000-resource file is
 * 80,000 symbols, 19 MB of JSON that no outline view can show and that every request (VS Code asks after
 * each edit) would pay to move and send; every manifest stays, fields go from the bottom up.
 */
export const SYMBOL_BUDGET = 10_000;

/** The outline of a file: each chunk's cached symbols moved to where the chunk starts. */
export function documentSymbols(file: ParsedFile): DocumentSymbol[] {
  const chunks = file.docs.map((d) => ({ d, symbols: chunkSymbols(d) })).filter((c) => c.symbols.length > 0);
  const perDepth: number[] = [];
  for (const c of chunks) countsOf(c.symbols).forEach((n, i) => (perDepth[i] = (perDepth[i] ?? 0) + n));
  // The deepest level that keeps the outline within budget; the top level always.
  let depth = 1;
  let total = perDepth[0] ?? 0;
  while (depth < perDepth.length && total + perDepth[depth] <= SYMBOL_BUDGET) total += perDepth[depth++];
  const out: DocumentSymbol[] = [];
  for (const { d, symbols } of chunks) {
    const at = file.lines.positionAt(d.offset);
    for (const s of symbols) out.push(moved(s, at.line, at.character, depth));
  }
  return out;
}

/** By chunk, one cache per analysis (memo.ts). */
const SYMBOLS = memoKey(() => new WeakMap<object, DocumentSymbol[]>());

type Pos = { line: number; character: number };
const before = (a: Pos, b: Pos) => a.line < b.line || (a.line === b.line && a.character < b.character);

/** Widens each symbol's range to hold its children's and its selection range. */
function contain(list: DocumentSymbol[]): void {
  for (const s of list) {
    if (!s.children?.length) continue;
    contain(s.children);
    for (const c of s.children) {
      if (before(c.range.start, s.range.start)) s.range = { ...s.range, start: c.range.start };
      if (before(s.range.end, c.range.end)) s.range = { ...s.range, end: c.range.end };
    }
  }
}
const depthCounts = new WeakMap<DocumentSymbol[], number[]>();

/** How many symbols a chunk's outline has at each depth (index 0: the top level). */
function countsOf(symbols: DocumentSymbol[]): number[] {
  let counts = depthCounts.get(symbols);
  if (counts) return counts;
  const c: number[] = [];
  const walk = (list: DocumentSymbol[], depth: number) => {
    c[depth] = (c[depth] ?? 0) + list.length;
    for (const s of list) if (s.children?.length) walk(s.children, depth + 1);
  };
  walk(symbols, 0);
  depthCounts.set(symbols, (counts = c));
  return counts;
}

/** A copy of a chunk-relative symbol placed in a chunk starting at `line`, `character`, `depth` levels deep. */
function moved(s: DocumentSymbol, line: number, character: number, depth: number): DocumentSymbol {
  const pos = (p: { line: number; character: number }) => ({
    line: p.line + line,
    character: p.line === 0 ? p.character + character : p.character,
  });
  return {
    ...s,
    range: { start: pos(s.range.start), end: pos(s.range.end) },
    selectionRange: { start: pos(s.selectionRange.start), end: pos(s.selectionRange.end) },
    children: depth > 1 ? s.children?.map((c) => moved(c, line, character, depth - 1)) : undefined,
  };
}

/** Whether the letters of `query` appear in `label` in order (case-insensitive). */
function fuzzy(query: string, label: string): boolean {
  const q = query.toLowerCase().replace(/\s+/g, '');
  if (!q) return true;
  const l = label.toLowerCase();
  let i = 0;
  for (let j = 0; j < l.length && i < q.length; j++) if (l[j] === q[i]) i++;
  return i === q.length;
}

/** Manifests of the workspace matching a query, as `Kind name` symbols; names containing the query first. */
export function workspaceSymbols(index: WorkspaceIndex, query: string, limit = 1000): SymbolInformation[] {
  const q = query.trim().toLowerCase();
  const hits: { rank: number; info: SymbolInformation }[] = [];
  for (const m of index.manifests()) {
    if (m.name === undefined) continue;
    const label = labelOf(m);
    if (!fuzzy(q, label)) continue;
    const f = index.get(m.uri)!;
    const span = m.nameSpan ?? m.span;
    const name = m.name.toLowerCase();
    const rank = !q
      ? 0
      : name === q
        ? 0
        : name.startsWith(q)
          ? 1
          : name.includes(q)
            ? 2
            : label.toLowerCase().includes(q)
              ? 3
              : 4;
    hits.push({
      rank,
      info: {
        name: label,
        kind: SymbolKind.Class,
        containerName: `namespace ${m.namespace}`,
        location: { uri: m.uri, range: f.lines().range(span[0], span[1]) },
      },
    });
    // Enough exact matches: stop looking.
    if (hits.length >= limit * 4) break;
  }
  // Ties in the order of the workspace's content, not the order files were indexed.
  const where = (h: { info: SymbolInformation }) => h.info.location;
  return hits
    .sort(
      (a, b) =>
        a.rank - b.rank ||
        (a.info.name < b.info.name ? -1 : a.info.name > b.info.name ? 1 : 0) ||
        (where(a).uri < where(b).uri ? -1 : where(a).uri > where(b).uri ? 1 : 0) ||
        where(a).range.start.line - where(b).range.start.line,
    )
    .slice(0, limit)
    .map((h) => h.info);
}
