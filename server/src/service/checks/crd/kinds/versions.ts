// A manifest of a CRD's version that is deprecated (a warning with the CRD's `deprecationWarning`) or not
// served (an error): the fix moves it to the storage version (else the newest served one) when every field
// it sets exists there with a compatible type, and otherwise the message lists what stands in the way.
// The same move (`moveTo`) serves the built-in kinds with two shapes (RoleAssignment `v20220401` /
// `v1api20220401`): a value of the other shape's enumeration is the diagnostic that offers it (structuralWalk.ts).
import { isMap, isScalar, type Document, type Scalar, type YAMLMap } from 'yaml';
import { envelopeOf } from '../../../../model/envelope';
import type { Registry } from '../../../../model/registry';
import type { KindDef, Type } from '../../../../model/types';
import type { Reporter } from '../../../core/diag';
import type { FixData } from '../../../core/fixData';
import { valueFix } from '../../fixes/values';
import { listOf } from '../../../core/suggest';
import { entry, spanOf } from '../../../core/yamlNodes';

/** Kubernetes' order of versions: GA above beta above alpha, higher numbers first; others last, by name. */
export function versionRank(v: string): [number, number, number, string] {
  const m = /^v(\d+)(?:(alpha|beta)(\d+))?$/.exec(v);
  if (!m) return [0, 0, 0, v];
  const level = m[2] === undefined ? 3 : m[2] === 'beta' ? 2 : 1;
  return [level, Number(m[1]), Number(m[3] ?? 0), v];
}

/** Newer versions first, in Kubernetes' order. */
export const newerFirst = (a: KindDef, b: KindDef): number => {
  const x = versionRank(a.version);
  const y = versionRank(b.version);
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return (y[i] as number) - (x[i] as number);
  return a.version.localeCompare(b.version);
};

/** Where a manifest of `def` should go: the storage version when served, else the newest served one. */
export function targetVersion(registry: Registry, def: KindDef): KindDef | undefined {
  const others = registry.otherVersionsOf(def).filter((d) => d.crd?.served && !d.crd.deprecated);
  return others.find((d) => d.crd?.storage) ?? [...others].sort(newerFirst)[0];
}

const MAX_BLOCKERS = 8;

/**
 * Whether a written value fits a type of the target version, shallowly (its inside is compared by key). A
 * string must also be one of the target's enumeration: what the two shapes of a built-in kind differ in.
 */
function fits(v: unknown, t: Type): boolean {
  if (v === null || t.kind === 'open') return true;
  switch (t.kind) {
    case 'string':
      if (typeof v === 'string') return !t.enum || t.enum.some((e) => e.value === v);
      return (!!t.intOrString || !!t.numeric) && typeof v === 'number';
    case 'int':
      return typeof v === 'number' && Number.isInteger(v);
    case 'number':
      return typeof v === 'number';
    case 'bool':
      return typeof v === 'boolean';
    case 'array':
      return Array.isArray(v);
    case 'map':
    case 'object':
      return typeof v === 'object' && !Array.isArray(v);
  }
}

/** The fields a manifest sets that the target version has not, or has with another type (their paths). */
export function blockers(value: unknown, t: Type, path: string, out: string[] = []): string[] {
  if (out.length >= MAX_BLOCKERS || value === null || value === undefined) return out;
  if (!fits(value, t)) {
    out.push(path);
    return out;
  }
  if (t.kind === 'object' && typeof value === 'object') {
    for (const [k, x] of Object.entries(value as Record<string, unknown>)) {
      const f = t.fields[k];
      const p = path ? `${path}.${k}` : k;
      if (!f) {
        if (t.unknownFields !== 'accept' && k !== 'status') out.push(p);
      } else if (k !== 'status') blockers(x, f.type, p, out);
      if (out.length >= MAX_BLOCKERS) break;
    }
  } else if (t.kind === 'array' && Array.isArray(value)) {
    value.forEach((x, i) => blockers(x, t.items, `${path}[${i}]`, out));
  } else if (t.kind === 'map' && typeof value === 'object') {
    for (const [k, x] of Object.entries(value as Record<string, unknown>)) blockers(x, t.values, `${path}.${k}`, out);
  }
  return out;
}

/** What moving a manifest to `target` takes, in words, and the fix when nothing stands in the way. */
export interface Move {
  advice: string;
  fix?: FixData;
}

/**
 * The move of the manifest at `root` to `target`'s version: its apiVersion rewritten (group kept) when every
 * field it sets exists there with a compatible type and value, else the fields that stand in the way.
 * Undefined when the manifest has no apiVersion string to rewrite.
 */
export function moveTo(doc: Document, root: YAMLMap, target: KindDef, text: string): Move | undefined {
  const api = entry(root, 'apiVersion');
  if (!api || !isScalar(api.value) || typeof api.value.value !== 'string') return undefined;
  const written = api.value.value;
  let plain: unknown;
  try {
    plain = root.toJS(doc, { maxAliasCount: 100 });
  } catch {
    plain = undefined; // an alias bomb: nothing is moved
  }
  const found = isMap(root) && plain !== undefined ? blockers(plain, envelopeOf(target), '') : ['spec'];
  const to = `${written.slice(0, written.lastIndexOf('/') + 1)}${target.version}`;
  if (found.length === 0)
    return {
      advice: ` Every field it sets exists in \`${target.version}\`: write \`${to}\`.`,
      fix: valueFix(text, spanOf(api.value), [to], false),
    };
  return {
    advice: ` \`${target.version}\` is the version to move to, but it does not take what the manifest writes at ${listOf(found, MAX_BLOCKERS, 'and')}: move those by hand.`,
  };
}

export function checkVersion(
  doc: Document,
  root: YAMLMap,
  def: KindDef,
  registry: Registry,
  text: string,
  out: Reporter,
): void {
  if (def.kube?.removedIn) return removedVersion(doc, root, def, registry, text, out);
  if (def.kube?.deprecated) return deprecatedVersion(doc, root, def, registry, text, out);
  const crd = def.crd;
  if (!crd || (crd.served && !crd.deprecated)) return;
  const api = entry(root, 'apiVersion');
  if (!api || !isScalar(api.value) || typeof api.value.value !== 'string') return;
  const written = api.value.value;
  const span = spanOf(api.value);
  const target = targetVersion(registry, def);
  const move = target ? moveTo(doc, root, target, text) : undefined;
  const advice = move?.advice ?? ' No other served version is defined.';
  const fix = move?.fix;
  if (!crd.served)
    out.report(
      'crd-version-not-served',
      span,
      `\`${written}\` is not served: the CustomResourceDefinition \`${crd.name}\` defines ${def.kind} \`${def.version}\` with \`served: false\`, so the cluster rejects the manifest.${advice}`,
      undefined,
      fix,
    );
  else
    out.report('crd-version-deprecated', span, `${crd.deprecated!.replace(/[.\s]*$/, '')}.${advice}`, undefined, fix);
}

/**
 * The move of a built-in kind's manifest to `replacement`: mechanical (a fix that writes it) when every field
 * the manifest sets exists there with a compatible type; otherwise the advice names the fields that differ.
 */
function kubeMove(
  doc: Document,
  root: YAMLMap,
  def: KindDef,
  registry: Registry,
  text: string,
  api: Scalar,
): { advice: string; fix?: FixData } {
  const replacement = def.kube?.replacement;
  const target = replacement ? registry.lookup(replacement, def.kind) : undefined;
  if (!replacement || target?.status !== 'ok')
    return {
      advice: def.kube?.removedIn
        ? ` No apiVersion serves ${def.kind} any more: remove the manifest.`
        : ` No other apiVersion of this release serves ${def.kind}: keep it until one does.`,
    };
  let plain: unknown;
  try {
    plain = root.toJS(doc, { maxAliasCount: 100 });
  } catch {
    plain = undefined; // an alias bomb: nothing is moved
  }
  const found = plain !== undefined ? blockers(plain, envelopeOf(target.def), '') : ['spec'];
  if (found.length === 0)
    return {
      advice: ` Write \`${replacement}\`: every field the manifest sets is the same there.`,
      fix: valueFix(text, spanOf(api), [replacement], false),
    };
  return {
    advice: ` Move it to \`${replacement}\`, whose fields differ at ${listOf(found, MAX_BLOCKERS, 'and')}: rewrite those by hand.`,
  };
}

/**
 * A manifest of one of Kubernetes' own kinds in an apiVersion the targeted release serves deprecated (its
 * `APILifecycleDeprecated()` release reached: the API server answers with a warning): the release that
 * deprecated it, the one that removes it, and the apiVersion to write (a fix where the move is mechanical).
 */
function deprecatedVersion(
  doc: Document,
  root: YAMLMap,
  def: KindDef,
  registry: Registry,
  text: string,
  out: Reporter,
): void {
  const api = entry(root, 'apiVersion');
  if (!api || !isScalar(api.value) || typeof api.value.value !== 'string') return;
  const d = def.kube!.deprecated!;
  // A release older than the oldest documents is checked with those: the deprecation may be later than it.
  if (registry.kubernetesMinor !== undefined && registry.kubernetesMinor < Number(d.since.split('.')[1])) return;
  const targeted =
    registry.kubernetesMinor !== undefined ? ` (the targeted release is 1.${registry.kubernetesMinor})` : '';
  const removal = d.removal ? ` and ${d.planned ? 'to be removed' : 'removed'} in ${d.removal}` : '';
  const move = kubeMove(doc, root, def, registry, text, api.value);
  out.report(
    'api-version-deprecated',
    spanOf(api.value),
    `\`${api.value.value}\` ${def.kind} is deprecated since Kubernetes ${d.since}${targeted}${removal}.${move.advice}`,
    undefined,
    move.fix,
  );
}

/**
 * A manifest of one of Kubernetes' own kinds in an apiVersion the targeted release no longer serves: an error
 * naming the release that removed it and the apiVersion that serves the kind now; the fix writes that
 * apiVersion when every field the manifest sets exists there with a compatible type (the move is mechanical).
 */
function removedVersion(
  doc: Document,
  root: YAMLMap,
  def: KindDef,
  registry: Registry,
  text: string,
  out: Reporter,
): void {
  const api = entry(root, 'apiVersion');
  if (!api || !isScalar(api.value) || typeof api.value.value !== 'string') return;
  const written = api.value.value;
  const kube = def.kube!;
  const targeted =
    registry.kubernetesMinor !== undefined ? ` (the targeted release is 1.${registry.kubernetesMinor})` : '';
  const move = kubeMove(doc, root, def, registry, text, api.value);
  out.report(
    'api-version-removed',
    spanOf(api.value),
    `\`${written}\` ${def.kind} is no longer served: Kubernetes ${kube.removedIn} removed it${targeted}.${move.advice}`,
    undefined,
    move.fix,
  );
}
