// A manifest that names one of our kinds but has no `apiVersion`: the operator rejects it, so it gets
// `missing-required` and, where the content tells which versions it fits, the line to add.
//
// A kind name alone is too weak a sign (`Topic` or `Snapshot` may be anybody's), so the document counts as
// ours only when its own content confirms it:
// - it is a block mapping without YAML errors, with no `apiVersion` key at all, and a `spec` mapping;
// - every field it sets exists in some version of a kind of that name, a mapping or list where the kind
//   has one (`blockers` of crd/kinds/versions.ts, what the version moves compare, over its keys: a wrong value
//   is a mistake to report once the apiVersion is there): another operator's `Topic` sets fields ours
//   does not have;
// - its spec writes one of the operator's own conventions that the kind has: `owner` (every kind of ours
//   but ResourceGroup names its owner so; no Kubernetes built-in kind has `spec.owner`), `cloudName` or
//   `operatorSpec`. Fields any resource may have (`location`, `tags`) are not enough on their own.
// A document that passes is missing only its apiVersion; one that does not gets nothing (as before).
// The versions offered are those its values fit too (else all its keys fit); a kind name shared by several groups of the registry
// (a workspace CRD's kind named like a built-in one) is decided by the same test, else all are listed.
import type { Document, YAMLMap } from 'yaml';
import { isMap, isScalar } from 'yaml';
import { envelopeOf } from '../../model/envelope';
import { groupOf, type Registry } from '../../model/registry';
import type { KindDef } from '../../model/types';
import { blockers, newerFirst } from './crd/kinds/versions';
import type { Reporter } from '../core/diag';
import type { FixData } from '../core/fixData';
import { eolAt, lineStartOf } from '../core/spans';
import { listOf } from '../core/suggest';
import { entry, scalarValue, spanOf } from '../core/yamlNodes';

/** Spec fields only the operator's kinds carry (see above). */
const SIGNS: readonly string[] = ['owner', 'cloudName', 'operatorSpec'];

/** At most this many versions are listed and offered (a CRD may serve many). */
const MAX_OFFERED = 6;

/** The storage version first (a CRD's), then the newest: the order of the fixes, the first preferred. */
const preferred = (a: KindDef, b: KindDef): number =>
  Number(!!b.crd?.storage) - Number(!!a.crd?.storage) || newerFirst(a, b);

/** The family of a kind's versions: its area, and a CRD's exact domain. */
const familyOf = (d: KindDef): string => `${d.area}.${d.domain ?? ''}`;

/**
 * The versions a document without `apiVersion` fits, best first; undefined when it is not sure to be
 * ours (see the head of this file). `doc` must parse without errors.
 */
export function apiVersionCandidates(doc: Document, root: YAMLMap, registry: Registry): KindDef[] | undefined {
  if (root.flow || entry(root, 'apiVersion')) return undefined;
  const kind = scalarValue(entry(root, 'kind')?.value);
  if (typeof kind !== 'string' || !registry.hasKind(kind)) return undefined;
  const spec = entry(root, 'spec')?.value;
  if (!isMap(spec)) return undefined;
  const specKeys = spec.items.map((p) => (isScalar(p.key) ? p.key.value : undefined));
  let plain: unknown;
  try {
    plain = root.toJS(doc, { maxAliasCount: 100 });
  } catch {
    return undefined; // an alias bomb: nothing is guessed
  }
  // Ours: every key it writes is one of a version's (values aside: a wrong value is a mistake to report).
  const keys = keysOnly(plain);
  const named = registry.kinds.filter(
    (d) =>
      d.kind === kind &&
      d.crd?.served !== false &&
      SIGNS.some((s) => specKeys.includes(s) && d.spec.fields[s] !== undefined) &&
      blockers(keys, envelopeOf(d), '').length === 0,
  );
  if (named.length === 0) return undefined;
  // The versions its values fit too (the two RoleAssignment shapes differ in an enumeration); where none
  // does, every version its keys fit: the apiVersion is missing all the same, and its checks say the rest.
  const whole = named.filter((d) => blockers(plain, envelopeOf(d), '').length === 0);
  const fitting = whole.length > 0 ? whole : named;
  // Families in a stable order (built-in kinds first, as the registry's look-up prefers them).
  const families = [...new Set(fitting.map(familyOf))];
  return families.flatMap((f) => fitting.filter((d) => familyOf(d) === f).sort(preferred)).slice(0, MAX_OFFERED);
}

/** A value's keys and collections, its scalars left out (null fits any type: crd/kinds/versions.ts `blockers`). */
function keysOnly(v: unknown, depth = 0): unknown {
  if (v === null || typeof v !== 'object' || depth > 64) return null;
  if (Array.isArray(v)) return v.map((x) => keysOnly(x, depth + 1));
  return Object.fromEntries(Object.entries(v as Record<string, unknown>).map(([k, x]) => [k, keysOnly(x, depth + 1)]));
}

/** The apiVersion to write for a version (a CRD's kind keeps its own domain). */
export const apiVersionFor = (def: KindDef, domain: string): string => `${groupOf(def, domain)}/${def.version}`;

/**
 * `missing-required` on `kind` (the key that says what the document is: in a Helm template, an output
 * action above it at the root may write the apiVersion, and templateDiagnostics.ts then drops it), with
 * one fix per fitting version: `apiVersion: …` as the document's first line.
 */
export function reportMissingApiVersion(
  out: Reporter,
  root: YAMLMap,
  text: string,
  defs: readonly KindDef[],
  domain: { name: string; known: boolean },
): void {
  const kindEntry = entry(root, 'kind')!;
  const values = defs.map((d) => apiVersionFor(d, domain.name));
  const kind = defs[0].kind;
  const groups = new Set(defs.map(familyOf)).size;
  const message =
    values.length === 1
      ? `The manifest is missing required field \`apiVersion\`: write \`apiVersion: ${values[0]}\`, the version of ${kind} its fields fit.`
      : groups === 1
        ? `The manifest is missing required field \`apiVersion\`: write ${listOf(values)} (the versions of ${kind} its fields fit).`
        : `The manifest is missing required field \`apiVersion\`: write ${listOf(values)}; ${kind} is a kind of more than one API group here, and its fields fit each.`;
  out.report(
    'missing-required',
    spanOf(kindEntry.key),
    message,
    undefined,
    addApiVersionFix(root, text, values, domain.known),
  );
}

/**
 * `apiVersion: …` inserted before the document's first key, at its indentation, ending with the line break
 * the lines around it use; the whole document is checked afterwards (`reveals`). Part of fix-all only when
 * one version fits and the domain is the workspace's (the setting's, the index's or the file's), not the
 * placeholder. Undefined where the first key does not start its line (`--- kind: X`).
 */
export function addApiVersionFix(
  root: YAMLMap,
  text: string,
  values: readonly string[],
  known = true,
): FixData | undefined {
  const first = root.items[0]?.key;
  if (!isScalar(first)) return undefined;
  const keyStart = spanOf(first)[0];
  let at = lineStartOf(text, keyStart);
  // A byte order mark starts the text, not the line: the new line goes after it.
  if (at === 0 && text.startsWith('\uFEFF')) at = 1;
  const indent = text.slice(at, keyStart);
  if (!/^ *$/.test(indent)) return undefined;
  const eol = eolAt(text, at);
  return {
    fix: 'replace',
    span: [at, at],
    candidates: values.map((v) => ({ title: `Add \`apiVersion: ${v}\``, text: `${indent}apiVersion: ${v}${eol}` })),
    safe: values.length === 1 && known,
    reveals: [0, text.length],
  };
}
