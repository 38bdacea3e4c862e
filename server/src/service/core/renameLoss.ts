// What a rename of a resource that holds data loses, worded once: the changes check warns with it after a
// rename (checks/changes/), and rename asks for confirmation with it before one (host/navigation.ts).
import type { KindDef } from '../../model/types';

/**
 * What renaming the `def` manifest `name` deletes, as a phrase after "Renaming …": a new `metadata.name` is a
 * delete and a create; undefined for a kind that holds no data.
 */
export function renameDeletes(def: KindDef, name: string): string | undefined {
  return def.holdsData && `deletes the ${def.kind} '${name}' and creates a new one: ${def.holdsData} are lost`;
}
