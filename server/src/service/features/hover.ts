// Hover: what a key or a value of a manifest means, from the model. Keys show their path, type, whether
// they are required, meaning, allowed values, limits, default and notes; enum values their meaning and the
// other allowed values; `apiVersion` and `kind` the kind itself (group, API version, path shape, owner).
// The markdown itself is built in markdown.ts, which completion's documentation shares.
import { isMap, isPair, isScalar, isSeq } from 'yaml';
import { DEFAULT_API_DOMAIN, parseApiVersion } from '../../model/registry';
import { pathLabel, resolvePath } from '../../model/typePath';
import { ChunkText } from './chunkLines';
import { textHitAt } from './cursor';
import { identifyChunk } from '../checks/identity';
import { chunkAt } from '../core/parse';
import { code, enumValueMarkdown, fieldMarkdown, kindMarkdown, sentence, typeLabel } from './markdown';
import { embeddedHover } from './embeddedAssist';
import { isCrdDocument } from '../checks/crd/definition/check';
import { crdRuleHover } from '../checks/crd/rules/editor/ruleHover';
import type { ParsedFile } from '../core/parse';
import { keyName, spanOf, type Span } from '../core/yamlNodes';
import { kubeFieldNotes, type KubeDescriptionSource } from './kubeHover';
import type { Field } from '../../model/types';

interface Hit {
  role: 'key' | 'value';
  path: string[];
  span: Span;
  value?: unknown;
}

/** A position at a token's end belongs to the token (the caret right after `accessTier`, or after typing). */
const within = (node: unknown, off: number) => {
  const [s, e] = spanOf(node);
  return e > s && off >= s && off <= e;
};

/** The key or scalar value at a chunk-local offset, with its path. */
function locate(node: unknown, off: number, path: string[]): Hit | undefined {
  if (isMap(node)) {
    for (const it of node.items) {
      if (!isPair(it)) continue;
      const name = keyName(it);
      if (it.key && within(it.key, off))
        return name === undefined ? undefined : { role: 'key', path: [...path, name], span: spanOf(it.key) };
      if (it.value && within(it.value, off))
        return name === undefined ? undefined : locate(it.value, off, [...path, name]);
    }
    return undefined;
  }
  if (isSeq(node)) {
    for (const it of node.items) if (within(it, off)) return locate(it, off, [...path, '[]']);
    return undefined;
  }
  if (isScalar(node) && within(node, off)) return { role: 'value', path, span: spanOf(node), value: node.value };
  return undefined;
}

/**
 * `kubeDescriptions`: the descriptions of Kubernetes' own kinds' fields (the host reads them when first
 * asked); without them a built-in kind's field shows its facts alone.
 */
export function hover(
  file: ParsedFile,
  offset: number,
  kubeDescriptions?: KubeDescriptionSource,
): { markdown: string; start: number; end: number } | undefined {
  // Inside a PromQL or CEL expression: that language's hover, falling back to the field's.
  const embedded = embeddedHover(file, offset);
  if (embedded) return embedded;
  const chunk = chunkAt(file, offset);
  const local = offset - chunk.offset;
  // A CEL rule inside a CRD: the type of `self` there.
  const root = chunk.doc.contents;
  if (chunk.doc.errors.length === 0 && isCrdDocument(root)) {
    const rule = crdRuleHover(root, local);
    if (rule) return { markdown: rule.markdown, start: rule.span[0] + chunk.offset, end: rule.span[1] + chunk.offset };
  }
  const id = identifyChunk(chunk, local);
  if (!id.root) return undefined;
  // A document that does not parse is read from its lines (its AST may pair keys wrongly).
  const fromText = (): Hit | undefined => {
    const t = textHitAt(new ChunkText(chunk.text), local);
    return t && { role: t.role, path: t.path, span: [t.start, t.end], value: t.value };
  };
  const hit =
    chunk.doc.errors.length > 0
      ? (fromText() ?? locate(chunk.doc.contents, local, []))
      : locate(chunk.doc.contents, local, []);
  if (!hit || hit.path.length === 0) return undefined;
  const start = hit.span[0] + chunk.offset;
  const end = hit.span[1] + chunk.offset;
  const out = (markdown: string) => ({ markdown, start, end });
  const path = hit.path;
  const last = path[path.length - 1];

  // `apiVersion` and `kind` of the manifest (or of a list item): the kind.
  const itemLevel = (id.list || !!id.coreList) && path.length === 3 && path[0] === 'items' && path[1] === '[]';
  if ((path.length === 1 || itemLevel) && (last === 'apiVersion' || last === 'kind')) {
    const domain = (id.apiVersion && parseApiVersion(id.apiVersion)?.domain) || DEFAULT_API_DOMAIN;
    if (id.def) return out(kindMarkdown(id.registry, id.def, id.list && !itemLevel, domain));
  }

  const r = resolvePath(id.root, path);
  // The nearest named field (a list item's value is described by its list's field).
  let fieldEnd = path.length;
  while (fieldEnd > 0 && path[fieldEnd - 1] === '[]') fieldEnd--;
  const named = fieldEnd > 0 ? resolvePath(id.root, path.slice(0, fieldEnd)) : {};
  // Kubernetes' own kinds: the field's description (from the build's descriptions file) and the release
  // that added it.
  const kube = id.def?.kube
    ? kubeFieldNotes(
        id.def,
        path.slice(0, fieldEnd),
        (id.list || !!id.coreList) && path[0] === 'items',
        kubeDescriptions,
      )
    : {};
  const described = (f: Field): Field => (kube.doc && !f.doc ? { ...f, doc: kube.doc } : f);
  if (hit.role === 'value' && r.type?.kind === 'string' && r.type.enum && typeof hit.value === 'string') {
    const v = hit.value;
    const match =
      r.type.enum.find((e) => e.value === v) ?? r.type.enum.find((e) => e.value.toLowerCase() === v.toLowerCase());
    if (match)
      return out(
        enumValueMarkdown(pathLabel(path.slice(0, fieldEnd)), named.field && described(named.field), r.type, match),
      );
  }
  // A CRD's kind: the hover names the CRD the field's schema comes from; Kubernetes' own, the release.
  const origin = id.def?.kube
    ? `\n\n*Kubernetes ${code(id.def.apiVersionValue)} ${id.def.kind}, as the API server of Kubernetes ${id.def.kube.release} serves it${kube.since ? `; this field ${kube.since}` : ''}.*`
    : id.def?.crd
      ? `\n\n*From the CustomResourceDefinition ${code(id.def.crd.name)}, version ${code(id.def.version)}.*`
      : '';
  if (r.field) return out(fieldMarkdown(pathLabel(path), described(r.field)) + origin);
  if (r.mapEntry && r.type) {
    const parent = resolvePath(id.root, path.slice(0, -1));
    const lines = [
      `**${code(pathLabel(path))}** — ${code(typeLabel(r.type))}`,
      `An entry of ${code(pathLabel(path.slice(0, -1)))}.`,
    ];
    if (parent.field) lines.push(sentence(parent.field.doc));
    return out(lines.join('\n\n'));
  }
  if (hit.role === 'value' && named.field)
    return out(fieldMarkdown(pathLabel(path.slice(0, fieldEnd)), described(named.field)) + origin);
  return undefined;
}
