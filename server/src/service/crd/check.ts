// The check of a CustomResourceDefinition document itself: what keeps the product from using it (no group
// or kind, a schema that is not structural, a Go pattern JavaScript cannot read) and where the built-in
// model is used instead of it. The document is otherwise not ours: nothing else is said about it.
import { isMap, isScalar, isSeq, type Document, type YAMLMap } from 'yaml';
import { crdNotes, isCrd, readCrd } from '../../model/crd/kinds';
import type { SchemaPath } from '../../model/crd/schema';
import type { Reporter } from '../diag';
import { entry, nodeAt, spanOf, type Span } from '../yamlNodes';
import { CRD_DOCUMENT } from '../../model/crd/shape';
import { Walker } from '../structuralWalk';
import { compileRule } from './celRules';
import { isBuiltin } from './sources';

/** Where a note about `path` goes: the key of its last step when it is a key, else the node itself. */
function spanAt(root: YAMLMap, path: SchemaPath): Span {
  for (let n = path.length; n > 0; n--) {
    const last = path[n - 1];
    if (typeof last === 'string') {
      const e = entry(nodeAt(root, path.slice(0, n - 1)), last);
      if (e) return spanOf(e.key);
    } else {
      const node = nodeAt(root, path.slice(0, n));
      if (node) return spanOf(isMap(node) && node.items[0] ? node.items[0].key : node);
    }
  }
  return spanOf(entry(root, 'kind')?.key);
}

/** Whether a document is a v1 CRD, from its top-level scalars (before any conversion). */
export function isCrdDocument(root: unknown): root is YAMLMap {
  const value = (k: string) => {
    const v = entry(root, k)?.value;
    return isScalar(v) ? v.value : undefined;
  };
  return isMap(root) && isCrd({ apiVersion: value('apiVersion'), kind: value('kind') });
}

/** Every `x-kubernetes-validations` rule of the CRD compiles (a rule that does not is never run). */
function checkRules(root: YAMLMap, out: Reporter): void {
  const seen = new Set<unknown>();
  let budget = 10_000;
  const visit = (node: unknown) => {
    if (--budget < 0 || seen.has(node)) return;
    seen.add(node);
    if (isSeq(node)) return node.items.forEach(visit);
    if (!isMap(node)) return;
    const rules = entry(node, 'x-kubernetes-validations')?.value;
    if (isSeq(rules))
      for (const r of rules.items)
        for (const key of ['rule', 'messageExpression']) {
          const e = entry(r, key);
          const text = isScalar(e?.value) ? e.value.value : undefined;
          if (typeof text !== 'string') continue;
          const c = compileRule(text);
          if (!c.ok)
            out.report(
              'crd-rule-invalid',
              spanOf(e!.value),
              `The CEL ${key === 'rule' ? 'rule' : 'message expression'} does not compile: ${c.error}. Manifests are not checked against it.`,
            );
        }
    for (const item of node.items) visit(item.value);
  };
  visit(root);
}

export function checkCrd(doc: Document, root: YAMLMap, out: Reporter, text: string): void {
  // The CRD's own fields, as for any manifest (its schemas are read below).
  const kind = entry(root, 'kind');
  new Walker({ doc, text, out }).object(root, CRD_DOCUMENT, '', spanOf(kind?.value ?? kind?.key), []);
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: 1000 });
  } catch {
    return;
  }
  if (!isCrd(value)) return;
  const h = readCrd(value);
  if ('problem' in h) return out.report('crd-schema', spanAt(root, h.path), h.problem);
  const dot = h.group.indexOf('.');
  const storage = h.versions.filter((v) => v.storage);
  if (h.versions.length > 0 && storage.length !== 1)
    out.report(
      'crd-schema',
      spanAt(root, ['spec', 'versions']),
      `Exactly one version must be the storage version (\`storage: true\`); ${storage.length === 0 ? 'none is' : `${storage.length} are: ${storage.map((v) => `\`${v.name}\``).join(', ')}`}.`,
    );
  for (const v of h.versions) {
    const def = { area: h.group.slice(0, dot), domain: h.group.slice(dot + 1), version: v.name, kind: h.kind };
    if (v.served && isBuiltin(def))
      out.report(
        'crd-builtin-wins',
        spanAt(root, [...v.path, 'name']),
        `${h.kind} \`${v.name}\` is one of the spec's kinds: its manifests are checked with the built-in model, not with this CRD's schema.`,
      );
  }
  for (const n of crdNotes(h)) out.report(n.code, spanAt(root, n.path), n.message);
  checkRules(root, out);
}
