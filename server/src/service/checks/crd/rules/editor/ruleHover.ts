// Hover on a CEL rule (or message expression) inside a CRD: the type `self` has there, as the rule is
// type-checked (selfType.ts), with the fields it can read; a transition rule says it is not run on
// manifests. The embedded CEL hover serves the operator's expressions; a CRD's rules are not a format
// of the model, so they are found here by their place in the document.
import { isMap, isPair, isScalar, isSeq, type Scalar, type YAMLMap } from 'yaml';
import { spanOf, type Span } from '../../../../core/yamlNodes';
import { isTransitionRule } from '../celRules';
import { DYN, placeOf, SelfTypes, selfTypeText, type SelfType } from '../compile/selfType';

/** The rule scalar at a document offset: its path (indexes for sequence items), span and node. */
export function ruleAt(
  node: unknown,
  off: number,
  path: (string | number)[],
): { path: (string | number)[]; span: Span; value: unknown; node: Scalar } | undefined {
  const inside = (n: unknown) => {
    const [s, e] = spanOf(n);
    return e > s && off >= s && off <= e;
  };
  if (isMap(node))
    for (const it of node.items) {
      if (isPair(it) && it.value && inside(it.value) && isScalar(it.key))
        return ruleAt(it.value, off, [...path, String(it.key.value)]);
    }
  else if (isSeq(node)) {
    const i = node.items.findIndex(inside);
    if (i >= 0) return ruleAt(node.items[i], off, [...path, i]);
  } else if (isScalar(node) && inside(node)) {
    const n = path.length;
    const key = path[n - 1];
    if (n >= 3 && path[n - 3] === 'x-kubernetes-validations' && (key === 'rule' || key === 'messageExpression'))
      return { path, span: spanOf(node), value: node.value, node: node as Scalar };
  }
  return undefined;
}

/** The type of `self` for the rule at `path` (of a CRD document `root`), and the schema place it is at. */
export function selfAtRule(
  root: YAMLMap,
  path: (string | number)[],
): { self: SelfType; where: ReturnType<typeof placeOf> } {
  const schemaPath = path.slice(0, -3);
  const where = placeOf(schemaPath);
  let schema: unknown;
  let current: unknown = root;
  for (const k of schemaPath) current = isMap(current) || isSeq(current) ? current.get(k, true) : undefined;
  try {
    schema = isMap(current) ? current.toJSON() : undefined;
  } catch {
    schema = undefined;
  }
  return { self: where && schema ? new SelfTypes().of(schema, where.label, where.root) : DYN, where };
}

/** The markdown of a hover on a rule of the CRD document `root` at `offset` (document-local), if any. */
export function crdRuleHover(root: YAMLMap, offset: number): { markdown: string; span: Span } | undefined {
  const hit = ruleAt(root, offset, []);
  if (!hit) return undefined;
  const { self, where } = selfAtRule(root, hit.path);
  const at = where ? (where.label ? `\`${where.label}\`` : 'the root of the resource') : 'this node';
  const lines = [
    `**\`self\`** — \`${selfTypeText(self)}\`: the value at ${at}, typed from the schema as the API server types it.`,
  ];
  if (self.kind === 'object') {
    const fields = Object.entries(self.fields).map(([k, t]) => `\`${k}\` ${selfTypeText(t)}`);
    if (fields.length > 0) lines.push(`Fields: ${fields.slice(0, 40).join(', ')}${fields.length > 40 ? ', …' : ''}.`);
    else
      lines.push(
        'No fields: the schema declares none, and fields it does not declare (preserved or not) are not reachable from a rule.',
      );
  } else if (self.kind === 'dyn')
    lines.push(
      'Its type is known only at evaluation (no type, int-or-string, or a time or bytes format): the rule is not type-checked against it.',
    );
  if (typeof hit.value === 'string' && isTransitionRule(hit.value))
    lines.push(
      'A transition rule (it reads `oldSelf`, the object as stored): run on a manifest against its committed version (`compareWith`, HEAD by default), as the API server runs it on an update; not on a new file.',
    );
  return { markdown: lines.join('\n\n'), span: hit.span };
}
