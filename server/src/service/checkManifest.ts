// The checks of one manifest whose kind is known: the structural walk driven by the model (walk.ts) over its
// envelope, then the kind's cross-field rules (rules/); and what is reported when only its kind or only its
// version is unknown (with the corrections to offer).
import type { Document, YAMLMap } from 'yaml';
import { envelopeOf } from '../model/envelope';
import type { Lookup, Registry } from '../model/registry';
import { typeAt } from '../model/typePath';
import type { KindDef, ObjectType } from '../model/types';
import type { Reporter } from './diag';
import type { FixData } from './fixes/data';
import { valueFix } from './fixes/values';
import { nearAll } from './fixes/candidates';
import type { Memo } from './memo';
import { RULES } from './rules';
import { statusReadOnly } from './rules/statusReadOnly';
import { checkValidations } from './crd/validations';
import { checkVersion } from './crd/versions';
import { listOf, nearest } from './suggest';
import { Walker, type OtherVersionLookup } from './walk';
import { entry, scalarValue, spanOf } from './yamlNodes';

/** The type at a path in the registry's other versions of the kind (for "exists in version …" hints). */
const otherVersions =
  (registry: Registry, def: KindDef): OtherVersionLookup =>
  (path) =>
    registry.otherVersionsOf(def).flatMap((o) => {
      const t = typeAt(envelopeOf(o), path);
      return t ? [{ version: o.version, type: t }] : [];
    });

/** The envelope with `status` left unchecked: a written status only earns the read-only warning. */
const walkedEnvelope = new WeakMap<ObjectType, ObjectType>();
function forWalking(env: ObjectType): ObjectType {
  let t = walkedEnvelope.get(env);
  if (!t) {
    t = {
      ...env,
      fields: {
        ...env.fields,
        status: { ...env.fields.status, type: { kind: 'open', name: 'status', note: 'read-only' } },
      },
    };
    walkedEnvelope.set(env, t);
  }
  return t;
}

export interface ChunkContext {
  doc: Document;
  text: string;
  out: Reporter;
  registry: Registry;
  memo: Memo;
}

export function checkManifest(
  { doc, text, out, registry, memo }: ChunkContext,
  root: YAMLMap,
  def: KindDef,
  envelope: ObjectType,
  label: string,
  runRules = true,
): void {
  const kindEntry = entry(root, 'kind');
  const anchor = kindEntry ? spanOf(kindEntry.value ?? kindEntry.key) : spanOf(root.items[0]?.key);
  new Walker({ doc, text, out, otherVersions: otherVersions(registry, def) }).object(
    root,
    forWalking(envelope),
    label,
    anchor,
    [],
  );
  if (!runRules) return;
  // A CRD's kind has no rule of the spec; a written `status` is ignored only with the status subresource.
  if (def.crd) {
    if (def.crd.statusSubresource) statusReadOnly.check({ def, doc, root, out, text, memo });
    if (!label) checkVersion(doc, root, def, registry, text, out);
    let plain: unknown;
    try {
      plain = root.toJS(doc, { maxAliasCount: 100 });
    } catch {
      return; // an alias bomb: the walk has said what there is to say
    }
    checkValidations(root, plain, envelope, anchor, out, label);
    return;
  }
  for (const rule of RULES) {
    if (rule.kinds && !rule.kinds.includes(def.kind)) continue;
    rule.check({ def, doc, root, out, text, memo });
  }
}

/** A kind or version corrected: the whole document is checked afterwards. */
const withReveals = (fix: FixData | undefined, text: string): FixData | undefined =>
  fix?.fix === 'replace' ? { ...fix, reveals: [0, text.length] } : fix;

export function identityDiagnostics(root: YAMLMap, id: Lookup, out: Reporter, text: string): void {
  if (id.status === 'unknownVersion') {
    const v = entry(root, 'apiVersion')!;
    const near = nearest(id.parsed.version, id.versions);
    const written = String(scalarValue(v.value));
    const prefix = written.slice(0, written.lastIndexOf('/') + 1);
    out.report(
      'unknown-version',
      spanOf(v.value),
      `\`apiVersion\` version "${id.parsed.version}" does not exist for ${id.kind} in \`${id.area}.${id.parsed.domain}\`; versions: ${listOf(id.versions)}.${near ? ` Did you mean \`${near}\`?` : ''}`,
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
    out.report(
      'unknown-kind',
      spanOf(k.value),
      `\`kind\` "${String(scalarValue(k.value))}" does not exist in \`${id.area}.${id.parsed.domain}/${id.version}\`; kinds: ${listOf(id.kinds, 20)}.${near ? ` Did you mean \`${near}\`?` : ''}`,
      undefined,
      withReveals(valueFix(text, spanOf(k.value), nearAll(String(scalarValue(k.value)), id.kinds), true), text),
    );
  }
}
