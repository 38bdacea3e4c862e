// Where an embedded expression is under the cursor (embeddedAssist.ts): the string scalar that holds it, its
// language (PromQL or CEL, from the model's format) and its position map.
import { isMap, isPair, isScalar, isSeq, type Scalar } from 'yaml';
import { MarkupKind } from '../core/editorTypes';
import type { KindDef } from '../../model/types';
import { identifyChunk } from '../checks/identity';
import { chunkAt } from '../core/parse';
import type { ParsedFile } from '../core/parse';
import { keyName, spanOf } from '../core/yamlNodes';
import { envelopeOf } from '../../model/envelope';
import { whereOf, type Where } from '../checks/embedded/cel/celCheck';
import { resolvePath } from '../../model/typePath';
import { splitsCharacter } from '../core/lineIndex';
import { valueMap, valueOffset, type ValueMap } from '../checks/embedded/positionMap';

export type Language = { lang: 'promql' } | { lang: 'cel'; def: KindDef; where: Where };

export interface Site {
  language: Language;
  node: Scalar;
  map: ValueMap;
  /** The cursor as a value offset. */
  at: number;
  /** Chunk offset, to turn chunk-relative spans into file offsets. */
  base: number;
  /** The chunk's text (the map's offsets are into it). */
  text: string;
}

/** The string scalar whose text holds `off` (its end included: the cursor after the last character). */
export function scalarAt(node: unknown, off: number, path: string[]): { node: Scalar; path: string[] } | undefined {
  if (isMap(node)) {
    for (const it of node.items) {
      if (!isPair(it) || !it.value) continue;
      const [s, e] = spanOf(it.value);
      if (off >= s && off <= e) {
        const name = keyName(it);
        return name === undefined ? undefined : scalarAt(it.value, off, [...path, name]);
      }
    }
    return undefined;
  }
  if (isSeq(node)) {
    for (const it of node.items) {
      const [s, e] = spanOf(it);
      if (off >= s && off <= e) return scalarAt(it, off, [...path, '[]']);
    }
    return undefined;
  }
  if (isScalar(node) && typeof node.value === 'string') return { node: node as Scalar, path };
  return undefined;
}

/** The language of the value at a key path: the format the model gives its type (`promql`, `cel`). */
export function languageOf(path: string[], def: KindDef): Language | undefined {
  // A `<Kind>List` item is a manifest under `items[]`.
  const p = path[0] === 'items' && path[1] === '[]' ? path.slice(2) : path;
  const t = resolvePath(envelopeOf(def), p).type;
  if (t?.kind !== 'string') return undefined;
  if (t.format === 'promql') return { lang: 'promql' };
  if (t.format === 'cel') return { lang: 'cel', def, where: whereOf(p) };
  return undefined;
}

/**
 * The expression under the cursor: its site, `'between'` when the cursor is in the scalar but not between two
 * of its characters (on a block scalar's header line, in the indentation, after a closing quote, inside an
 * escape or a surrogate pair), where no edit could both contain the cursor and be whole; undefined elsewhere.
 */
export function siteAt(file: ParsedFile, offset: number): Site | 'between' | undefined {
  const chunk = chunkAt(file, offset);
  const local = offset - chunk.offset;
  const id = identifyChunk(chunk, local);
  if (!id.def) return undefined;
  const hit = scalarAt(chunk.doc.contents, local, []);
  if (!hit) return undefined;
  const language = languageOf(hit.path, id.def);
  if (!language) return undefined;
  const map = valueMap(chunk.text, hit.node);
  const [start] = spanOf(hit.node);
  // Before the opening quote or block indicator: not inside the expression.
  if (local <= start && hit.node.type !== 'PLAIN') return undefined;
  const t = chunk.text;
  if (splitsCharacter(t, local)) return 'between';
  const block = hit.node.type === 'BLOCK_LITERAL' || hit.node.type === 'BLOCK_FOLDED';
  if (block && !/\n/.test(t.slice(start, local))) return 'between';
  const at = valueOffset(map, local);
  // Where no character of the value was written (an edit placed at the next one would not hold the cursor).
  if (!map.exact || map.at[at] !== local) return 'between';
  return { language, node: hit.node, map, at, base: chunk.offset, text: t };
}

export const md = (value: string) => ({ kind: MarkupKind.Markdown, value });

/**
 * The range a completion replacing value characters `[from, site.at)` edits: from where the first was
 * written to the cursor. LSP requires it on the cursor's line and holding the cursor: where those characters
 * were written across a line break (a double-quoted value continued with `\`), no such edit could replace
 * them, and undefined says so (no items).
 */
export function rangeOf(file: ParsedFile, site: Site, from: number) {
  const cursor = site.map.at[site.at];
  const start = from < site.at ? site.map.at[from] : cursor;
  if (start > cursor || /[\r\n]/.test(site.text.slice(start, cursor))) return undefined;
  return file.lines.range(site.base + start, site.base + cursor);
}
