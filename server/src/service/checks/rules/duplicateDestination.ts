// operatorSpec: two destinations (`secrets.*`, `secretExpressions[]`; `configMaps.*`,
// `configMapExpressions[]`) must not write the same `name` and `key` (reference-shapes.md).
import { isMap, isSeq, type Node } from 'yaml';
import { entry, keyName, scalarValue, spanOf } from '../../core/yamlNodes';
import { find, type Rule } from './ruleContext';

interface Dest {
  label: string;
  name: string;
  key: string;
  node: Node;
}

function destinations(operatorSpec: unknown, fixed: string, expressions: string): Dest[] {
  const out: Dest[] = [];
  const add = (label: string, item: unknown) => {
    const name = scalarValue(entry(item, 'name')?.value);
    const keyE = entry(item, 'key');
    const key = scalarValue(keyE?.value);
    if (typeof name === 'string' && typeof key === 'string' && keyE)
      out.push({ label, name, key, node: keyE.value as Node });
  };
  const fixedMap = entry(operatorSpec, fixed)?.value;
  if (isMap(fixedMap)) for (const p of fixedMap.items) add(`operatorSpec.${fixed}.${keyName(p)}`, p.value);
  const list = entry(operatorSpec, expressions)?.value;
  if (isSeq(list)) list.items.forEach((item, i) => add(`operatorSpec.${expressions}[${i}]`, item));
  return out;
}

export const duplicateDestination: Rule = {
  codes: ['duplicate-destination'],
  check({ root, out, def }) {
    const op = find(root, ['spec', 'operatorSpec']);
    if (!op || !isMap(op.value)) return;
    const opType = def.spec.fields.operatorSpec?.type;
    const has = (f: string) => opType?.kind === 'object' && f in opType.fields;
    for (const [fixed, exprs, what] of [
      ['secrets', 'secretExpressions', 'secret'],
      ['configMaps', 'configMapExpressions', 'config map'],
    ] as const) {
      const seen = new Map<string, Dest>();
      // Only fields the kind has are destinations (others are unknown fields), taken in document order.
      const all = destinations(op.value, has(fixed) ? fixed : '', has(exprs) ? exprs : '').sort(
        (a, b) => a.node.range![0] - b.node.range![0],
      );
      for (const d of all) {
        const id = `${d.name}\u0000${d.key}`;
        const first = seen.get(id);
        if (first)
          out.report(
            'duplicate-destination',
            spanOf(d.node),
            `\`spec.${d.label}\` writes ${what} "${d.name}" key "${d.key}", which \`spec.${first.label}\` already writes; each destination needs its own name and key.`,
          );
        else seen.set(id, d);
      }
    }
  },
};
