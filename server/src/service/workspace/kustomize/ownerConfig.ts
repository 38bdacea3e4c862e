// The owner references an overlay's renaming breaks (renamedReferences.ts), reported once per overlay on
// its kustomization, and the fix Kustomize users write: a `configurations:` file whose `nameReference`
// entries teach Kustomize that `spec.owner.name` (or a ResourceReference's `name`) of the referring kinds
// names the owner kind, so that every reference follows the prefix (`kubectl kustomize` then writes
// `prod-rg` there; test/lsp/ownerConfig.test.ts renders it). A reference such an entry already teaches
// is not reported: Kustomize rewrites it, though the rendering here does not (configurations are not
// rendered: kustomize-not-rendered says so).
import { isMap, isScalar, isSeq, parseDocument, type Node } from 'yaml';
import type { Diag } from '../../core/diag';
import type { Edit } from '../../core/edits';
import { entry, scalarValue, spanOf, type Span } from '../../core/yamlNodes';
import type { RenamedRef } from './renamedReferences';

/** A `nameReference` entry: the names of `kind` (of `group`) are found at these fields. */
export interface NameReference {
  kind?: string;
  group?: string;
  fieldSpecs: { kind?: string; group?: string; path?: string }[];
}

const str = (n: unknown): string | undefined => {
  const v = scalarValue(n);
  return typeof v === 'string' ? v : undefined;
};

const rootOf = (text: string): Node | null => {
  try {
    return parseDocument(text, { keepSourceTokens: false }).contents;
  } catch {
    return null;
  }
};

/** The paths a kustomization's `configurations:` lists, as written. */
export function configurationPaths(text: string): string[] {
  const list = entry(rootOf(text), 'configurations')?.value;
  return isSeq(list) ? list.items.map(str).filter((p): p is string => p !== undefined) : [];
}

/** The `nameReference` entries of a Kustomize configuration file (what does not parse is left out). */
export function readNameReferences(text: string): NameReference[] {
  const list = entry(rootOf(text), 'nameReference')?.value;
  if (!isSeq(list)) return [];
  return list.items.filter(isMap).map((item) => {
    const specs = entry(item, 'fieldSpecs')?.value;
    return {
      kind: str(entry(item, 'kind')?.value),
      group: str(entry(item, 'group')?.value),
      fieldSpecs: isSeq(specs)
        ? specs.items.filter(isMap).map((s) => ({
            kind: str(entry(s, 'kind')?.value),
            group: str(entry(s, 'group')?.value),
            path: str(entry(s, 'path')?.value),
          }))
        : [],
    };
  });
}

/** As Kustomize selects by group/version/kind: a field left out matches anything. */
const selects = (want: { kind?: string; group?: string }, is: { kind: string; group: string }) =>
  (want.kind === undefined || want.kind === is.kind) && (want.group === undefined || want.group === is.group);

/** A configuration entry teaches Kustomize this reference (it rewrites it with the prefix). */
export const isTaught = (refs: readonly NameReference[], r: RenamedRef): boolean =>
  refs.some(
    (n) =>
      selects(n, r.owner) &&
      n.fieldSpecs.some((f) => f.path?.replace(/^\/+|\/+$/g, '') === r.fieldPath && selects(f, r.referrer)),
  );

const MAX_LISTED = 5;

/** The renaming keys of a kustomization (`namePrefix: prod-`) with their spans, and its `resources` key. */
function renamingKeys(text: string): { said: string[]; span?: Span } {
  const root = rootOf(text);
  if (!isMap(root)) return { said: [] };
  const said: string[] = [];
  let span: Span | undefined;
  for (const key of ['namePrefix', 'nameSuffix']) {
    const e = entry(root, key);
    if (!e) continue;
    said.push(`\`${key}: ${String(scalarValue(e.value) ?? '')}\``);
    // The key and its value: the line the user reads as the renaming.
    span ??= [spanOf(e.key)[0], isScalar(e.value) ? spanOf(e.value)[1] : spanOf(e.key)[1]];
  }
  if (!span) {
    const r = entry(root, 'resources') ?? entry(root, 'bases');
    if (r) span = spanOf(r.key);
  }
  return { said, span };
}

/** The one problem of an overlay whose renaming breaks `refs` (none: undefined), on its kustomization. */
export function ownerRenamedDiag(kustomizationText: string, refs: readonly RenamedRef[]): Diag | undefined {
  if (refs.length === 0) return undefined;
  const { said, span } = renamingKeys(kustomizationText);
  const listed = refs
    .slice(0, MAX_LISTED)
    .map(
      (r) =>
        `${r.referrer.kind} \`${r.referrer.name ?? '(unnamed)'}\` \`${r.field}: ${r.written}\` (the ${r.owner.kind} is now \`${r.owner.name}\`)`,
    );
  if (refs.length > MAX_LISTED) listed.push(`and ${refs.length - MAX_LISTED} more`);
  const what = said.length > 0 ? said.join(' and ') : 'This overlay';
  const one = refs.length === 1;
  const message =
    (one
      ? `${what} renames a resource that a reference of the overlay names, and Kustomize does not rewrite that field of ` +
        'custom resources, so the rendered reference names a resource the overlay does not create: '
      : `${what} renames resources that ${refs.length} references of the overlay name, and Kustomize does not rewrite ` +
        'these fields of custom resources, so the rendered references name resources the overlay does not create: ') +
    `${listed.join('; ')}. Teach Kustomize the field${one ? '' : 's'}: list a configuration file with \`nameReference\` ` +
    'entries under `configurations:` (the quick fix writes it), and the references follow the renaming.';
  const [start, end] = span ?? [0, 0];
  return { code: 'kustomize-owner-renamed', message, start, end };
}

/** The configuration file teaching Kustomize every reference of `refs`: one entry per owner kind. */
export function ownerConfigText(refs: readonly RenamedRef[], eol = '\n'): string {
  const owners = new Map<string, { kind: string; group: string; specs: Map<string, string> }>();
  for (const r of refs) {
    const key = `${r.owner.group}/${r.owner.kind}`;
    let o = owners.get(key);
    if (!o) owners.set(key, (o = { kind: r.owner.kind, group: r.owner.group, specs: new Map() }));
    o.specs.set(
      `${r.referrer.group}/${r.referrer.kind}/${r.fieldPath}`,
      [`      - kind: ${r.referrer.kind}`, `        group: ${r.referrer.group}`, `        path: ${r.fieldPath}`].join(
        eol,
      ),
    );
  }
  const lines = [
    '# Teaches Kustomize that these fields of custom resources name another resource, so that namePrefix',
    '# and nameSuffix rename the references with the resources they name.',
    'nameReference:',
  ];
  for (const o of [...owners.values()].sort((a, b) => (a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0))) {
    lines.push(`  - kind: ${o.kind}`, `    group: ${o.group}`, '    fieldSpecs:');
    for (const s of [...o.specs.keys()].sort()) lines.push(o.specs.get(s)!);
  }
  return lines.join(eol) + eol;
}

/**
 * The edit adding `path` to a kustomization's `configurations:` (the key made when absent); undefined
 * where the key holds something else than a list.
 */
export function addConfigurationEdit(text: string, path: string): Edit | undefined {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const root = rootOf(text);
  const e = isMap(root) ? entry(root, 'configurations') : undefined;
  const value = e?.value;
  if (e && isSeq(value) && value.flow) {
    const last = value.items[value.items.length - 1];
    if (last) return { start: spanOf(last)[1], end: spanOf(last)[1], newText: `, ${path}` };
    const open = text.indexOf('[', spanOf(value)[0]);
    return { start: open + 1, end: open + 1, newText: path };
  }
  if (e && isSeq(value) && value.items.length > 0) {
    // After the last item's line, indented as it is.
    const last = value.items[value.items.length - 1];
    const first = spanOf(value.items[0])[0];
    const lineStart = text.lastIndexOf('\n', first) + 1;
    const dash = text.lastIndexOf('-', first);
    const indent = text.slice(lineStart, dash >= lineStart ? dash : first).replace(/[^ \t]/g, ' ');
    const lf = text.indexOf('\n', spanOf(last)[1]);
    const at = lf < 0 ? text.length : text[lf - 1] === '\r' ? lf - 1 : lf;
    return { start: at, end: at, newText: `${eol}${indent}- ${path}` };
  }
  if (e && (value === null || (isScalar(value) && value.value === null))) {
    const keyEnd = spanOf(e.key)[1];
    const colon = text.indexOf(':', keyEnd);
    const lf = text.indexOf('\n', colon);
    const at = lf < 0 ? text.length : text[lf - 1] === '\r' ? lf - 1 : lf;
    return { start: at, end: at, newText: `${eol}  - ${path}` };
  }
  if (e || (root !== null && !isMap(root))) return undefined;
  // Absent: a new key at the end, on a line of its own.
  const sep = text.length === 0 || text.endsWith('\n') ? '' : eol;
  return { start: text.length, end: text.length, newText: `${sep}configurations:${eol}  - ${path}${eol}` };
}
