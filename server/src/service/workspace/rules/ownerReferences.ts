// Owners and resource references, resolved by name in the workspace: an owner of the wrong kind, an `armId`
// that does not fit the owner kind's path shape, a reference `kind` that its group does not have, and owners
// or references the workspace does not define (information: they may exist in the cluster).
import { listOf, nearest } from '../../core/suggest';
import { describeIdType, idType, matchesShape } from '../armId';
import { sitesOf, type RefSite } from '../manifest';
import { capitalized, groupByKind, withArticle, type CrossFileContext, type CrossFileRule } from './crossFileContext';

/** `/providers/Provider.AppConfiguration/configurationStores/<name>` or the whole id shape of a resource group. */
function expectedIdTail(shape: string): string {
  const i = shape.indexOf('/providers/');
  const tail = i >= 0 ? shape.slice(i) : shape;
  return tail.replace(/\{[^}]*\}/g, '<name>').replace(/^\/subscriptions\/<name>/, '/subscriptions/<id>');
}

export const ownerReferences: CrossFileRule = {
  codes: ['owner-arm-id', 'owner-kind', 'owner-not-found', 'reference-kind', 'reference-not-found'],
  check(ctx) {
    // References to Kubernetes objects and the operator's destinations: kubeReferences.ts.
    for (const site of sitesOf(ctx.m)) if (site.style !== 'object') checkSite(ctx, site);
  },
};

function checkSite({ index, m, reportMissing, report, where }: CrossFileContext, site: RefSite): void {
  const field = `\`${site.path}\``;
  if (site.style === 'known') {
    const ownerKind = site.expectedKind!;
    if (site.armId !== undefined) {
      const owner = index.registry.anyVersionOf(ownerKind);
      // Queue and table services have no path shape in the spec: reference-shapes.md gives their id's.
      const shape = owner?.pathShape ?? owner?.ownerIdShape;
      if (!shape) return;
      const ok = matchesShape(site.armId, shape);
      if (ok === false) {
        const actual = idType(site.armId)!;
        const expected =
          idType(shape)!.level === 'provider'
            ? `end in \`${expectedIdTail(shape)}\``
            : `be \`${expectedIdTail(shape)}\``;
        report(
          'owner-arm-id',
          site.armIdSpan,
          `The owner of ${withArticle(m.kind)} is ${withArticle(ownerKind)}: its \`armId\` must ${expected}; this id names ${describeIdType(actual)}.`,
        );
      }
      return;
    }
    if (site.name === undefined) return;
    const r = index.resolve(m, site);
    if (r.status === 'wrongKind') {
      const kinds = groupByKind(r.others).map(
        ([k, list]) => `${withArticle(k)} (${list.slice(0, 3).map(where).join(', ')}${list.length > 3 ? ', …' : ''})`,
      );
      report(
        'owner-kind',
        site.nameSpan,
        `${field} names \`${site.name}\`, which is ${kinds.join(' and ')}: the owner of ${withArticle(m.kind)} must be ${withArticle(ownerKind)}.`,
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
  const area = index.registry.ourAreaOfGroup(site.group);
  if (!area) return; // another group: nothing known about it
  const kinds = index.registry.kindsOfArea(area);
  if (!kinds.includes(site.kind)) {
    const elsewhere = index.registry.areaOfKind(site.kind);
    const domain = site.group!.slice(site.group!.indexOf('.') + 1);
    const near = nearest(site.kind, kinds);
    const hint = elsewhere
      ? ` ${site.kind} is in group \`${elsewhere}.${domain}\`.`
      : near
        ? ` Did you mean \`${near}\`?`
        : '';
    report(
      'reference-kind',
      site.kindSpan,
      `\`kind\` "${site.kind}" does not exist in group \`${site.group}\`; its kinds: ${listOf(kinds, 20)}.${hint}`,
    );
    return;
  }
  if (site.name === undefined) return;
  const r = index.resolve(m, site);
  if (r.status !== 'notFound' || !reportMissing) return;
  const hint = groupByKind(r.others.filter((o) => o.kind !== site.kind))
    .map(
      ([k, list]) =>
        ` ${capitalized(withArticle(k))} of that name is defined at ${list.slice(0, 2).map(where).join(' and ')}${list.length > 2 ? ' and elsewhere' : ''}: did you mean \`kind: ${k}\`?`,
    )
    .join('');
  report(
    site.role === 'owner' ? 'owner-not-found' : 'reference-not-found',
    site.nameSpan,
    `${site.role === 'owner' ? 'No' : `${field} names a`} ${site.kind} ${site.role === 'owner' ? 'named ' : ''}\`${site.name}\`${site.role === 'owner' ? '' : ', but none is defined'} in namespace \`${m.namespace}\` in the workspace; it may exist in the cluster.${hint}`,
  );
}
