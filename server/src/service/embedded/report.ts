// Places the problems found inside a scalar's value in the document, through its position map.
import type { Scalar } from 'yaml';
import type { Reporter } from '../diag';
import { wholeCharacters } from '../text';
import { spanOf } from '../yamlNodes';
import { spanIn, valueMap } from './positionMap';
import type { EmbeddedProblem } from './problem';

export function reportInside(
  out: Reporter,
  text: string | undefined,
  node: Scalar,
  problems: EmbeddedProblem[],
  label: string,
): void {
  if (problems.length === 0) return;
  const map = text !== undefined ? valueMap(text, node) : undefined;
  for (const p of problems) {
    const span = map && text !== undefined ? spanIn(text, map, p.from, p.to) : spanOf(node);
    out.report(p.code, span, `\`${label}\`: ${wholeCharacters(p.message, text?.slice(span[0], span[1]))}`, p.severity);
  }
}
