// Completion and hover inside embedded expressions: PromQL in a rule's `expression` (functions, aggregation
// operators and keywords, with signatures and docs) and CEL in a destination expression's `value` (fields
// of `self` and `secret` walked from the model, with their docs and types; variables and functions).
// Both read the scalar under the cursor through its position map.
import type { CompletionItem } from '../core/editorTypes';
import type { ParsedFile } from '../core/parse';
import { spanIn } from '../checks/embedded/positionMap';
import { siteAt, type Site } from './embeddedSite';
import { inLabelList, inPromqlLiteral, promqlHover, promqlItems, promqlSpot } from './promqlAssist';
import { celHover, celItems } from './celAssist';

/**
 * Whether completion opened by `trigger` belongs here: in CEL after a `.`; in PromQL after `(` or `,` where
 * an expression starts (not in a label list, a matcher or a range), and where a label name or value goes:
 * `{`, `,` or `(` of `by (…)` before a label, `=` (of `=`, `!=`) before a value.
 */
function triggerFits(site: Site, trigger: string): boolean {
  const v = site.map.value;
  if (site.language.lang === 'cel') return trigger === '.';
  const spot = promqlSpot(v, site.at);
  if (spot) return spot.kind === 'label' ? trigger !== '=' : trigger === '=';
  if (trigger !== '(' && trigger !== ',') return false;
  return !inPromqlLiteral(v, site.at) && !inLabelList(v, site.at);
}

/**
 * Completion inside an embedded expression; undefined when the cursor is not in one. `trigger`: the
 * character that opened it by itself, honoured only where it makes sense (else nothing).
 */
export function embeddedCompletion(file: ParsedFile, offset: number, trigger?: string): CompletionItem[] | undefined {
  const site = siteAt(file, offset);
  if (!site) return undefined;
  if (site === 'between') return [];
  if (trigger && !triggerFits(site, trigger)) return [];
  if (site.language.lang === 'promql') return promqlItems(file, site);
  return celItems(file, site as Site & { language: { lang: 'cel' } });
}

/** Hover inside an embedded expression: file offsets of the word and its markdown. */
export function embeddedHover(
  file: ParsedFile,
  offset: number,
): { markdown: string; start: number; end: number } | undefined {
  const site = siteAt(file, offset);
  if (!site || site === 'between') return undefined;
  const h =
    site.language.lang === 'promql' ? promqlHover(site) : celHover(site as Site & { language: { lang: 'cel' } });
  if (!h) return undefined;
  const [s, e] = spanIn(site.text, site.map, h.from, h.to);
  return { markdown: h.markdown, start: site.base + s, end: site.base + e };
}
