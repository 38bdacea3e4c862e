// Where text lies in a YAML source, for fixes that remove or insert whole entries of block mappings. Lines
// are YAML's: they end at LF (or CRLF). A lone CR is no line break to YAML (it is part of a comment or a
// value), so an edit that took it for one would put a comment inside a value or end a line YAML continues.
import { isScalar, type Node, type YAMLMap } from 'yaml';
import { spanOf, type Span } from './yamlNodes';

export const lineStartOf = (text: string, at: number): number => text.lastIndexOf('\n', at - 1) + 1;

/** The offset just after the line break ending the line that holds `at` (the text's end on the last line). */
export function afterLineOf(text: string, at: number): number {
  const lf = text.indexOf('\n', at);
  return lf < 0 ? text.length : lf + 1;
}

/** The line break a text uses: CRLF when it has one, else LF (a lone CR is no line break to YAML). */
export const eolOf = (text: string): string => (text.includes('\r\n') ? '\r\n' : '\n');

/**
 * The line break to write for a line inserted at `at` (a line start): the one ending the line before it, or
 * else the line it goes before, so that a CRLF file keeps CRLF and one lone CR elsewhere changes nothing.
 */
export function eolAt(text: string, at: number): string {
  if (at > 0 && text[at - 1] === '\n') return text[at - 2] === '\r' ? '\r\n' : '\n';
  const lf = text.indexOf('\n', at);
  if (lf >= 0) return text[lf - 1] === '\r' ? '\r\n' : '\n';
  return text.includes('\r\n') ? '\r\n' : '\n';
}

/** The end of an entry's last line that holds something of it (its value, or a comment after it). */
function entryEnd(text: string, pair: { key: unknown; value: unknown }): number {
  let last = Math.max(spanOf(pair.key)[1], pair.value ? spanOf(pair.value)[1] : 0);
  while (last > 0 && /\s/.test(text[last - 1])) last--;
  return afterLineOf(text, Math.max(0, last - 1));
}

/** Anchors inside a removed text: removing them would break aliases elsewhere. */
const ANCHOR = /(?:^|[\s:\-[{,])&[^\s,[\]{}]/;

/**
 * The span that removes entry `i` of a block mapping with its whole value and its trailing comment,
 * leaving the other entries and their comments as they are. Undefined where removal cannot be clean:
 * a flow mapping, the only entry (the parent would be left without a value), an entry defining an anchor.
 */
export function entryRemoval(text: string, map: YAMLMap, i: number): Span | undefined {
  const pair = map.items[i];
  if (!pair || map.flow || map.items.length < 2 || !isScalar(pair.key)) return undefined;
  const keyStart = spanOf(pair.key)[0];
  const end = entryEnd(text, pair as { key: unknown; value: unknown });
  const lineStart = lineStartOf(text, keyStart);
  const prefix = text.slice(lineStart, keyStart);
  let span: Span | undefined;
  if (/^[ \t]*$/.test(prefix)) span = [lineStart, end];
  else if (/^[ \t]*(?:-[ \t]+)+$/.test(prefix)) {
    // The first key of a list item (`- key: …`): the next key moves up behind the dash.
    const next = map.items[i + 1];
    if (!next || !isScalar(next.key)) return undefined;
    const nextStart = spanOf(next.key)[0];
    if (text.slice(end, nextStart).trim() !== '') return undefined;
    if (nextStart - lineStartOf(text, nextStart) !== keyStart - lineStart) return undefined;
    span = [keyStart, nextStart];
  }
  if (!span || ANCHOR.test(text.slice(span[0], span[1]))) return undefined;
  return span;
}

/** `entryRemoval` of the entry whose key node is `key`. */
export function removalOfKey(text: string, map: YAMLMap, key: Node): Span | undefined {
  const i = map.items.findIndex((p) => p.key === key);
  return i < 0 ? undefined : entryRemoval(text, map, i);
}

/** After the line of an entry's value: where an entry inserted after it starts. */
export const afterEntry = (text: string, pair: { key: unknown; value: unknown }): number => entryEnd(text, pair);
