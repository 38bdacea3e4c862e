// An item of a one-member-only container written flat (an advanced filter's `operatorType`, `key` and
// `values` directly in the item): wrap its entries in the member its discriminator names. A block mapping
// gets a `member:` line and every one of its lines two more spaces; a flow mapping is wrapped in
// `{member: …}`. Not offered where moving lines could change what they mean (explicit block indentation).
import type { Pair, YAMLMap } from 'yaml';
import type { Span } from '../../core/yamlNodes';
import { spanOf } from '../../core/yamlNodes';
import type { FixData } from '../../core/fixData';
import { afterEntry, eolOf, lineStartOf } from '../../core/spans';

/**
 * Block entries `pairs` of `map`, contiguous, moved under a new `member:` entry written where the first one
 * was (a manifest's `spec` fields written at its top level). Undefined unless they are one run of whole
 * lines at the mapping's indentation with nothing else between them.
 */
export function moveUnderFix(text: string, map: YAMLMap, pairs: Pair[], member: string): FixData | undefined {
  if (map.flow || pairs.length === 0) return undefined;
  const at = map.items.indexOf(pairs[0]);
  if (at < 0 || pairs.some((p, i) => map.items[at + i] !== p)) return undefined;
  const firstKey = spanOf(pairs[0].key)[0];
  const start = lineStartOf(text, firstKey);
  if (!/^[ \t]*$/.test(text.slice(start, firstKey))) return undefined;
  const last = pairs[pairs.length - 1];
  const end = afterEntry(text, last as { key: unknown; value: unknown });
  const written = text.slice(start, end);
  if (/[|>][-+]?[1-9]/.test(written)) return undefined;
  const indent = text.slice(start, firstKey);
  const eol = eolOf(text);
  const body = written.replace(/(^|\r\n|\r|\n)(?=[^\r\n])/g, '$1  ');
  const span: Span = [start, end];
  return {
    fix: 'replace',
    span,
    candidates: [
      {
        title: `Move ${pairs.length > 1 ? 'them' : 'it'} under \`${member}:\``,
        text: `${indent}${member}:${eol}${body}`,
      },
    ],
    safe: true,
    reveals: span,
  };
}

export function wrapFlatFix(text: string, map: YAMLMap, member: string): FixData | undefined {
  const [start, rawEnd] = spanOf(map);
  const written = text.slice(start, rawEnd).replace(/\s+$/, '');
  if (!written) return undefined;
  const end = start + written.length;
  const span: Span = [start, end];
  const title = `Move the entries under \`${member}\``;
  if (map.flow)
    return {
      fix: 'replace',
      span,
      candidates: [{ title, text: `{${member}: ${written}}` }],
      safe: true,
      reveals: span,
    };
  // `|2` or `>1`: an explicit indentation that two more spaces would break.
  if (/[|>][-+]?[1-9]/.test(written)) return undefined;
  const column = start - lineStartOf(text, start);
  const inner = ' '.repeat(column + 2);
  const body = written.replace(/(\r\n|\r|\n)(?=[^\r\n])/g, '$1  ');
  return {
    fix: 'replace',
    span,
    candidates: [{ title, text: `${member}:${eolOf(text)}${inner}${body}` }],
    safe: true,
    reveals: span,
  };
}
