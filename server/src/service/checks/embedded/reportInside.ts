// Places the problems found inside a scalar's value in the document, through its position map, with the
// fix a problem names written back in the scalar's own style (so the edit lands right whether the value is
// plain, quoted with escapes or a block).
import type { Scalar } from 'yaml';
import type { Reporter } from '../../core/diag';
import type { FixData } from '../../core/fixData';
import { wholeCharacters } from '../../core/lineIndex';
import { spanOf, type Span } from '../../core/yamlNodes';
import { valueMap, valueSource, type ValueMap } from './positionMap';
import type { EmbeddedFix, EmbeddedProblem } from './problem';

/** `s` as it must be written inside a scalar of `type`; undefined where it cannot be written there as is. */
export function encodeIn(type: Scalar['type'], s: string): string | undefined {
  if (/[\n\r]/.test(s)) return undefined;
  switch (type) {
    case 'QUOTE_DOUBLE':
      return s.replace(/[\\"]/g, '\\$&');
    case 'QUOTE_SINGLE':
      return s.replace(/'/g, "''");
    case 'PLAIN':
      // A plain scalar ends at ` #` or `: `; the re-validation of the fixed text would refuse it anyway.
      return /(?:\s#|:\s|:$)/.test(s) ? undefined : s;
    case 'BLOCK_LITERAL':
    case 'BLOCK_FOLDED':
      return s;
    default:
      return undefined;
  }
}

/** The text span that value characters `[from, to)` were written as; for an insertion, the empty span there. */
function editSpan(map: ValueMap, from: number, to: number): Span | undefined {
  const n = map.value.length;
  if (!map.exact || from < 0 || to > n || from > to) return undefined;
  if (from === to) {
    // Just after what wrote the character before (not after a folded break's indentation).
    const at = from > 0 ? map.to[from - 1] : map.at[0];
    return [at, at];
  }
  return [map.at[from], map.to[to - 1]];
}

function fixData(map: ValueMap, node: Scalar, fix: EmbeddedFix): FixData | undefined {
  const span = editSpan(map, fix.from, fix.to);
  if (!span) return undefined;
  const candidates = [];
  for (const c of fix.candidates) {
    const text = encodeIn(node.type, c.text);
    if (text !== undefined) candidates.push({ title: c.title, text });
  }
  return candidates.length > 0 ? { fix: 'replace', span, candidates } : undefined;
}

export function reportInside(
  out: Reporter,
  text: string | undefined,
  node: Scalar,
  problems: EmbeddedProblem[],
  label: string,
): void {
  if (problems.length === 0) return;
  const map = text !== undefined ? valueMap(text, node) : undefined;
  // The value is a document of its own: its problems are placed back through its position map.
  const source = map && text !== undefined ? valueSource(map, text) : undefined;
  for (const p of problems) {
    const span = source?.spanToUser(p.from, p.to) ?? spanOf(node);
    const data = map && p.fix ? fixData(map, node, p.fix) : undefined;
    // What is wrong first (Problems cuts long rows); where, last: the row's position already says it.
    const message = p.message[0].toUpperCase() + p.message.slice(1);
    const whole = wholeCharacters(message, text?.slice(span[0], span[1]));
    out.report(p.code, span, `${whole.replace(/\.$/, '')} (in \`${label}\`).`, p.severity, data);
  }
}
