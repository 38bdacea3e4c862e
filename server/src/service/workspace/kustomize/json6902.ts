// JSON 6902 patch operations (`- op: replace`, `path: /spec/sku/name`, `value: …`) checked against the model
// of the resource they target: the path must exist in the kind, and a value written must fit the field
// there (the same walk as a manifest's, so types, enums and limits read alike). A target that is not one of
// our kinds, or none at all, leaves the operations unchecked: they may patch anybody's resource.
import { isMap, isSeq, type Document, type Node } from 'yaml';
import { envelopeOf } from '../../../model/envelope';
import type { Registry } from '../../../model/registry';
import type { KindDef, Type } from '../../../model/types';
import { Reporter, type Diag } from '../../core/diag';
import { listOf, nearest } from '../../core/suggest';
import { Walker } from '../../checks/structuralWalk';
import { entry, scalarValue, spanOf } from '../../core/yamlNodes';
import type { PatchTarget } from './kustomization';
import { clip } from './render';

/** The document is a list of operations (`op` in each item): Kustomize reads it as JSON 6902. */
/** A document that is a YAML list at its root (`- op: …`): cheaper than a parse for the common case. */
export const listAtRoot = (text: string): boolean => /^(?:[ \t]*(?:#.*)?\r?\n)*-[ \t\r\n]/.test(text);

export const isJson6902 = (root: unknown): boolean =>
  isSeq(root) && root.items.length > 0 && root.items.every((i) => isMap(i) && entry(i, 'op') !== undefined);

/** The definitions a target can mean: its exact version, else every version of the kind in its group. */
export function targetDefs(registry: Registry, target: PatchTarget | undefined): KindDef[] {
  if (!target?.kind) return [];
  const area = target.group ? target.group.split('.')[0] : undefined;
  return registry.kinds.filter(
    (d) => d.kind === target.kind && (!area || d.area === area) && (!target.version || d.version === target.version),
  );
}

const OPS: ReadonlySet<string> = new Set(['add', 'remove', 'replace', 'move', 'copy', 'test']);
const unescape = (s: string) => s.replace(/~1/g, '/').replace(/~0/g, '~');

/** The type at a JSON pointer in a kind's envelope; `missing` names the first segment it does not have. */
function pointerType(def: KindDef, segments: string[]): { type?: Type; missing?: number; fields?: string[] } {
  let t: Type | undefined = envelopeOf(def);
  for (let i = 0; i < segments.length; i++) {
    const seg = segments[i];
    if (t.kind === 'object') {
      const f: { type: Type } | undefined = t.fields[seg];
      if (!f) return { missing: i, fields: Object.keys(t.fields) };
      t = f.type;
    } else if (t.kind === 'array') {
      if (seg !== '-' && !/^(?:0|[1-9]\d*)$/.test(seg)) return { missing: i };
      t = t.items;
    } else if (t.kind === 'map') t = t.values;
    else if (t.kind === 'open') return {};
    else return { missing: i };
  }
  return { type: t };
}

/** The problems of a list of operations; spans are offsets in the text of `doc`. */
export function checkOperations(
  doc: Document,
  text: string,
  target: PatchTarget | undefined,
  registry: Registry,
): Diag[] {
  const defs = targetDefs(registry, target);
  const root = doc.contents;
  if (defs.length === 0 || !isSeq(root)) return [];
  const out = new Reporter();
  for (const item of root.items) {
    if (!isMap(item)) continue;
    const op = scalarValue(entry(item, 'op')?.value);
    const pathNode = entry(item, 'path')?.value;
    const path = scalarValue(pathNode);
    if (typeof op !== 'string' || !OPS.has(op) || typeof path !== 'string' || !path.startsWith('/')) continue;
    const segments = path.slice(1).split('/').map(unescape);
    const found = defs.map((d) => pointerType(d, segments));
    const hit = found.find((f) => f.missing === undefined);
    if (!hit) {
      const f = found[0];
      const at = f.missing ?? 0;
      const near = f.fields ? nearest(segments[at], f.fields) : undefined;
      const where = at === 0 ? 'The manifest' : `\`${clip(`/${segments.slice(0, at).join('/')}`)}\``;
      out.report(
        'unknown-field',
        spanOf(pathNode),
        `The patch path \`${clip(path)}\` does not exist in ${defs[0].kind}: ${where} has no \`${clip(segments[at], 100)}\`.${near ? ` Did you mean \`${near}\`?` : f.fields ? ` Allowed: ${listOf(f.fields, 8)}.` : ''}`,
      );
      continue;
    }
    const value = entry(item, 'value');
    if (!hit.type || !value || (op !== 'add' && op !== 'replace' && op !== 'test')) continue;
    new Walker({ doc, text, out, emptyAccepted: defs.some((d) => !!d.crd) }).value(
      value.value as Node,
      hit.type,
      path,
      spanOf(value.key),
      segments,
    );
  }
  return out.diags;
}
