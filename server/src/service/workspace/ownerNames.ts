// What a new manifest's snippet (an empty document, "New Cloud Resource Manifest…") takes from the workspace:
// the namespace its folder's manifests use, and per kind the names of the workspace's manifests for the owner
// placeholder, those of that namespace first: the user picks an existing owner instead of typing it, and the
// owner picked is found (an owner is looked up in the manifest's own namespace).
import type { WorkspaceIndex } from './workspaceIndex';
import { type Manifest } from './manifest';
import { WORKSPACE_SCOPE } from '../core/scope';
import { isMasked } from './helm/mask';

export interface SnippetContext {
  /** The namespace a new manifest of the file gets (its folder's most used, else the workspace's, else `default`). */
  namespace: string;
  /** Per kind, the `metadata.name`s of the workspace files' manifests: `namespace` first, then by name. */
  names: Map<string, string[]>;
  /** The `spec.location` a new manifest of the file gets, as the namespace (none when no manifest has one). */
  location?: string;
}

const folderOf = (uri: string) => uri.slice(0, uri.lastIndexOf('/') + 1);
const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The value most manifests have (ties: by name); undefined when none has one. */
function mostUsed(manifests: Iterable<Manifest>, of: (m: Manifest) => string | undefined): string | undefined {
  const count = new Map<string, number>();
  for (const m of manifests) {
    const v = of(m);
    // A value a Helm template writes as an action says nothing of the value: not counted.
    if (v !== undefined && !isMasked(v)) count.set(v, (count.get(v) ?? 0) + 1);
  }
  return [...count].sort(([a, x], [b, y]) => y - x || byName(a, b))[0]?.[0];
}

/** The snippet's namespace and owner names for a new manifest in the file `uri` (see SnippetContext). */
export function snippetContext(index: WorkspaceIndex, uri: string): SnippetContext {
  const all: Manifest[] = [];
  for (const f of index.files()) {
    if (f.scope !== WORKSPACE_SCOPE) continue;
    // A name or namespace a Helm template writes as an action says nothing of the value: not offered.
    for (const m of f.manifests) if (!isMasked(m.namespace) && !(m.name && isMasked(m.name))) all.push(m);
  }
  const folder = folderOf(uri);
  const near = all.filter((m) => m.uri !== uri && folderOf(m.uri) === folder);
  const ofNamespace = (m: Manifest) => m.namespace;
  const namespace = mostUsed(near, ofNamespace) ?? mostUsed(all, ofNamespace) ?? 'default';
  const ofLocation = (m: Manifest) => m.location;
  const location = mostUsed(near, ofLocation) ?? mostUsed(all, ofLocation);
  const found = new Map<string, Map<string, boolean>>();
  for (const m of all) {
    if (!m.name) continue;
    const names = found.get(m.kind) ?? new Map<string, boolean>();
    names.set(m.name, (names.get(m.name) ?? false) || m.namespace === namespace);
    found.set(m.kind, names);
  }
  const names = new Map<string, string[]>();
  for (const [kind, list] of found)
    names.set(
      kind,
      [...list].sort(([a, na], [b, nb]) => Number(nb) - Number(na) || byName(a, b)).map(([n]) => n),
    );
  return location === undefined ? { namespace, names } : { namespace, names, location };
}
