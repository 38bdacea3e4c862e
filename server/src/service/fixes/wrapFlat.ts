// An item of a one-member-only container written flat (an advanced filter's `operatorType`, `key` and
// `values` directly in the item): wrap its entries in the member its discriminator names. A block mapping
// gets a `member:` line and every one of its lines two more spaces; a flow mapping is wrapped in
// `{member: …}`. Not offered where moving lines could change what they mean (explicit block indentation).
import type { YAMLMap } from 'yaml';
import type { Span } from '../yamlNodes';
import { spanOf } from '../yamlNodes';
import type { FixData } from './data';
import { eolOf, lineStartOf } from './spans';

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
