// The names of the workspace's manifests per kind, for the owner placeholder of a new manifest's snippet
// (an empty document, "New Cloud Resource Manifest…"): the user picks an existing owner instead of typing it.
import type { WorkspaceIndex } from './workspaceIndex';
import { WORKSPACE_SCOPE } from './manifest';
import { isMasked } from '../helm/mask';

/** Per kind, the `metadata.name`s of the workspace files' manifests: namespace `default` first, then by name. */
export function namesByKind(index: WorkspaceIndex): Map<string, string[]> {
  const found = new Map<string, Map<string, boolean>>();
  for (const f of index.files()) {
    if (f.scope !== WORKSPACE_SCOPE) continue;
    for (const m of f.manifests) {
      // A name a Helm template writes as an action is no name to offer (it says nothing of the value).
      if (!m.name || isMasked(m.name)) continue;
      const names = found.get(m.kind) ?? new Map<string, boolean>();
      names.set(m.name, (names.get(m.name) ?? false) || m.namespace === 'default');
      found.set(m.kind, names);
    }
  }
  const out = new Map<string, string[]>();
  for (const [kind, names] of found)
    out.set(
      kind,
      [...names].sort(([a, da], [b, db]) => Number(db) - Number(da) || (a < b ? -1 : a > b ? 1 : 0)).map(([n]) => n),
    );
  return out;
}
