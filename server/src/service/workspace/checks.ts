// Cross-document checks: what a file's manifests get wrong given the rest of the workspace. Owners and
// references resolved by name, owner ids against the owner kind's path shape, reference kinds, duplicates,
// ownership cycles, and the limits a child takes from its parent (share quota and access tier against the
// account, SMB multichannel against the account kind). Diagnostics carry file offsets, like validateFile's.
import { anyVersionOf, areaOfKind, kindsOfArea, ourAreaOfGroup } from '../../model/registry';
import type { Diag } from '../diag';
import { listOf, nearest } from '../suggest';
import { describeIdType, idType, matchesShape } from './armId';
import { sitesOf, type WorkspaceIndex } from './index';
import type { Manifest, RefSite } from './model';

export interface WorkspaceCheckOptions {
  /** `cloudManifests.ownerResolution`: report owners and references missing from the workspace (`info`) or not (`off`). */
  ownerResolution?: 'info' | 'off';
  /**
   * The index holds every file of the checked file's scope. "Not found" is reported only then: while the
   * workspace is being scanned, and for a file outside the workspace folders, a missing owner proves nothing.
   */
  complete?: boolean;
  /** How another file is named in messages (default: its last path segment). */
  display?: (uri: string) => string;
}

export function defaultDisplay(uri: string): string {
  const last = uri.slice(uri.lastIndexOf('/') + 1);
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

/** Where a manifest is defined, for messages: `line 12` in the same file, else `account.yaml:12`. */
export function whereOf(index: WorkspaceIndex, m: Manifest, fromUri: string, display: (uri: string) => string = defaultDisplay): string {
  const f = index.get(m.uri);
  const offset = m.nameSpan?.[0] ?? m.span[0];
  const line = f ? f.lines().positionAt(offset).line + 1 : undefined;
  if (m.uri === fromUri) return line ? `line ${line}` : 'this file';
  return line ? `${display(m.uri)}:${line}` : display(m.uri);
}

const folderOf = (uri: string) => uri.slice(0, uri.lastIndexOf('/'));
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const a = (kind: string) => (/^[AEIOU]/.test(kind) ? `an ${kind}` : `a ${kind}`);

/** `/providers/Provider.AppConfiguration/configurationStores/<name>` or the whole id shape of a resource group. */
function expectedIdTail(shape: string): string {
  const i = shape.indexOf('/providers/');
  const tail = i >= 0 ? shape.slice(i) : shape;
  return tail.replace(/\{[^}]*\}/g, '<name>').replace(/^\/subscriptions\/<name>/, '/subscriptions/<id>');
}

/** The cross-document diagnostics of one indexed file (empty for a file the index does not hold). */
export function checkFile(index: WorkspaceIndex, uri: string, options: WorkspaceCheckOptions = {}): Diag[] {
  const file = index.get(uri);
  if (!file) return [];
  const display = options.display ?? defaultDisplay;
  const reportMissing = options.complete !== false && options.ownerResolution !== 'off';
  const out: Diag[] = [];
  const report = (code: Diag['code'], span: [number, number] | undefined, message: string) => {
    if (span) out.push({ code, start: span[0], end: Math.max(span[1], span[0]), message });
  };
  const where = (m: Manifest) => whereOf(index, m, uri, display);

  for (const m of file.manifests) {
    // References: kinds, resolution, owner ids.
    for (const site of sitesOf(m)) checkSite(index, m, site, reportMissing, report, where);

    // Duplicates: same group, kind, namespace and name, in one file or in files of one folder (applied
    // together). Copies in other folders are alternatives (environments, overlays, API versions).
    if (m.name !== undefined) {
      const twins = index
        .named(file.scope, m.namespace, m.name, uri)
        .filter((o) => o !== m && o.kind === m.kind && o.def.area === m.def.area && o.domain === m.domain && folderOf(o.uri) === folderOf(uri));
      if (twins.length > 0) {
        const places = twins.slice(0, 3).map(where).join(', ') + (twins.length > 3 ? ` and ${twins.length - 3} more` : '');
        report(
          'duplicate-resource',
          m.nameSpan,
          `${m.kind} \`${m.name}\` (namespace \`${m.namespace}\`) is defined more than once: also at ${places}. Applying both, the last one applied wins.`,
        );
      }
    }

    // Ownership cycles through owners given by name.
    if (m.owner?.nameSpan) {
      const cycle = cycleThrough(index, m);
      if (cycle) {
        const path = [...cycle, m].map((x) => `${x.kind} \`${x.name}\``).join(' → ');
        report('ownership-cycle', m.owner.nameSpan, `Ownership cycle: ${path}. An owner must exist before what it owns, so none of them can be created.`);
      }
    }

    if (m.kind === 'StorageAccountsFileServicesShare') checkShare(index, m, report, where);
    else if (m.kind === 'StorageAccountsFileService') checkFileService(index, m, report, where);
  }
  return out;
}

type Report = (code: Diag['code'], span: [number, number] | undefined, message: string) => void;

function checkSite(index: WorkspaceIndex, m: Manifest, site: RefSite, reportMissing: boolean, report: Report, where: (m: Manifest) => string): void {
  const field = `\`${site.path}\``;
  if (site.style === 'known') {
    const ownerKind = site.expectedKind!;
    if (site.armId !== undefined) {
      const shape = anyVersionOf(ownerKind)?.pathShape;
      // Queue and table services have no path shape in the spec: nothing to compare with.
      if (!shape) return;
      const ok = matchesShape(site.armId, shape);
      if (ok === false) {
        const actual = idType(site.armId)!;
        const expected = idType(shape)!.level === 'provider' ? `end in \`${expectedIdTail(shape)}\`` : `be \`${expectedIdTail(shape)}\``;
        report(
          'owner-arm-id',
          site.armIdSpan,
          `The owner of ${a(m.kind)} is ${a(ownerKind)}: its \`armId\` must ${expected}; this id names ${describeIdType(actual)}.`,
        );
      }
      return;
    }
    if (site.name === undefined) return;
    const r = index.resolve(m, site);
    if (r.status === 'wrongKind') {
      const byKind = new Map<string, Manifest[]>();
      for (const o of r.others) byKind.set(o.kind, [...(byKind.get(o.kind) ?? []), o]);
      const kinds = [...byKind].map(([k, list]) => `${a(k)} (${list.slice(0, 3).map(where).join(', ')}${list.length > 3 ? ', …' : ''})`);
      report(
        'owner-kind',
        site.nameSpan,
        `${field} names \`${site.name}\`, which is ${kinds.join(' and ')}: the owner of ${a(m.kind)} must be ${a(ownerKind)}.`,
      );
    } else if (r.status === 'notFound' && reportMissing) {
      report(
        'owner-not-found',
        site.nameSpan,
        `No ${ownerKind} named \`${site.name}\` in namespace \`${m.namespace}\` in the workspace; it may exist in the cluster.`,
      );
    }
    return;
  }

  // Arbitrary owners and resource references: `group`, `kind`, `name` (or `armId`, or `wellKnownName`).
  if (site.armId !== undefined || site.wellKnownName !== undefined || site.kind === undefined) return;
  const area = ourAreaOfGroup(site.group);
  if (!area) return; // another group: nothing known about it
  const kinds = kindsOfArea(area);
  if (!kinds.includes(site.kind)) {
    const elsewhere = areaOfKind(site.kind);
    const domain = site.group!.slice(site.group!.indexOf('.') + 1);
    const near = nearest(site.kind, kinds);
    const hint = elsewhere
      ? ` ${site.kind} is in group \`${elsewhere}.${domain}\`.`
      : near
        ? ` Did you mean \`${near}\`?`
        : '';
    report('reference-kind', site.kindSpan, `\`kind\` "${site.kind}" does not exist in group \`${site.group}\`; its kinds: ${listOf(kinds, 20)}.${hint}`);
    return;
  }
  if (site.name === undefined) return;
  const r = index.resolve(m, site);
  if (r.status !== 'notFound' || !reportMissing) return;
  const byKind = new Map<string, Manifest[]>();
  for (const o of r.others) if (o.kind !== site.kind) byKind.set(o.kind, [...(byKind.get(o.kind) ?? []), o]);
  const hint = [...byKind]
    .map(([k, list]) => ` ${cap(a(k))} of that name is defined at ${list.slice(0, 2).map(where).join(' and ')}${list.length > 2 ? ' and elsewhere' : ''}: did you mean \`kind: ${k}\`?`)
    .join('');
  report(
    site.role === 'owner' ? 'owner-not-found' : 'reference-not-found',
    site.nameSpan,
    `${site.role === 'owner' ? 'No' : `${field} names a`} ${site.kind} ${site.role === 'owner' ? 'named ' : ''}\`${site.name}\`${site.role === 'owner' ? '' : ', but none is defined'} in namespace \`${m.namespace}\` in the workspace; it may exist in the cluster.${hint}`,
  );
}

/** The owner chain of `m` when it comes back to `m` (owners given by name), without `m` at the end. */
export function cycleThrough(index: WorkspaceIndex, m: Manifest): Manifest[] | undefined {
  const chain: Manifest[] = [m];
  let cur = m;
  for (let i = 0; i < 64; i++) {
    const o = index.ownerOf(cur);
    if (!o) return undefined;
    if (o === m) return chain;
    if (chain.includes(o)) return undefined; // a cycle further up, reported on its own members
    chain.push(o);
    cur = o;
  }
  return undefined;
}

/** The storage account above a file service or share, when the workspace defines the whole chain. */
export function accountOf(index: WorkspaceIndex, m: Manifest): Manifest | undefined {
  let cur: Manifest | undefined = m;
  if (m.kind === 'StorageAccountsFileServicesShare') {
    cur = index.ownerOf(m);
    if (cur?.kind !== 'StorageAccountsFileService') return undefined;
  }
  const account = cur && index.ownerOf(cur);
  return account?.kind === 'StorageAccount' ? account : undefined;
}

const LARGE_SHARE = 5120;
const MAX_SHARE = 102400;

function checkShare(index: WorkspaceIndex, share: Manifest, report: Report, where: (m: Manifest) => string): void {
  const quota = share.values['spec.shareQuota'];
  const tier = share.values['spec.accessTier'];
  if (!quota && !tier) return;
  const account = accountOf(index, share);
  if (!account) return;
  const acct = `StorageAccount \`${account.name}\` (${where(account)})`;
  if (quota && typeof quota.value === 'number' && quota.value > LARGE_SHARE && quota.value <= MAX_SHARE) {
    const lfs = account.values['spec.largeFileSharesState']?.value;
    if (lfs !== 'Enabled') {
      report(
        'share-quota-large-file-shares',
        quota.span,
        `\`shareQuota\` ${quota.value} is above ${LARGE_SHARE} GB, but the account ${acct} does not enable large file shares: set \`largeFileSharesState: Enabled\` on the account (up to ${MAX_SHARE} GB) or lower the quota.`,
      );
    }
  }
  const kind = account.values['spec.kind']?.value;
  if (tier && typeof tier.value === 'string' && typeof kind === 'string') {
    const t = tier.value.toLowerCase();
    if (kind === 'FileStorage' && t !== 'premium') {
      report('share-access-tier-account-kind', tier.span, `\`accessTier\` ${tier.value} is not offered by the FileStorage account ${acct}: file storage accounts take only \`Premium\`.`);
    } else if (kind === 'StorageV2' && t === 'premium') {
      report(
        'share-access-tier-account-kind',
        tier.span,
        `\`accessTier\` Premium is not offered by the general-purpose v2 (StorageV2) account ${acct}: choose \`TransactionOptimized\` (the default), \`Hot\` or \`Cool\`, or own the share by a FileStorage account.`,
      );
    }
  }
}

function checkFileService(index: WorkspaceIndex, service: Manifest, report: Report, where: (m: Manifest) => string): void {
  const mc = service.values['spec.protocolSettings.smb.multichannel.enabled'];
  if (!mc || mc.value !== true) return;
  const account = accountOf(index, service);
  const kind = account?.values['spec.kind']?.value;
  if (!account || typeof kind !== 'string' || kind === 'FileStorage') return;
  report(
    'multichannel-account-kind',
    mc.span,
    `SMB multichannel applies to Premium FileStorage accounts only; the account StorageAccount \`${account.name}\` (${where(account)}) is of kind ${kind}.`,
  );
}
