// Resource ids against path shapes: what type an `armId` names, and whether it is the type an owner kind's
// path shape describes (`…/providers/Provider.AppConfiguration/configurationStores/<name>`).

/** The type path of a resource id or path shape: `Provider.Storage/storageAccounts/blobServices`. */
export interface IdType {
  /** `subscription`, `resourceGroup`, or `provider` (a resource under a provider namespace). */
  level: 'subscription' | 'resourceGroup' | 'provider';
  /** Provider namespace and resource types, for `provider`: `Provider.Storage/storageAccounts/blobServices`. */
  type?: string;
  /** Segments after `providers/<namespace>`, as pairs of type and name. */
  pairs: [type: string, name: string][];
  /** The id has a `resourceGroups/<name>` segment. */
  inResourceGroup: boolean;
}

const isPlaceholder = (s: string) => /^\{[^}]*\}$/.test(s);

/** Splits an id or a shape into its type path; undefined when it is neither `/subscriptions/…` nor `/{scope}/…`. */
export function idType(id: string): IdType | undefined {
  const segs = id.split('/');
  if (segs[0] !== '' || segs.length < 3) return undefined;
  let i = 1;
  if (segs[i]?.toLowerCase() !== 'subscriptions' || !segs[i + 1]) return undefined;
  i += 2;
  let level: IdType['level'] = 'subscription';
  let inResourceGroup = false;
  if (segs[i]?.toLowerCase() === 'resourcegroups') {
    if (!segs[i + 1]) return undefined;
    level = 'resourceGroup';
    inResourceGroup = true;
    i += 2;
  }
  if (i >= segs.length) return { level, pairs: [], inResourceGroup };
  if (segs[i]?.toLowerCase() !== 'providers' || !segs[i + 1]) return undefined;
  const ns = segs[i + 1];
  i += 2;
  const pairs: [string, string][] = [];
  while (i < segs.length) {
    const t = segs[i];
    const n = segs[i + 1];
    if (!t || n === undefined || n === '') return undefined;
    pairs.push([t, n]);
    i += 2;
  }
  if (pairs.length === 0) return undefined;
  return { level: 'provider', type: `${ns}/${pairs.map((p) => p[0]).join('/')}`, pairs, inResourceGroup };
}

/** Human form of an id's type: `Provider.Storage/storageAccounts`, `a resource group`, `a subscription`. */
export function describeIdType(t: IdType): string {
  if (t.level === 'provider') return `\`${t.type}\``;
  return t.level === 'resourceGroup' ? 'a resource group (`Provider.Resources/resourceGroups`)' : 'a subscription';
}

/**
 * Whether `armId` names a resource of the type `shape` describes. Types, the provider namespace and the
 * `resourceGroups` segment compare case-insensitively; fixed names in the shape (`blobServices/default`)
 * must match too. Undefined when the id does not parse (the `format` check reports that).
 */
export function matchesShape(armId: string, shape: string): boolean | undefined {
  const id = idType(armId);
  const want = idType(shape);
  if (!id || !want) return undefined;
  if (id.level !== want.level || id.inResourceGroup !== want.inResourceGroup) return false;
  if (want.level !== 'provider') return true;
  if (id.type!.toLowerCase() !== want.type!.toLowerCase()) return false;
  return want.pairs.every(([, n], i) => isPlaceholder(n) || n.toLowerCase() === id.pairs[i][1].toLowerCase());
}
