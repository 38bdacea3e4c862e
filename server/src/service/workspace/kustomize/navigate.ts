// Go to definition from a patch to the resource it patches: on the patch's `metadata.name` (or `kind`),
// the manifests of the workspace with that kind and name, the one in the patch's namespace first (an
// overlay's base is usually in another folder and often in no namespace: the overlay sets it).
import { isMap } from 'yaml';
import { analysisTree, chunkAt, type ParsedFile } from '../../core/parse';
import type { Loc } from '../navigate';
import type { WorkspaceIndex } from '../workspaceIndex';
import { entry, scalarValue, spanOf } from '../../core/yamlNodes';

export function patchedResources(index: WorkspaceIndex, file: ParsedFile, offset: number): Loc[] {
  const chunk = chunkAt(file, offset);
  const root = analysisTree(chunk).contents;
  if (!isMap(root)) return [];
  const at = offset - chunk.offset;
  const kindNode = entry(root, 'kind')?.value;
  const meta = entry(root, 'metadata')?.value;
  const nameNode = isMap(meta) ? entry(meta, 'name')?.value : undefined;
  const within = (n: unknown) => {
    const [s, e] = spanOf(n);
    return e > s && s <= at && at <= e;
  };
  if (!within(kindNode) && !within(nameNode)) return [];
  const kind = scalarValue(kindNode);
  const name = scalarValue(nameNode);
  const namespace = isMap(meta) ? scalarValue(entry(meta, 'namespace')?.value) : undefined;
  if (typeof kind !== 'string' || typeof name !== 'string') return [];
  const found = [];
  for (const f of index.files()) for (const m of f.manifests) if (m.kind === kind && m.name === name) found.push(m);
  const rank = (ns: string) => (ns === (namespace ?? 'default') ? 0 : 1);
  return found
    .sort((a, b) => rank(a.namespace) - rank(b.namespace) || (a.uri < b.uri ? -1 : a.uri > b.uri ? 1 : 0))
    .map((m) => ({ uri: m.uri, span: m.nameSpan ?? m.span }));
}

/** The span of a patch document's `metadata.name` under the cursor (its text without quotes), if there. */
export function patchNameSpan(file: ParsedFile, offset: number): [number, number] | undefined {
  const chunk = chunkAt(file, offset);
  const root = analysisTree(chunk).contents;
  const meta = isMap(root) ? entry(root, 'metadata')?.value : undefined;
  const nameNode = isMap(meta) ? entry(meta, 'name')?.value : undefined;
  const [s, e] = spanOf(nameNode);
  const at = offset - chunk.offset;
  if (!(e > s && s <= at && at <= e) || typeof scalarValue(nameNode) !== 'string') return undefined;
  const raw = file.text.slice(chunk.offset + s, chunk.offset + e);
  const quoted = (raw[0] === '"' || raw[0] === "'") && raw.length >= 2;
  return quoted ? [chunk.offset + s + 1, chunk.offset + e - 1] : [chunk.offset + s, chunk.offset + e];
}
