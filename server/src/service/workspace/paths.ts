// The cloud resource path a manifest creates: its kind's path shape, filled from the owner chain (owners in
// the workspace, owner ids, or the owner's name when the owner is not in the workspace) and `cloudName`
// (default `metadata.name`). Placeholders that nothing fills stay as they are (`{subscriptionId}`).
import type { Registry } from '../../model/registry';
import type { WorkspaceIndex } from './workspaceIndex';
import type { Manifest } from './manifest';

const isPlaceholder = (s: string | undefined) => !!s && /^\{[^}]*\}$/.test(s);

/** The name a manifest has in the cloud: `cloudName`, else `metadata.name`, else a generated UUID. */
export function cloudNameOf(m: Manifest): string | undefined {
  if (m.cloudName !== undefined && m.cloudName !== '') return m.cloudName;
  if (m.def.cloudNameDefault === 'uuid') return '{generated UUID}';
  return m.name;
}

/** A kind's path shape with its own name filled in (an owner that is not in the workspace). */
function guessed(registry: Registry, kind: string | undefined, name: string | undefined): string | undefined {
  const shape = kind ? registry.anyVersionOf(kind)?.pathShape : undefined;
  if (!shape) return undefined;
  const segs = shape.split('/');
  if (name !== undefined && isPlaceholder(segs[segs.length - 1])) segs[segs.length - 1] = name;
  return segs.join('/');
}

/** The resource path of a manifest; undefined when the spec gives its kind no path shape. */
export function resourcePath(index: WorkspaceIndex, m: Manifest, depth = 0): string | undefined {
  const shape = m.def.pathShape;
  if (!shape) return undefined;
  const segs = shape.split('/');
  const last = segs.length - 1;
  const own = cloudNameOf(m);
  if (own !== undefined && isPlaceholder(segs[last])) segs[last] = own;
  const owner = m.owner;
  if (!owner || depth > 16) return segs.join('/');

  const resolved = index.resolve(m, owner);
  const target = resolved.status === 'found' ? resolved.targets[0] : undefined;
  const ownerKind = owner.style === 'known' ? owner.expectedKind : owner.kind;
  const ownerPath =
    owner.armId ?? (target ? resourcePath(index, target, depth + 1) : guessed(index.registry, ownerKind, owner.name));
  if (!ownerPath) return segs.join('/');

  if (segs[1] === '{scope}') return `${ownerPath.replace(/\/+$/, '')}/${segs.slice(2).join('/')}`;
  const ownerShape = ownerKind ? index.registry.anyVersionOf(ownerKind)?.pathShape : undefined;
  if (!ownerShape) return segs.join('/');
  const n = ownerShape.split('/').length;
  const ownerSegs = ownerPath.split('/');
  // An owner id of another shape (reported by owner-arm-id) leaves the placeholders in place.
  if (ownerSegs.length !== n) return segs.join('/');
  return [...ownerSegs, ...segs.slice(n)].join('/');
}

/**
 * The code lens title of a resource path: what follows the provider namespace, at most its last two type/name
 * pairs (`…/blobServices/default/containers/uploads`), so a child resource's lens is not cut off; the whole
 * path is in the tooltip and is what clicking copies.
 */
export function shortResourcePath(path: string): string {
  const i = path.lastIndexOf('/providers/');
  const tail =
    i >= 0
      ? path
          .slice(i + '/providers/'.length)
          .split('/')
          .slice(1)
      : path.split('/').filter(Boolean).slice(-2);
  return tail.length > 4 ? `…/${tail.slice(-4).join('/')}` : tail.join('/');
}
