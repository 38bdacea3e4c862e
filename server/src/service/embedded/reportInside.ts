// Places the problems found inside a scalar's value in the document, through its position map.
import type { Scalar } from 'yaml';
import type { Reporter } from '../diag';
import { spanOf } from '../yamlNodes';
import { valueMap, valueSource } from './positionMap';
import type { EmbeddedProblem } from './problem';

export function reportInside(
  out: Reporter,
  text: string | undefined,
  node: Scalar,
  problems: EmbeddedProblem[],
  label: string,
): void {
  if (problems.length === 0) return;
  // The value is a document of its own: its problems are placed back through its position map.
  const source = text !== undefined ? valueSource(valueMap(text, node)) : undefined;
  for (const p of problems) {
    const span = source?.spanToUser(p.from, p.to) ?? spanOf(node);
    out.report(p.code, span, `\`${label}\`: ${p.message}`, p.severity);
  }
}
