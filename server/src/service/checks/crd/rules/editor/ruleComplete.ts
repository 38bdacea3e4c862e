// Completion inside a CEL rule (or message expression) of a CRD's `x-kubernetes-validations`: after `self.`
// (and `self.a.b.`), the fields the schema gives the value there, typed as the rule's type check types
// them (selfType.ts), with their escaped names (`port__dash__name`) as CEL must write them.
import type { YAMLMap } from 'yaml';
import { CompletionItemKind, InsertTextFormat, type CompletionItem } from '../../../../core/editorTypes';
import { spanIn, valueMap, valueOffset } from '../../../embedded/positionMap';
import { splitsCharacter } from '../../../../core/lineIndex';
import { ruleAt, selfAtRule } from './ruleHover';
import { selfTypeText, type SelfType } from '../compile/selfType';

/** An item's edit as offsets in the document (the caller turns them into a range). */
export interface RuleCompletion {
  items: (Omit<CompletionItem, 'textEdit'> & { newText: string })[];
  /** Document-local offsets of the text the items replace (the part of the name typed). */
  from: number;
  to: number;
}

/**
 * The fields offered at `offset` (document-local) of a CRD document `root` whose text is `text`; undefined
 * where the cursor is not after `self.` in a rule.
 */
export function crdRuleCompletion(root: YAMLMap, text: string, offset: number): RuleCompletion | undefined {
  const hit = ruleAt(root, offset, []);
  if (!hit || typeof hit.value !== 'string' || splitsCharacter(text, offset)) return undefined;
  const map = valueMap(text, hit.node);
  if (!map.exact) return undefined;
  const at = valueOffset(map, offset);
  // Where no character of the value was written (an escape, a folded break): no edit could hold the cursor.
  if (at < map.value.length ? map.at[at] !== offset : offset !== map.to[map.value.length - 1]) return undefined;
  const m = /(?:^|[^\w.])self((?:\.[A-Za-z_]\w*)*)\.([A-Za-z_]\w*)?$/.exec(map.value.slice(0, at));
  if (!m) return undefined;
  let t: SelfType = selfAtRule(root, hit.path).self;
  for (const seg of m[1].split('.').filter(Boolean)) {
    if (t.kind === 'object') t = t.fields[seg] ?? { kind: 'dyn' };
    else if (t.kind === 'map') t = t.values;
    else return { items: [], from: offset, to: offset };
  }
  if (t.kind !== 'object') return { items: [], from: offset, to: offset };
  const word = m[2] ?? '';
  const [from, to] = word ? spanIn(text, map, at - word.length, at) : [offset, offset];
  const items = Object.entries(t.fields)
    .filter(([name]) => name !== word)
    .map(([name, type]) => ({
      label: name,
      kind: CompletionItemKind.Field,
      detail: selfTypeText(type),
      newText: name,
      insertTextFormat: InsertTextFormat.PlainText,
    }));
  return { items, from, to };
}
