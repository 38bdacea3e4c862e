// Whole-resource snippets, for completion in an empty document and the "New Cloud Resource Manifest…"
// command: each kind's required fields at every depth, with tab stops for the values to write, choices for
// enums and sample values that pass validation, derived from the model.
import {
  CompletionItemKind,
  InsertTextFormat,
  InsertTextMode,
  MarkupKind,
  type CompletionItem,
} from '../core/editorTypes';
import type { Range } from '../core/lineIndex';
import { withLocation, withNamespace, withOwnerChoice } from './completeEmpty';
import type { SnippetContext } from '../workspace/ownerNames';
import { newerFirst } from '../checks/crd/kinds/versions';
import { apiVersionString, DEFAULT_API_DOMAIN, groupOf, type Registry } from '../../model/registry';
import { pathLabel } from '../../model/typePath';
import type { Field, KindDef, ObjectType, Type } from '../../model/types';
import { kindMarkdown } from './markdown';
import { ChunkStore } from '../core/parse';
import { kebab, RG_ID, sampleString } from '../checks/samples';
import { severityOf, validateFile } from '../checks/validate';
import { yamlKey, yamlScalar } from '../core/yamlText';
import { filledSnippet, KUBE_SNIPPETS } from './kubeSnippets';

const md = (value: string) => ({ kind: MarkupKind.Markdown, value });

type Part = string | { stop: number; text: string } | { stop: number; choices: string[] };
interface SnippetLine {
  indent: number;
  parts: Part[];
}

const escText = (s: string) => s.replace(/[\\$]/g, '\\$&');
const escPlaceholder = (s: string) => s.replace(/[\\$}]/g, '\\$&');
const escChoice = (s: string) => s.replace(/[\\$,|}]/g, '\\$&');

class SnippetBuilder {
  readonly lines: SnippetLine[] = [];
  readonly choices: { choices: string[] }[] = [];
  private n = 1;
  constructor(
    readonly def: KindDef,
    readonly domain: string,
  ) {}

  line(indent: number, ...parts: Part[]): SnippetLine {
    const l = { indent, parts };
    this.lines.push(l);
    return l;
  }
  stop(text: string): Part {
    return { stop: this.n++, text };
  }
  choice(values: string[]): Part {
    const c = { stop: this.n++, choices: values };
    this.choices.push(c);
    return c;
  }
  render(mode: 'snippet' | 'filled'): string {
    const out = this.lines.map(
      (l) =>
        ' '.repeat(l.indent) +
        l.parts
          .map((p) => {
            if (typeof p === 'string') return mode === 'snippet' ? escText(p) : p;
            if ('text' in p) return mode === 'snippet' ? `\${${p.stop}:${escPlaceholder(p.text)}}` : p.text;
            return mode === 'snippet' ? `\${${p.stop}|${p.choices.map(escChoice).join(',')}|}` : p.choices[0];
          })
          .join(''),
    );
    return out.join('\n') + (mode === 'snippet' ? '\n$0' : '\n');
  }
}

/** Fields a manifest needs, and where a choice is needed (exactly-one groups, reference shapes), the simplest one. */
const EXTRA_FIELDS: Record<string, Record<string, string[]>> = {
  // A rule is an alerting rule (`alert`) or a recording rule (`record`): the rule-alert-or-record rule.
  PrometheusRule: { alert: [] },
};

/** The usual choice where the model gives no default (the first choice of the snippet, when valid). */
const PREFERRED: Record<string, string> = {
  'StorageAccount:spec.kind': 'StorageV2',
  'StorageAccount:spec.sku.name': 'Standard_LRS',
};

function requiredCost(t: Type, depth = 0): number {
  if (depth > 6) return 1;
  if (t.kind === 'object')
    return Object.values(t.fields)
      .filter((f) => f.required)
      .reduce((n, f) => n + requiredCost(f.type, depth + 1), 1);
  if (t.kind === 'array') return (t.minItems ?? 0) > 0 ? requiredCost(t.items, depth + 1) : 1;
  return 1;
}

function chosenFields(o: ObjectType): [string, Field][] {
  const names = new Set(
    Object.entries(o.fields)
      .filter(([, f]) => f.required)
      .map(([k]) => k),
  );
  for (const g of o.exclusive ?? []) {
    if (g.mode !== 'exactlyOne' || g.members.some((m) => names.has(m))) continue;
    const members = g.members.filter((m) => o.fields[m]);
    members.sort((a, b) => requiredCost(o.fields[a].type) - requiredCost(o.fields[b].type));
    if (members[0]) names.add(members[0]);
  }
  for (const k of Object.keys(EXTRA_FIELDS[o.name] ?? {})) if (o.fields[k]) names.add(k);
  const fields = [...names].map((k) => [k, o.fields[k]] as [string, Field]);
  const first = (k: string) => (k === 'location' ? 0 : k === 'owner' ? 1 : 2);
  return fields.sort((a, b) => first(a[0]) - first(b[0]));
}

/** A `metadata.name` that fits the kind's name limits and the cluster's name rules. */
function sampleName(def: KindDef): string {
  const letters = def.kind.toLowerCase().replace(/[^a-z0-9]/g, '');
  for (const c of [letters, kebab(def.kind), 'default', 'sample']) {
    let v = c;
    const max = (def.nameLimits ?? []).reduce((m, l) => Math.min(m, l.maxLength ?? 253), 253);
    v = v.slice(0, max).replace(/-+$/, '');
    const ok = (def.nameLimits ?? []).every(
      (l) => (l.minLength === undefined || v.length >= l.minLength) && (!l.pattern || new RegExp(l.pattern).test(v)),
    );
    if (ok && /^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/.test(v)) return v;
  }
  return letters.slice(0, 24);
}

function scalarPart(b: SnippetBuilder, name: string, t: Type, path: string[], f?: Field): Part {
  switch (t.kind) {
    case 'string': {
      if (t.enum) {
        const values = t.enum.map((e) => yamlScalar(e.value, false));
        const dflt = f?.default !== undefined ? yamlScalar(String(f.default), false) : undefined;
        const preferred = dflt ?? PREFERRED[`${b.def.kind}:${pathLabel(path)}`];
        if (preferred && values.includes(preferred)) {
          values.splice(values.indexOf(preferred), 1);
          values.unshift(preferred);
        }
        return b.choice(values);
      }
      return b.stop(yamlScalar(sampleString(name, t), false));
    }
    case 'int':
    case 'number': {
      let v = t.minimum ?? (t.kind === 'int' && t.exclusiveMinimum !== undefined ? t.exclusiveMinimum + 1 : 1);
      if (t.maximum !== undefined && v > t.maximum) v = t.maximum;
      if (f?.default !== undefined && typeof f.default === 'number') v = f.default;
      return b.stop(String(v));
    }
    case 'bool':
      return b.choice(f?.default === false ? ['false', 'true'] : ['true', 'false']);
    default:
      return '{}';
  }
}

/** Emits the lines of a field (`name: value`, or `name:` and its content). */
function emitField(b: SnippetBuilder, indent: number, name: string, f: Field, path: string[], prefix = ''): void {
  const t = f.type;
  const key = `${prefix}${yamlKey(name)}:`;
  const at = [...path, name];
  if (t.kind === 'object') {
    const fields = objectFields(b, t, at);
    if (fields.length === 0) {
      b.line(indent, `${key} {}`);
      return;
    }
    b.line(indent, key);
    emitObject(b, indent + 2, t, at, fields);
    return;
  }
  if (t.kind === 'array') {
    b.line(indent, key);
    const count = Math.max(1, t.minItems ?? 1);
    for (let i = 0; i < count; i++) emitItem(b, indent + 2, t.items, [...at, '[]']);
    return;
  }
  if (t.kind === 'map' || t.kind === 'open') {
    b.line(indent, `${key} {}`);
    return;
  }
  b.line(indent, `${key} `, scalarPart(b, name, t, at, f));
}

function emitItem(b: SnippetBuilder, indent: number, t: Type, path: string[]): void {
  if (t.kind === 'object') {
    const fields = objectFields(b, t, path);
    if (fields.length === 0) {
      b.line(indent, '- {}');
      return;
    }
    const start = b.lines.length;
    emitObject(b, indent + 2, t, path, fields);
    const first = b.lines[start];
    first.indent = indent;
    first.parts.unshift('- ');
    return;
  }
  if (t.kind === 'array' || t.kind === 'map' || t.kind === 'open') {
    b.line(indent, t.kind === 'array' ? '- []' : '- {}');
    return;
  }
  b.line(indent, '- ', scalarPart(b, path[path.length - 2] ?? 'value', t, path));
}

type Emit = [string, Field] | [string, 'literal', string] | [string, 'stop', string];

/** The members of an object the snippet writes. */
function objectFields(b: SnippetBuilder, o: ObjectType, path: string[]): Emit[] {
  const fields: Emit[] = chosenFields(o);
  const has = (k: string) => fields.some((f) => f[0] === k);
  if (o.reference && !['name', 'armId', 'wellKnownName'].some(has)) {
    const isOwner = path.length === 2 && path[0] === 'spec' && path[1] === 'owner';
    const def = b.def;
    if (o.reference === 'known') {
      const ownerKind = def.owner.style === 'known' && isOwner ? def.owner.kind : 'resource';
      fields.unshift(['name', 'stop', `my-${kebab(ownerKind)}`]);
    } else if (o.reference === 'wellKnown') {
      fields.unshift(['wellKnownName', 'stop', 'Reader']);
    } else if (isOwner) {
      fields.unshift(
        ['group', 'literal', `resources.${b.domain}`],
        ['kind', 'literal', 'ResourceGroup'],
        ['name', 'stop', 'my-resource-group'],
      );
    } else {
      fields.unshift(['armId', 'stop', RG_ID]);
    }
  }
  return fields;
}

function emitObject(
  b: SnippetBuilder,
  indent: number,
  o: ObjectType,
  path: string[],
  fields = objectFields(b, o, path),
): void {
  for (const e of fields) {
    if (e[1] === 'literal') b.line(indent, `${e[0]}: ${e[2]}`);
    else if (e[1] === 'stop') b.line(indent, `${e[0]}: `, b.stop(e[2]));
    else emitField(b, indent, e[0], e[1], path);
  }
}

function buildSnippet(def: KindDef, domain: string): SnippetBuilder {
  const b = new SnippetBuilder(def, domain);
  b.line(0, `apiVersion: ${apiVersionString(def, domain)}`);
  b.line(0, `kind: ${def.kind}`);
  b.line(0, 'metadata:');
  b.line(2, 'name: ', b.stop(sampleName(def)));
  b.line(2, 'namespace: ', b.stop('default'));
  const fields = objectFields(b, def.spec, ['spec']);
  if (fields.length) {
    b.line(0, 'spec:');
    emitObject(b, 2, def.spec, ['spec'], fields);
  }
  return b;
}

/** Problems of the filled-in snippet: errors count far more than warnings. */
function score(registry: Registry, text: string): number {
  return validateFile(new ChunkStore(registry).parseFile(text, { cache: false })).reduce(
    (n, d) => n + ({ error: 100, warning: 1, info: 0, hint: 0 } as const)[severityOf(d)],
    0,
  );
}

/**
 * Snippets by kind definition (an immutable model value), then by domain. What makes a filled-in snippet
 * valid depends on its kind's definition alone, so any registry holding the definition gets the same one.
 */
const snippetCache = new WeakMap<KindDef, Map<string, { snippet: string; filled: string }>>();

/**
 * The snippet of a kind: every required field (at any depth) as a tab stop, enums as choices. The first
 * choice of each is the one that makes the filled-in manifest valid (cross-field rules included).
 */
export function resourceSnippet(
  registry: Registry,
  def: KindDef,
  domain = DEFAULT_API_DOMAIN,
): { snippet: string; filled: string } {
  let byDomain = snippetCache.get(def);
  if (!byDomain) snippetCache.set(def, (byDomain = new Map()));
  const hit = byDomain.get(domain);
  if (hit) return hit;
  const b = buildSnippet(def, domain);
  let best = score(registry, b.render('filled'));
  for (const c of b.choices) {
    if (best === 0) break;
    const original = [...c.choices];
    let bestOrder = original;
    for (let i = 1; i < original.length; i++) {
      c.choices = [original[i], ...original.filter((_, j) => j !== i)];
      const s = score(registry, b.render('filled'));
      if (s < best) [best, bestOrder] = [s, [...c.choices]];
    }
    c.choices = bestOrder;
  }
  const out = { snippet: b.render('snippet'), filled: b.render('filled') };
  byDomain.set(domain, out);
  return out;
}

/** One completion item per kind and version: the whole resource as a snippet. */
export function resourceSnippets(
  registry: Registry,
  domain: string,
  range: Range,
  workspace?: SnippetContext,
): CompletionItem[] {
  const builtin = registry.kinds
    .filter((d) => !d.crd)
    .sort((a, b) => a.kind.localeCompare(b.kind) || b.version.localeCompare(a.version));
  const defs = [...builtin, ...crdSnippetKinds(registry)];
  const items = defs.map((def, i): CompletionItem => {
    const { snippet, filled } = resourceSnippet(registry, def, domain);
    return {
      label: def.crd
        ? `${def.kind} (${groupOf(def, domain)} ${def.version})`
        : `${def.kind} (${def.area} ${def.version})`,
      kind: CompletionItemKind.Snippet,
      detail: def.crd
        ? `${apiVersionString(def, domain)} · from the CustomResourceDefinition ${def.crd.name}`
        : `${def.area}.${domain}/${def.version} · API version ${def.apiVersionValue}`,
      documentation: md(`${kindMarkdown(registry, def, false, domain)}\n\n\`\`\`yaml\n${filled}\`\`\``),
      sortText: String(i).padStart(4, '0'),
      filterText: `${def.kind} ${def.crd ? groupOf(def, domain) : def.area} ${def.version}`,
      // The owner: a choice of the workspace's manifests of the owner kind (ResourceGroup for extension resources).
      textEdit: {
        range,
        newText: withLocation(
          withNamespace(
            withOwnerChoice(
              snippet,
              workspace?.names.get(def.owner.style === 'known' ? def.owner.kind : 'ResourceGroup'),
            ),
            workspace?.namespace,
          ),
          workspace?.location,
        ),
      },
      insertTextFormat: InsertTextFormat.Snippet,
      insertTextMode: InsertTextMode.asIs,
    };
  });
  for (const item of kubeSnippets(registry, range, workspace)) {
    item.sortText = String(items.length).padStart(4, '0');
    items.push(item);
  }
  return items;
}

/** Kubernetes' own kinds most written by hand (kubeSnippets.ts), where the targeted release serves them. */
function kubeSnippets(registry: Registry, range: Range, workspace?: SnippetContext): CompletionItem[] {
  const out: CompletionItem[] = [];
  for (const k of KUBE_SNIPPETS) {
    const found = registry.lookup(k.apiVersion, k.kind);
    if (found.status !== 'ok' || found.list || !found.def.kube || found.def.kube.removedIn) continue;
    out.push({
      label: `${k.kind} (${k.apiVersion})`,
      kind: CompletionItemKind.Snippet,
      detail: `${k.apiVersion} · a Kubernetes kind: ${k.about}`,
      documentation: md(
        `${kindMarkdown(registry, found.def, false, '')}\n\n\`\`\`yaml\n${filledSnippet(k.body)}\`\`\``,
      ),
      filterText: `${k.kind} ${k.apiVersion}`,
      textEdit: { range, newText: withNamespace(`${k.body}$0`, workspace?.namespace) },
      insertTextFormat: InsertTextFormat.Snippet,
      insertTextMode: InsertTextMode.asIs,
    });
  }
  return out;
}

/**
 * CRD kinds get a snippet while the workspace's CRDs define at most this many: a snippet converts its kind's
 * schema and checks the filled-in manifest, and an operator's bundle brings hundreds of kinds, which
 * `kind:` completion lists instead.
 */
const MAX_CRD_SNIPPETS = 40;

/** The kinds of CRDs that get a snippet: one version each (the storage one, else the newest served), none deprecated. */
function crdSnippetKinds(registry: Registry): KindDef[] {
  const byKind = new Map<string, KindDef[]>();
  for (const d of registry.kinds) {
    if (!d.crd?.served || d.crd.deprecated) continue;
    const key = `${d.area}.${d.domain}/${d.kind}`;
    const list = byKind.get(key);
    if (list) list.push(d);
    else byKind.set(key, [d]);
  }
  if (byKind.size > MAX_CRD_SNIPPETS) return [];
  return [...byKind.values()]
    .map((vs) => vs.find((d) => d.crd?.storage) ?? [...vs].sort(newerFirst)[0])
    .sort((a, b) => a.kind.localeCompare(b.kind) || groupOf(a, '').localeCompare(groupOf(b, '')));
}
