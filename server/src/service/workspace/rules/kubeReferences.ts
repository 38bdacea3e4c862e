// References between Kubernetes objects (kubeRefs.ts: a pod template's ConfigMaps, Secrets, claims and
// service account, an Ingress backend's Service, a binding's role and subjects, an autoscaler's target; the
// operator's `…FromConfig` ConfigMaps, for their keys): an object the workspace does not define is
// information (the cluster may hold it); a key the one ConfigMap or Secret of that name does not define, or a port its Service does
// not expose, a warning — only where the object is certain: written once, literally, as it is applied.
import { listOf, nearest } from '../../core/suggest';
import type { Manifest, RefSite } from '../manifest';
import type { Writer } from '../workspaceIndex';
import { withArticle, type CrossFileContext, type CrossFileRule } from './crossFileContext';

export const kubeReferences: CrossFileRule = {
  codes: ['object-not-found', 'object-key-not-found', 'object-port-not-found'],
  check(ctx) {
    for (const site of ctx.m.refs)
      if (site.style === 'object' && site.role === 'reference' && site.name !== undefined) checkSite(ctx, site);
  },
};

/** Every namespace has a ServiceAccount `default`: naming it needs no manifest. */
const ALWAYS_THERE: ReadonlySet<string> = new Set(['ServiceAccount/default']);

function checkSite(ctx: CrossFileContext, site: RefSite): void {
  const { index, m, report } = ctx;
  const kind = site.expectedKind!;
  const name = site.name!;
  const facts = site.object!;
  const r = index.resolve(m, site);
  if (r.status === 'notFound') {
    if (!ctx.reportMissing || facts.optional || ALWAYS_THERE.has(`${kind}/${name}`)) return;
    // The operator's `…FromConfig` ConfigMaps are made by other tools as often as by manifests: their
    // references resolve (definition, keys) but a missing one is not said.
    if (!m.def.kube) return;
    if (ctx.objects.generated(kind, name)) return;
    const ns = facts.clusterScoped
      ? ''
      : facts.namespace !== undefined
        ? ` (namespace \`${facts.namespace}\`)`
        : m.namespaced
          ? ` (namespace \`${m.namespace}\`)`
          : ` (for the namespace this ${m.kind} is applied to)`;
    report(
      'object-not-found',
      site.nameSpan,
      `No ${kind} named \`${name}\` in the workspace${ns}; it may exist in the cluster.`,
    );
    return;
  }
  if (r.status !== 'found' || facts.optional) return;
  if (facts.keys) checkKeys(ctx, site, r.targets, r.writers ?? []);
  if (facts.port) checkPort(ctx, site, r.targets);
}

/**
 * The one object a reference certainly names, when it is: the only object of its kind and name in the
 * workspace (no copy in another namespace or overlay folder), applied as written, no generator of that name.
 */
function certain(ctx: CrossFileContext, site: RefSite, targets: readonly Manifest[]): Manifest | undefined {
  if (targets.length !== 1) return undefined;
  const t = targets[0];
  const all = ctx.index
    .objectsNamed(ctx.scope, site.name!)
    .filter((o) => o.kind === t.kind && o.def.kube?.group === t.def.kube?.group);
  if (all.length !== 1) return undefined;
  if (ctx.objects.generated(t.kind, site.name!) || !ctx.objects.literal(t.uri, t.kind, site.name!)) return undefined;
  return t;
}

function checkKeys(
  ctx: CrossFileContext,
  site: RefSite,
  targets: readonly Manifest[],
  writers: readonly Writer[],
): void {
  let keys: readonly string[] | undefined;
  let what: string;
  if (writers.length === 0) {
    const t = certain(ctx, site, targets);
    keys = t?.dataKeys;
    what = t ? `${t.kind} \`${site.name}\` (${ctx.where(t)})` : '';
  } else {
    // Written by the operator alone: the keys its destinations write, when each names its key.
    if (targets.length > 0 || writers.some((w) => w.site.object?.anyKeys)) return;
    if (ctx.objects.generated(site.expectedKind!, site.name!)) return;
    keys = [...new Set(writers.flatMap((w) => (w.site.object?.keys ?? []).map((k) => k.key)))];
    what = `The ${site.expectedKind} \`${site.name}\` that ${writers
      .slice(0, 2)
      .map((w) => `${withArticle(w.manifest.kind)} writes (${ctx.where(w.manifest)})`)
      .join(' and ')}${writers.length > 2 ? ' and others write' : ''}`;
  }
  if (!keys || keys.length === 0) return;
  for (const k of site.object!.keys ?? []) {
    if (keys.includes(k.key)) continue;
    const near = nearest(k.key, keys);
    const subject = writers.length === 0 ? `${what} defines no key` : `${what} has no key`;
    ctx.report(
      'object-key-not-found',
      k.span,
      `${subject} \`${k.key}\`${near ? `: did you mean \`${near}\`?` : '.'} Its keys: ${listOf([...keys], 10, 'and')}.`,
    );
  }
}

function checkPort(ctx: CrossFileContext, site: RefSite, targets: readonly Manifest[]): void {
  const t = certain(ctx, site, targets);
  const ports = t?.ports;
  const port = site.object!.port!;
  if (!t || !ports || ports.length === 0) return;
  const wanted = port.name ?? port.number!;
  if (ports.includes(wanted)) return;
  const names = ports.filter((p): p is string => typeof p === 'string');
  const numbers = ports.filter((p): p is number => typeof p === 'number');
  const near = typeof wanted === 'string' ? nearest(wanted, names) : undefined;
  const exposed =
    typeof wanted === 'string'
      ? names.length > 0
        ? `its named ports: ${listOf(names, 10, 'and')}`
        : 'none of its ports has a name'
      : `its ports: ${numbers.join(', ')}`;
  ctx.report(
    'object-port-not-found',
    port.span,
    `Service \`${site.name}\` (${ctx.where(t)}) exposes no port ${typeof wanted === 'string' ? `named \`${wanted}\`` : wanted}${near ? `: did you mean \`${near}\`?` : ''}; ${exposed}.`,
  );
}
