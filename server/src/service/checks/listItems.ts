// The manifests a list document holds, each as the kind it names: the items of a `<Kind>List` (an item of
// another known kind as that kind, one of an unknown kind left out) and the items of ours in a core
// `apiVersion: v1` `kind: List` (what `kubectl get -o yaml` writes). The workspace index and the outline
// read them; validate.ts checks them with the same rule.
import { isMap, isSeq, type YAMLMap } from 'yaml';
import type { ParsedApiVersion, Registry } from '../../model/registry';
import type { KindDef } from '../../model/types';
import { entry, scalarValue } from '../core/yamlNodes';

export interface ListedManifest {
  item: YAMLMap;
  def: KindDef;
  parsed: ParsedApiVersion;
}

/** `apiVersion: v1`, `kind: List`. */
export function isCoreList(root: YAMLMap): boolean {
  return scalarValue(entry(root, 'apiVersion')?.value) === 'v1' && scalarValue(entry(root, 'kind')?.value) === 'List';
}

/** The item's own `apiVersion` and `kind`, the list's where it leaves them out. */
function identifyItem(
  registry: Registry,
  item: YAMLMap,
  apiVersion: unknown,
  kind: string | undefined,
): ListedManifest | undefined {
  const a = scalarValue(entry(item, 'apiVersion')?.value) ?? apiVersion;
  const k = scalarValue(entry(item, 'kind')?.value) ?? kind;
  const id = registry.lookup(a, k);
  return id.status === 'ok' && !id.list ? { item, def: id.def, parsed: id.parsed } : undefined;
}

/**
 * The manifests of a `<Kind>List` (`def` its item kind) or of a core `v1` `List` (`def` undefined),
 * at most one level of list inside a core list.
 */
export function listedManifests(root: YAMLMap, def: KindDef | undefined, registry: Registry): ListedManifest[] {
  const items = entry(root, 'items')?.value;
  if (!isSeq(items)) return [];
  const out: ListedManifest[] = [];
  const apiVersion = scalarValue(entry(root, 'apiVersion')?.value);
  for (const it of items.items) {
    if (!isMap(it)) continue;
    if (def) {
      const m = identifyItem(registry, it, apiVersion, def.kind);
      if (m) out.push(m);
      continue;
    }
    const own = registry.lookup(scalarValue(entry(it, 'apiVersion')?.value), scalarValue(entry(it, 'kind')?.value));
    if (own.status !== 'ok') continue;
    if (!own.list) out.push({ item: it, def: own.def, parsed: own.parsed });
    else for (const m of listedManifests(it, own.def, registry)) out.push(m);
  }
  return out;
}
