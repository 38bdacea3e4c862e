// The checks of one manifest whose kind is known: the structural walk driven by the model (structuralWalk.ts) over its
// envelope, then the kind's cross-field rules (rules/); and what is reported when only its kind or only its
// version is unknown (with the corrections to offer).
import { isScalar, type Document, type YAMLMap } from 'yaml';
import { envelopeOf, listItemOf } from '../../model/envelope';
import { parseApiVersion, type Lookup, type Registry } from '../../model/registry';
import { typeAt } from '../../model/typePath';
import type { KindDef, ObjectType } from '../../model/types';
import type { Reporter } from '../core/diag';
import type { FixData } from '../core/fixData';
import { valueFix } from './fixes/values';
import { nearAll } from './fixes/candidates';
import { afterEntry, eolAt, lineStartOf } from '../core/spans';
import type { Memo } from '../core/memo';
import { PARTIAL_RULES, RULES } from './rules';
import { namesCloud } from './rules/nameLimit';
import { statusReadOnly } from './rules/statusReadOnly';
import { checkValidations } from './crd/rules/validations';
import { checkVersion, moveTo } from './crd/kinds/versions';
import { listOf, nearest } from '../core/suggest';
import { Walker } from './structuralWalk';
import { checkKubeManifest } from './kube';
import { NEWEST_RELEASED_MINOR } from '../core/kubernetesVersion';
import type { OtherVersionLookup } from './walkContext';
import { entry, scalarValue, spanOf } from '../core/yamlNodes';

/** The type at a path in the registry's other versions of the kind (for "exists in version …" hints). */
const otherVersions =
  (registry: Registry, def: KindDef): OtherVersionLookup =>
  (path) =>
    registry.otherVersionsOf(def).flatMap((o) => {
      const t = typeAt(envelopeOf(o), path);
      return t ? [{ version: o.version, type: t }] : [];
    });

/**
 * The envelope with `status` left unchecked: a written status only earns the read-only warning. With
 * `nameByRule`, `metadata.name`'s pattern and length are left to the name-limit rule (rules/nameLimit.ts),
 * which checks the name that is also the cloud name against both rules in one message.
 */
const walkedEnvelope = [new WeakMap<ObjectType, ObjectType>(), new WeakMap<ObjectType, ObjectType>()];
function forWalking(env: ObjectType, nameByRule: boolean): ObjectType {
  let t = walkedEnvelope[+nameByRule].get(env);
  if (!t) {
    const meta = env.fields.metadata;
    const name = meta?.type.kind === 'object' ? meta.type.fields.name : undefined;
    const plainName =
      name?.type.kind === 'string'
        ? { ...name, type: { ...name.type, pattern: undefined, patternDoc: undefined, maxLength: undefined } }
        : undefined;
    t = {
      ...env,
      fields: {
        ...env.fields,
        ...(nameByRule && meta?.type.kind === 'object' && plainName
          ? { metadata: { ...meta, type: { ...meta.type, fields: { ...meta.type.fields, name: plainName } } } }
          : {}),
        status: { ...env.fields.status, type: { kind: 'open', name: 'status', note: 'read-only' } },
      },
    };
    walkedEnvelope[+nameByRule].set(env, t);
  }
  return t;
}

export interface ChunkContext {
  doc: Document;
  text: string;
  out: Reporter;
  registry: Registry;
  memo: Memo;
  /** A Kustomize patch: nothing is missing, and only the rules that read what is written run. */
  partial?: boolean;
  /** The minor of the Kubernetes release CRDs are applied to (which CEL libraries their rules may use). */
  kubernetesMinor?: number;
}

export function checkManifest(
  { doc, text, out, registry, memo, partial, kubernetesMinor }: ChunkContext,
  root: YAMLMap,
  def: KindDef,
  envelope: ObjectType,
  label: string,
  runRules = true,
): void {
  const kindEntry = entry(root, 'kind');
  const anchor = kindEntry ? spanOf(kindEntry.value ?? kindEntry.key) : spanOf(root.items[0]?.key);
  // A value of another version's enumeration offers the move of the whole manifest there, unless that
  // version is one of a CRD's that the cluster would refuse or warn about.
  const moveToVersion =
    partial || label
      ? undefined
      : (version: string) => {
          const target = registry.otherVersionsOf(def).find((o) => o.version === version);
          if (!target || (target.crd && (!target.crd.served || target.crd.deprecated))) return undefined;
          return moveTo(doc, root, target, text);
        };
  new Walker({
    doc,
    text,
    out,
    otherVersions: otherVersions(registry, def),
    moveToVersion,
    partial,
    patchDirectives: partial,
    ...(partial && def.kube ? { itemsMerge: true } : {}),
    emptyAccepted: !!def.crd,
  }).object(root, forWalking(envelope, runRules && !partial && !def.crd && namesCloud(def, root)), label, anchor, []);
  if (!runRules) return;
  // A CRD's kind has no rule of the spec; a written `status` is ignored only with the status subresource.
  if (def.crd) {
    if (def.crd.statusSubresource) statusReadOnly.check({ def, doc, root, out, text, memo });
    if (!label) checkVersion(doc, root, def, registry, text, out);
    // Kubernetes' own kinds have no CEL rules: nothing to evaluate (and their values, a ConfigMap's 50,000
    // keys, are not converted for it). What their API server refuses beyond the schema is checked on a
    // whole manifest (never a patch) of a kind the release serves (kube/).
    if (def.kube) {
      if (!partial && !def.kube.removedIn)
        checkKubeManifest(out, text, root, def.kube.group, def.kind, kubernetesMinor ?? NEWEST_RELEASED_MINOR);
      return;
    }
    let plain: unknown;
    try {
      plain = root.toJS(doc, { maxAliasCount: 100 });
    } catch {
      return; // an alias bomb: the walk has said what there is to say
    }
    // A patch is partial: its rules are judged on the rendered resource (kustomize/renderedDiagnostics.ts),
    // never on the fields it happens to write ('no such key' for every field it leaves to the base).
    if (!partial) checkValidations(root, plain, envelope, anchor, out, label, kubernetesMinor);
    return;
  }
  for (const rule of RULES) {
    if (partial && !PARTIAL_RULES.has(rule)) continue;
    if (rule.kinds && !rule.kinds.includes(def.kind)) continue;
    rule.check({ def, doc, root, out, text, memo });
  }
}

/** A kind or version corrected: the whole document is checked afterwards. */
const withReveals = (fix: FixData | undefined, text: string): FixData | undefined =>
  fix?.fix === 'replace' ? { ...fix, reveals: [0, text.length] } : fix;

/** `at`: where the manifest sits (`items[2].` in a core `v1` `List`), for the field names of the messages. */
export function identityDiagnostics(root: YAMLMap, id: Lookup, out: Reporter, text: string, at = ''): void {
  if (id.status === 'unknownVersion') {
    const v = entry(root, 'apiVersion')!;
    const near = nearest(id.parsed.version, id.versions);
    const written = String(scalarValue(v.value));
    const prefix = written.slice(0, written.lastIndexOf('/') + 1);
    out.report(
      'unknown-version',
      spanOf(v.value),
      `\`${at}apiVersion\` version "${id.parsed.version}" does not exist for ${id.kind} in \`${id.area}.${id.parsed.domain}\`; versions: ${listOf(id.versions)}.${near ? ` Did you mean \`${near}\`?` : ''}`,
      undefined,
      withReveals(
        valueFix(
          text,
          spanOf(v.value),
          nearAll(id.parsed.version, id.versions).map((x) => prefix + x),
          true,
        ),
        text,
      ),
    );
  } else if (id.status === 'unknownKind') {
    const k = entry(root, 'kind')!;
    const near = nearest(String(scalarValue(k.value)), id.kinds);
    // A group known from CRDs alone is shared by CRDs the workspace may lack (Cluster API's
    // `infrastructure.cluster.x-k8s.io` by every provider's): the API server may well take the kind.
    const elsewhere = id.fromCrds
      ? ' No CRD read defines it: if the cluster has one, name its file in the `crds` setting.'
      : '';
    out.report(
      'unknown-kind',
      spanOf(k.value),
      `\`${at}kind\` "${String(scalarValue(k.value))}" does not exist in \`${id.area}.${id.parsed.domain}/${id.version}\`; kinds: ${listOf(id.kinds, 20)}.${near ? ` Did you mean \`${near}\`?` : ''}${elsewhere}`,
      id.fromCrds ? 'info' : undefined,
      withReveals(valueFix(text, spanOf(k.value), nearAll(String(scalarValue(k.value)), id.kinds), true), text),
    );
  }
}

/** The kind of an apiVersion that has exactly one. */
export function onlyKindOf(registry: Registry, apiVersion: string | undefined): string | undefined {
  const parsed = apiVersion ? parseApiVersion(apiVersion) : undefined;
  const kinds = parsed ? registry.kindsOf(parsed.area, parsed.version) : [];
  return kinds.length === 1 ? kinds[0].kind : undefined;
}

/** `kind: X` on the line after `apiVersion` (a block mapping only); the whole document is checked afterwards. */
export function addKindFix(root: YAMLMap, text: string, kind: string): FixData | undefined {
  const api = root.items.find((p) => isScalar(p.key) && p.key.value === 'apiVersion');
  if (root.flow || !api || !isScalar(api.key)) return undefined;
  const keyStart = spanOf(api.key)[0];
  const indent = text.slice(lineStartOf(text, keyStart), keyStart);
  if (!/^ *$/.test(indent)) return undefined;
  const at = afterEntry(text, api as { key: unknown; value: unknown });
  const eol = eolAt(text, at);
  const lead = at === text.length && !/[\r\n]$/.test(text) ? eol : '';
  return {
    fix: 'insert',
    title: `Add \`kind: ${kind}\``,
    edits: [{ at, text: `${lead}${indent}kind: ${kind}${lead ? '' : eol}` }],
    reveals: [0, text.length],
  };
}

/**
 * An item of a `<Kind>List` is checked as the kind it names: a RoleDefinition among a RoleAssignmentList's
 * items gets one error on its `kind`, then the checks of a RoleDefinition, never those of the list's kind
 * (which would call every RoleDefinition field unknown). A kind the model does not know: the `kind` only.
 */
export function checkListItem(
  cc: ChunkContext,
  item: YAMLMap,
  def: KindDef,
  i: number,
  listApiVersion: string,
  at = '',
): void {
  const label = `${at}items[${i}]`;
  const kindEntry = entry(item, 'kind');
  const written = scalarValue(kindEntry?.value);
  if (!kindEntry || typeof written !== 'string' || written === def.kind) {
    checkManifest(cc, item, def, listItemOf(def), label, true);
    return;
  }
  const apiVersion = scalarValue(entry(item, 'apiVersion')?.value);
  const named = cc.registry.lookup(typeof apiVersion === 'string' ? apiVersion : listApiVersion, written);
  if (named.status !== 'ok' || named.list) {
    // Not a kind of ours: its `kind` alone is checked (with the near-miss fix), nothing else is guessed.
    const kindType = listItemOf(def).fields.kind.type;
    new Walker({ doc: cc.doc, text: cc.text, out: cc.out }).value(
      kindEntry.value,
      kindType,
      `${label}.kind`,
      spanOf(kindEntry.key),
      ['kind'],
    );
    return;
  }
  cc.out.report(
    'enum-value',
    spanOf(kindEntry.value ?? kindEntry.key),
    `\`${label}.kind\` is ${written}, but a ${def.kind}List holds only ${def.kind} items; move this ${written} to a ${written}List or a core \`v1\` \`List\`.`,
  );
  checkManifest(cc, item, named.def, listItemOf(named.def), label, true);
}
