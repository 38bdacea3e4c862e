// The mutation generator of the overlay differential (issue 45): from realistic overlays (the fixtures'
// overlays over their base and components, and test/fixtures/kustomize/mutation-seeds: Deployments, Services, generators,
// components, cluster-scoped kinds), a seeded generator makes mistakes users make in kustomizations — a
// listed file dropped or renamed, a field misspelt or added at any level, cycles (the overlay itself, a
// folder above it, two overlays, through a component), an entry repeated, a JSON 6902 path broken, absolute
// and outside paths — and look-alikes kubectl builds (a field's case changed, a known field added, a file
// renamed with its entry, a component that closes no loop). `kubectl kustomize` is the oracle: the test
// (mutationDifferential.test.ts) and scripts/kustomize-differential.ts compare its verdict with the CLI's.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { isMap, isScalar, isSeq, parseAllDocuments, parseDocument } from 'yaml';
import { renderKustomization, type JsonObject } from '../../server/src/service/workspace/kustomize/render';
import { checkWorkspace, loadWorkspace } from '../../server/src/cli/runWorkspace';
import { severityOf } from '../../server/src/service/core/diag';
import { DEFAULT_SETTINGS } from '../../server/src/service/core/settings';

const FIXTURES = join(__dirname, '..', 'fixtures', 'kustomize');

/** Files by path relative to the case's folder (`/`-separated); `@ROOT@` stands for that folder. */
export type Tree = Record<string, string>;

export interface Seed {
  name: string;
  files: Tree;
  /** The folder kubectl builds. */
  root: string;
}

export interface Case {
  seed: string;
  what: string;
  files: Tree;
  root: string;
  /** Where the mistake is: an Error there (when kubectl refuses) is what the user must see. */
  at?: { file: string; line: number };
  /** Where kubectl builds it, our rendered resources must be its own (each rendered with certainty). */
  output?: true;
}

/** A seeded generator (mulberry32): the same seed, the same cases. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const pick = <T>(r: () => number, xs: readonly T[]): T | undefined =>
  xs.length ? xs[Math.floor(r() * xs.length)] : undefined;

function readTree(dir: string, prefix: string, into: Tree): void {
  for (const e of readdirSync(dir)) {
    const p = join(dir, e);
    if (statSync(p).isDirectory()) readTree(p, `${prefix}${e}/`, into);
    else into[`${prefix}${e}`] = readFileSync(p, 'utf8');
  }
}

/** The realistic overlays the mistakes are made in. */
export function seeds(): Seed[] {
  const out: Seed[] = [];
  const overlays = join(FIXTURES, 'overlays');
  // Every folder an overlay may list (the bases, the components, the other overlays), read once.
  const all: Tree = {};
  for (const top of readdirSync(FIXTURES).sort())
    if (!['overlays', 'builds', 'mutation-seeds'].includes(top) && statSync(join(FIXTURES, top)).isDirectory())
      readTree(join(FIXTURES, top), `${top}/`, all);
  for (const o of readdirSync(overlays)) readTree(join(overlays, o), `overlays/${o}/`, all);
  const folders = new Set(
    Object.keys(all).flatMap((p) =>
      p
        .split('/')
        .slice(0, -1)
        .map((_, i, a) => a.slice(0, i + 1).join('/')),
    ),
  );
  for (const o of readdirSync(overlays).sort()) {
    // The overlay and every folder it lists, followed through: only what its build reads, so that a
    // mistake is never made in a file kubectl does not build (an Error of ours there would be right).
    const files: Tree = {};
    const add = (folder: string) => {
      for (const [p, t] of Object.entries(all))
        if (p.startsWith(`${folder}/`)) {
          if (files[p] !== undefined) continue;
          files[p] = t;
          for (const m of t.matchAll(/(?:\.\.\/)+[\w./-]*/g)) {
            const to = posix.normalize(posix.join(posix.dirname(p), m[0])).replace(/\/$/, '');
            if (folders.has(to)) add(to);
          }
        }
    };
    add(`overlays/${o}`);
    out.push({ name: o, files, root: `overlays/${o}` });
  }
  const written = join(FIXTURES, 'mutation-seeds');
  for (const s of readdirSync(written).sort()) {
    const files: Tree = {};
    readTree(join(written, s), '', files);
    const root = Object.keys(files).find((p) => /^(overlays\/prod|overlay)\/kustomization\.yaml$/.test(p))!;
    out.push({ name: s, files, root: posix.dirname(root) });
  }
  return out;
}

const kustomizations = (t: Tree) => Object.keys(t).filter((p) => posix.basename(p) === 'kustomization.yaml');
const lineOf = (text: string, offset: number) => text.slice(0, offset).split('\n').length;

/** A kustomization's entries naming files or folders: the scalar's range and where it resolves. */
function entries(t: Tree, k: string): { start: number; end: number; value: string; to: string }[] {
  const doc = parseDocument(t[k]);
  const out: { start: number; end: number; value: string; to: string }[] = [];
  const add = (n: unknown) => {
    if (isScalar(n) && typeof n.value === 'string' && !n.value.includes('\n') && n.range)
      out.push({
        start: n.range[0],
        end: n.range[1],
        value: n.value,
        to: posix.normalize(posix.join(posix.dirname(k), n.value)),
      });
  };
  const root = doc.contents;
  if (!isMap(root)) return out;
  for (const key of ['resources', 'bases', 'components', 'patchesStrategicMerge']) {
    const v = root.get(key, true);
    if (isSeq(v)) v.items.forEach(add);
  }
  for (const key of ['patches', 'patchesJson6902']) {
    const v = root.get(key, true);
    if (isSeq(v)) for (const i of v.items) if (isMap(i)) add(i.get('path', true));
  }
  for (const key of ['configMapGenerator', 'secretGenerator']) {
    const v = root.get(key, true);
    if (isSeq(v))
      for (const i of v.items)
        if (isMap(i))
          for (const f of ['files', 'envs', 'literals']) {
            const l = i.get(f, true);
            if (isSeq(l)) l.items.forEach(add);
          }
  }
  return out;
}

/** Every map key of a kustomization with its depth (0: top level) and range. */
function keys(text: string): { name: string; start: number; end: number; depth: number }[] {
  const out: { name: string; start: number; end: number; depth: number }[] = [];
  const visit = (n: unknown, depth: number) => {
    if (isMap(n))
      for (const p of n.items) {
        if (isScalar(p.key) && p.key.range)
          out.push({ name: String(p.key.value), start: p.key.range[0], end: p.key.range[1], depth });
        visit(p.value, depth + 1);
      }
    else if (isSeq(n)) for (const i of n.items) visit(i, depth + 1);
  };
  visit(parseDocument(text).contents, 0);
  return out;
}

const splice = (s: string, start: number, end: number, by: string) => s.slice(0, start) + by + s.slice(end);

/** A misspelling of a name: letters swapped, dropped, doubled, a case changed, one added. */
function misspell(r: () => number, name: string): string {
  const i = Math.floor(r() * name.length);
  switch (Math.floor(r() * 5)) {
    case 0:
      return i + 1 < name.length ? name.slice(0, i) + name[i + 1] + name[i] + name.slice(i + 2) : `${name}s`;
    case 1:
      return name.length > 1 ? name.slice(0, i) + name.slice(i + 1) : `${name}x`;
    case 2:
      return name.slice(0, i) + name[i] + name.slice(i);
    case 3:
      // Kustomize matches names ignoring case (Go's encoding/json): this one builds.
      return (
        name.slice(0, i) +
        (name[i] === name[i].toUpperCase() ? name[i].toLowerCase() : name[i].toUpperCase()) +
        name.slice(i + 1)
      );
    default:
      return `${name}z`;
  }
}

/** Inserts an item into a top-level list of a kustomization (creating the list); its line. */
function addItem(text: string, key: string, item: string): { text: string; line: number } {
  const m = new RegExp(`^${key}:[ \\t]*\\n((?:[ \\t]*-)?)`, 'm').exec(text);
  if (!m) {
    const t = `${text.endsWith('\n') ? text : `${text}\n`}${key}:\n  - ${item}\n`;
    return { text: t, line: t.split('\n').length - 1 };
  }
  const at = m.index + m[0].length - m[1].length;
  const indent = /^([ \t]*)-/.exec(m[1])?.[1] ?? '  ';
  const t = splice(text, at, at, `${indent}- ${item}\n`);
  return { text: t, line: lineOf(t, at) };
}

type Mutation = (s: Seed, r: () => number) => Omit<Case, 'seed'> | undefined;

const rel = (from: string, to: string) => posix.relative(from, to) || '.';

/** The mutations, by name. */
export const MUTATIONS: Record<string, Mutation> = {
  dropListedFile(s, r) {
    const k = pick(r, kustomizations(s.files));
    const e = pick(r, k ? entries(s.files, k).filter((x) => s.files[x.to] !== undefined) : []);
    if (!k || !e) return undefined;
    const files = { ...s.files };
    delete files[e.to];
    return {
      what: `${k}: ${e.value} deleted`,
      files,
      root: s.root,
      at: { file: k, line: lineOf(s.files[k], e.start) },
    };
  },
  dropKustomization(s, r) {
    const k = pick(
      r,
      kustomizations(s.files).filter((x) => x !== `${s.root}/kustomization.yaml`),
    );
    if (!k) return undefined;
    const files = { ...s.files };
    delete files[k];
    return { what: `${k} deleted`, files, root: s.root };
  },
  renameEntry(s, r) {
    const k = pick(r, kustomizations(s.files));
    const e = pick(r, k ? entries(s.files, k) : []);
    if (!k || !e) return undefined;
    const files = { ...s.files, [k]: splice(s.files[k], e.start, e.end, `${e.value}x`) };
    return {
      what: `${k}: ${e.value} → ${e.value}x`,
      files,
      root: s.root,
      at: { file: k, line: lineOf(files[k], e.start) },
    };
  },
  renameFileAndEntry(s, r) {
    const k = pick(r, kustomizations(s.files));
    const e = pick(
      r,
      k ? entries(s.files, k).filter((x) => s.files[x.to] !== undefined && !x.value.includes('=')) : [],
    );
    if (!k || !e) return undefined;
    // Another kustomization may list the same file: that one is then missing (a real mistake too).
    const files = { ...s.files, [k]: splice(s.files[k], e.start, e.end, `${e.value}.moved`) };
    files[`${e.to}.moved`] = files[e.to];
    delete files[e.to];
    return { what: `${k}: ${e.value} renamed with its file`, files, root: s.root };
  },
  misspellField(s, r) {
    const k = pick(r, kustomizations(s.files));
    const key = pick(r, k ? keys(s.files[k]) : []);
    if (!k || !key) return undefined;
    const name = misspell(r, key.name);
    const files = { ...s.files, [k]: splice(s.files[k], key.start, key.end, name) };
    return {
      what: `${k}: ${key.name} → ${name}`,
      files,
      root: s.root,
      at: { file: k, line: lineOf(files[k], key.start) },
    };
  },
  addSiblingField(s, r) {
    const k = pick(r, kustomizations(s.files));
    const key = pick(r, k ? keys(s.files[k]).filter((x) => x.depth > 0) : []);
    if (!k || !key) return undefined;
    const text = s.files[k];
    const lineStart = text.lastIndexOf('\n', key.start) + 1;
    const indent = ' '.repeat(key.start - lineStart);
    const name = `${misspell(r, key.name)}x`;
    // A new line of its own, at the key's column: inside a list item after `- ` too.
    const nextLine = text.indexOf('\n', key.start) + 1;
    const added = `${indent}${name}: "1"\n`;
    const valueIsBlock =
      /:\s*[|>]/.test(text.slice(key.end, nextLine)) || /:\s*$/.test(text.slice(key.end, nextLine - 1));
    if (valueIsBlock) return undefined;
    const files = { ...s.files, [k]: splice(text, nextLine, nextLine, added) };
    return {
      what: `${k}: ${name} added beside ${key.name}`,
      files,
      root: s.root,
      at: { file: k, line: lineOf(files[k], nextLine) },
    };
  },
  addKnownField(s, r) {
    const k = `${s.root}/kustomization.yaml`;
    const [key, value] = pick(r, [
      ['commonAnnotations', '\n  mutated: "yes"'],
      ['nameSuffix', ' -m'],
      ['namespace', ' mutated'],
      ['buildMetadata', ' [originAnnotations]'],
    ])!;
    if (new RegExp(`^${key}:`, 'm').test(s.files[k])) return undefined;
    return { what: `${k}: ${key} added`, files: { ...s.files, [k]: `${s.files[k]}${key}:${value}\n` }, root: s.root };
  },
  selfCycle(s, r) {
    const k = `${s.root}/kustomization.yaml`;
    const item = pick(r, ['.', '..', `../${posix.basename(s.root)}`])!;
    const a = addItem(s.files[k], 'resources', item);
    return {
      what: `${k}: lists ${item}`,
      files: { ...s.files, [k]: a.text },
      root: s.root,
      at: { file: k, line: a.line },
    };
  },
  twoOverlayCycle(s) {
    const k = `${s.root}/kustomization.yaml`;
    const peer = `${posix.dirname(s.root)}/zz-peer`;
    const a = addItem(s.files[k], 'resources', rel(s.root, peer));
    const files = { ...s.files, [k]: a.text, [`${peer}/kustomization.yaml`]: `resources:\n  - ${rel(peer, s.root)}\n` };
    return { what: `${k} and ${peer} list each other`, files, root: s.root, at: { file: k, line: a.line } };
  },
  componentCycle(s, r) {
    const k = `${s.root}/kustomization.yaml`;
    const loops = r() < 0.6;
    const c = `components/${loops ? 'loop' : 'fine'}`;
    const a = addItem(s.files[k], 'components', rel(s.root, c));
    const component = `apiVersion: kustomize.config.k8s.io/v1alpha1\nkind: Component\n${
      loops ? `resources:\n  - ${rel(c, s.root)}\n` : 'commonAnnotations:\n  component: fine\n'
    }`;
    const files = { ...s.files, [k]: a.text, [`${c}/kustomization.yaml`]: component };
    return {
      what: `${k}: a component ${loops ? 'listing the overlay back' : 'closing no loop'}`,
      files,
      root: s.root,
      ...(loops ? { at: { file: k, line: a.line } } : {}),
    };
  },
  duplicateEntry(s, r) {
    const k = pick(r, kustomizations(s.files));
    const e = pick(r, k ? entries(s.files, k) : []);
    if (!k || !e) return undefined;
    const text = s.files[k];
    const lineStart = text.lastIndexOf('\n', e.start) + 1;
    const lineEnd = text.indexOf('\n', e.start) + 1;
    const line = text.slice(lineStart, lineEnd);
    if (!/^\s*- \S+\s*$/.test(line)) return undefined;
    const files = { ...s.files, [k]: splice(text, lineEnd, lineEnd, line) };
    return { what: `${k}: ${e.value} listed twice`, files, root: s.root };
  },
  absoluteFolder(s) {
    const k = `${s.root}/kustomization.yaml`;
    const e = entries(s.files, k).find((x) => s.files[`${x.to}/kustomization.yaml`] !== undefined);
    if (!e) return undefined;
    const files = { ...s.files, [k]: splice(s.files[k], e.start, e.end, `@ROOT@/${e.to}`) };
    return {
      what: `${k}: ${e.value} written absolute`,
      files,
      root: s.root,
      at: { file: k, line: lineOf(files[k], e.start) },
    };
  },
  outsideFile(s, r) {
    const k = `${s.root}/kustomization.yaml`;
    const outside = pick(
      r,
      Object.keys(s.files).filter(
        (p) => p.endsWith('.yaml') && !p.startsWith(`${s.root}/`) && !p.endsWith('kustomization.yaml'),
      ),
    );
    if (!outside) return undefined;
    const a = addItem(s.files[k], 'resources', rel(s.root, outside));
    return {
      what: `${k}: lists ${outside}`,
      files: { ...s.files, [k]: a.text },
      root: s.root,
      at: { file: k, line: a.line },
    };
  },
  generatorEntry(s, r) {
    // A generator entry added to a kustomization: created (builds), or merged into a base's ConfigMap that
    // exists (builds) or does not (kubectl refuses), or given a key twice (kubectl refuses).
    const k = pick(r, kustomizations(s.files))!;
    const existing = [
      ...Object.values(s.files)
        .join('\n')
        .matchAll(/^\s*- name: ([\w-]+)\n\s*(?:behavior|literals|files|envs)/gm),
    ].map((m) => m[1]);
    const [name, extra] = pick(r, [
      [`made-${Math.floor(r() * 1000)}`, ''],
      [pick(r, existing) ?? 'app-config', '    behavior: merge\n'],
      ['nosuch', '    behavior: merge\n'],
      ['twice', ''],
    ])!;
    const literals = name === 'twice' ? '[K=1, K=2]' : '[K=1]';
    const block = `  - name: ${name}\n${extra}    literals: ${literals}\n`;
    const text = s.files[k];
    const m = /^configMapGenerator:[ \t]*\n/m.exec(text);
    const t = m
      ? splice(text, m.index + m[0].length, m.index + m[0].length, block)
      : `${text.endsWith('\n') ? text : `${text}\n`}configMapGenerator:\n${block}`;
    return {
      what: `${k}: configMapGenerator ${name}${extra ? ' (merge)' : ''}`,
      files: { ...s.files, [k]: t },
      root: s.root,
    };
  },
  breakJsonPath(s, r) {
    const sites: { file: string; start: number; end: number }[] = [];
    for (const [p, t] of Object.entries(s.files))
      for (const m of t.matchAll(/^[ \t]*(?:- )?(?:path|from): (\/[\w/.~-]+)$/gm)) {
        if (p.endsWith('kustomization.yaml') && !/op:/.test(t)) continue;
        const start = m.index + m[0].lastIndexOf(m[1]);
        sites.push({ file: p, start, end: start + m[1].length });
      }
    const site = pick(r, sites);
    if (!site) return undefined;
    const text = s.files[site.file];
    const path = text.slice(site.start, site.end);
    const broken = pick(r, [`${path}x`, `${path}/nosuch`, '/spec/nosuch', `${posix.dirname(path)}/9`])!;
    return {
      what: `${site.file}: ${path} → ${broken}`,
      files: { ...s.files, [site.file]: splice(text, site.start, site.end, broken) },
      root: s.root,
    };
  },
  addReplacement,
  addVar,
  badEnvLine,
  builtinJsonPatch,
  componentKind,
};

/** The resources the seed's kustomizations list from files (kind, name, namespace), in no particular build. */
function listedResources(t: Tree): { kind: string; name: string; namespace?: string }[] {
  const out: { kind: string; name: string; namespace?: string }[] = [];
  for (const k of kustomizations(t)) {
    const root = parseDocument(t[k]).contents;
    const list = isMap(root) ? root.get('resources', true) : undefined;
    if (!isSeq(list)) continue;
    for (const item of list.items) {
      if (!isScalar(item) || typeof item.value !== 'string') continue;
      const file = t[posix.normalize(posix.join(posix.dirname(k), item.value))];
      if (file === undefined) continue;
      for (const m of file.matchAll(/^kind: (\w+)\nmetadata:\n(?: {2}(?!name:).*\n)* {2}name: ([\w.-]+)/gm))
        out.push({ kind: m[1], name: m[2] });
    }
  }
  // Not one a patch deletes (`$patch: delete`): kubectl would find no source, a mistake of another line.
  const deleted = Object.values(t)
    .filter((f) => f.includes('$patch: delete'))
    .join('\n');
  return out.filter((r) => !new RegExp(`name: ${r.name.replace(/[.]/g, '\\.')}\\s*$`, 'm').test(deleted));
}

/**
 * A replacement added to the overlay's kustomization, from a resource its kustomizations list: one that
 * builds (a name copied into an annotation it creates), or with a mistake users make: the source renamed
 * (nothing selected), its `fieldPath` misspelt, a target path that is not there (no `create`), a delimiter
 * index past the parts of the value. The line of the mistake is where kubectl's refusal must be told.
 */
function addReplacement(s: Seed, r: () => number): Omit<Case, 'seed'> | undefined {
  const src = pick(r, listedResources(s.files));
  if (!src) return undefined;
  const k = `${s.root}/kustomization.yaml`;
  const mistake = pick(r, ['none', 'source', 'fieldPath', 'target', 'index', 'selectsNothing'])!;
  const name = mistake === 'source' ? misspell(r, src.name) : src.name;
  const fieldPath = mistake === 'fieldPath' ? misspell(r, 'metadata.name') : 'metadata.name';
  const targetPath =
    mistake === 'target'
      ? pick(r, ['spec.nosuch', 'metadata.labels.[name=x]', 'metadata.nosuch.deeper'])!
      : 'metadata.annotations.copied';
  const lines = [
    'replacements:',
    '  - source:',
    `      kind: ${src.kind}`,
    `      name: ${name}`,
    `      fieldPath: ${fieldPath}`,
    ...(mistake === 'index' ? ['      options:', '        delimiter: "-"', '        index: 9'] : []),
    '    targets:',
    '      - select:',
    `          kind: ${mistake === 'selectsNothing' ? 'NoSuchKind' : src.kind}`,
    '        fieldPaths:',
    `          - ${targetPath}`,
    ...(mistake === 'target' ? [] : ['        options:', '          create: true']),
  ];
  const text = s.files[k];
  if (/^replacements:/m.test(text)) return undefined;
  const start = (text.endsWith('\n') ? text : `${text}\n`).split('\n').length - 1;
  const at = {
    none: undefined,
    selectsNothing: undefined,
    source: 4,
    fieldPath: 5,
    index: 8,
    target: 10,
  }[mistake];
  return {
    what: `${k}: a replacement from ${src.kind} ${src.name}${mistake === 'none' ? '' : ` (${mistake}: ${mistake === 'source' ? name : mistake === 'fieldPath' ? fieldPath : mistake === 'target' ? targetPath : 'index 9'})`}`,
    files: { ...s.files, [k]: `${text.endsWith('\n') ? text : `${text}\n`}${lines.join('\n')}\n` },
    root: s.root,
    output: true,
    ...(at !== undefined ? { at: { file: k, line: start + at } } : {}),
  };
}

/** The documents of the files the seed's kustomizations list under `resources`: apiVersion, kind, name. */
function listedDocs(t: Tree): { apiVersion: string; kind: string; name: string; namespace?: string }[] {
  const out: { apiVersion: string; kind: string; name: string; namespace?: string }[] = [];
  const names = new Set(listedResources(t).map((r) => `${r.kind} ${r.name}`));
  for (const k of kustomizations(t)) {
    const root = parseDocument(t[k]).contents;
    const list = isMap(root) ? root.get('resources', true) : undefined;
    if (!isSeq(list)) continue;
    for (const item of list.items) {
      if (!isScalar(item) || typeof item.value !== 'string') continue;
      const file = t[posix.normalize(posix.join(posix.dirname(k), item.value))];
      if (file === undefined) continue;
      for (const d of parseAllDocuments(file)) {
        const v = d.toJS() as JsonObject | null;
        const m = (v?.metadata ?? {}) as JsonObject;
        if (!v || typeof v.apiVersion !== 'string' || typeof v.kind !== 'string' || typeof m.name !== 'string')
          continue;
        // Not one a patch deletes (listedResources leaves those out).
        if (!names.has(`${v.kind} ${m.name}`)) continue;
        out.push({
          apiVersion: v.apiVersion,
          kind: v.kind,
          name: m.name,
          ...(typeof m.namespace === 'string' ? { namespace: m.namespace } : {}),
        });
      }
    }
  }
  return out;
}

/** Kubernetes' own kinds (no dot in the group, or a `k8s.io` one). */
const builtinApi = (api: string) =>
  !api.includes('/') || !api.split('/')[0].includes('.') || api.split('/')[0].endsWith('.k8s.io');

/** Appends lines to the overlay's kustomization; the line number of the first. */
function append(text: string, lines: readonly string[]): { text: string; first: number } {
  const t = text.endsWith('\n') ? text : `${text}\n`;
  return { text: `${t}${lines.join('\n')}\n`, first: t.split('\n').length };
}

/**
 * A var added to the overlay's kustomization (deprecated, still built by kubectl), naming a resource its
 * build lists, used in an annotation a patch adds (a field vars are replaced in) or in a field they are not
 * (a patch writes `$(VAR)` into `metadata.finalizers`, left as written): builds, our output is kubectl's. Or
 * with a mistake: its objref's name or version wrong (no resource), its `fieldPath` misspelt, declared twice.
 */
function addVar(s: Seed, r: () => number): Omit<Case, 'seed'> | undefined {
  const src = pick(r, listedDocs(s.files));
  if (!src) return undefined;
  const k = `${s.root}/kustomization.yaml`;
  const text = s.files[k];
  if (/^vars:/m.test(text)) return undefined;
  const mistake = pick(r, ['none', 'notReplaced', 'objref', 'version', 'fieldPath', 'twice'])!;
  const name = mistake === 'objref' ? misspell(r, src.name) : src.name;
  const apiVersion = mistake === 'version' ? `${src.apiVersion}x` : src.apiVersion;
  const field = pick(r, ['metadata.name', 'kind', 'apiVersion'])!;
  const fieldPath = mistake === 'fieldPath' ? misspell(r, field) : field;
  const one = (n: string) => [
    `  - name: ${n}`,
    '    objref:',
    `      apiVersion: ${apiVersion}`,
    `      kind: ${src.kind}`,
    `      name: ${name}`,
    ...(src.namespace ? [`      namespace: ${src.namespace}`] : []),
    '    fieldref:',
    `      fieldPath: ${fieldPath}`,
  ];
  // The patch first (it may go into a `patches:` list above): the var's lines are the file's last.
  let t = text;
  if (mistake === 'notReplaced') {
    const p = `{"op": "add", "path": "/metadata/finalizers", "value": ["$(MVAR)"]}`;
    t = addItem(t, 'patches', `{target: {kind: ${src.kind}, name: ${src.name}}, patch: '[${p}]'}`).text;
  } else {
    // An annotation of its own (a `commonAnnotations` value is one node Kustomize puts in several places).
    const p = `{"apiVersion": "${src.apiVersion}", "kind": "${src.kind}", "metadata": {"name": "${src.name}", "annotations": {"copied": "from $(MVAR), $$ kept"}}}`;
    t = addItem(t, 'patches', `{target: {kind: ${src.kind}, name: ${src.name}}, patch: '${p}'}`).text;
  }
  const lines = ['vars:', ...one('MVAR'), ...(mistake === 'twice' ? one('MVAR') : [])];
  const added = append(t, lines);
  t = added.text;
  const nameLine = 5;
  const at = {
    none: undefined,
    notReplaced: undefined,
    objref: nameLine,
    version: nameLine,
    fieldPath: lines.length - (mistake === 'twice' ? one('').length : 0) - 1,
    twice: 1 + one('').length,
  }[mistake];
  return {
    what: `${k}: a var from ${src.kind} ${src.name}${mistake === 'none' ? '' : ` (${mistake}${mistake === 'objref' ? `: ${name}` : mistake === 'fieldPath' ? `: ${fieldPath}` : ''})`}`,
    files: { ...s.files, [k]: t },
    root: s.root,
    output: true,
    ...(at !== undefined ? { at: { file: k, line: added.first + at } } : {}),
  };
}

/**
 * A line added to an env file a generator reads (or one made for a new generator): without `=`, a key no
 * environment takes (`1BAD`, `BAD-KEY`, `A KEY`), an empty key, leading spaces. kubectl validates no key and
 * builds each: our generated ConfigMap, its hashed name and the references to it, are kubectl's.
 */
function badEnvLine(s: Seed, r: () => number): Omit<Case, 'seed'> | undefined {
  const line = pick(r, ['NOEQUALS', '1BAD=x', 'BAD-KEY=x', 'A KEY=x', '=x', '   SPACED=y', 'TRAIL=z  ', 'EMPTY='])!;
  const env = pick(
    r,
    Object.keys(s.files).filter((p) => p.endsWith('.env')),
  );
  if (env) {
    const text = s.files[env];
    return {
      what: `${env}: line ${JSON.stringify(line)} added`,
      files: { ...s.files, [env]: `${text.endsWith('\n') ? text : `${text}\n`}${line}\n` },
      root: s.root,
      output: true,
    };
  }
  const k = `${s.root}/kustomization.yaml`;
  if (/^configMapGenerator:/m.test(s.files[k])) return undefined;
  const t = append(s.files[k], [
    'configMapGenerator:',
    '  - name: mutated-env',
    '    envs:',
    '      - mutated.env',
  ]).text;
  return {
    what: `${k}: a generator of mutated.env with ${JSON.stringify(line)}`,
    files: { ...s.files, [k]: t, [`${s.root}/mutated.env`]: `FIRST=1\n${line}\n` },
    root: s.root,
    output: true,
  };
}

/**
 * A JSON 6902 patch on a resource of Kubernetes' own kinds (a Deployment, a Service, a Namespace…): one that
 * applies (a replace of its name's label, an add under `metadata.annotations`), or one kubectl refuses (a
 * remove, a replace or a test of a path it does not have, an add below a missing parent, a test of a wrong
 * value). On the patch's line.
 */
function builtinJsonPatch(s: Seed, r: () => number): Omit<Case, 'seed'> | undefined {
  const src = pick(
    r,
    listedDocs(s.files).filter((d) => builtinApi(d.apiVersion)),
  );
  if (!src) return undefined;
  const k = `${s.root}/kustomization.yaml`;
  const [op, fails] = pick(r, [
    [`{"op": "add", "path": "/metadata/annotations", "value": {"patched": "yes"}}`, false],
    [`{"op": "test", "path": "/kind", "value": "${src.kind}"}`, false],
    [`{"op": "replace", "path": "/metadata/name", "value": "${src.name}"}`, false],
    [`{"op": "remove", "path": "/spec/nosuch"}`, true],
    [`{"op": "replace", "path": "/metadata/nosuch", "value": "x"}`, true],
    [`{"op": "add", "path": "/spec/nosuch/deeper", "value": 1}`, true],
    [`{"op": "test", "path": "/kind", "value": "Not${src.kind}"}`, true],
    [`{"op": "move", "from": "/metadata/nosuch", "path": "/metadata/other"}`, true],
  ] as const)!;
  const a = addItem(s.files[k], 'patches', `{target: {kind: ${src.kind}, name: ${src.name}}, patch: '[${op}]'}`);
  return {
    what: `${k}: a JSON 6902 patch of ${src.kind} ${src.name}: ${op}`,
    files: { ...s.files, [k]: a.text },
    root: s.root,
    output: true,
    ...(fails ? { at: { file: k, line: a.line } } : {}),
  };
}

/**
 * A component (`kind: Component`) listed under `resources`, or a kustomization (a base) under `components`:
 * kubectl refuses both, on the entry's line. Or a component where it belongs: it builds.
 */
function componentKind(s: Seed, r: () => number): Omit<Case, 'seed'> | undefined {
  const k = `${s.root}/kustomization.yaml`;
  const way = pick(r, ['componentAsResource', 'baseAsComponent', 'componentAsComponent'])!;
  const files = { ...s.files };
  const folder = 'components/mutant';
  files[`${folder}/kustomization.yaml`] =
    'apiVersion: kustomize.config.k8s.io/v1alpha1\nkind: Component\ncommonAnnotations:\n  mutant: "yes"\n';
  if (way === 'baseAsComponent') {
    const base = pick(
      r,
      kustomizations(s.files)
        .map((p) => posix.dirname(p))
        .filter((d) => d !== s.root && !/^kind:\s*Component/m.test(s.files[`${d}/kustomization.yaml`])),
    );
    if (!base) return undefined;
    delete files[`${folder}/kustomization.yaml`];
    const a = addItem(files[k], 'components', rel(s.root, base));
    files[k] = a.text;
    return { what: `${k}: the base ${base} listed as a component`, files, root: s.root, at: { file: k, line: a.line } };
  }
  const a = addItem(files[k], way === 'componentAsResource' ? 'resources' : 'components', rel(s.root, folder));
  files[k] = a.text;
  return {
    what: `${k}: a component listed under ${way === 'componentAsResource' ? 'resources' : 'components'}`,
    files,
    root: s.root,
    ...(way === 'componentAsResource' ? { at: { file: k, line: a.line } } : { output: true as const }),
  };
}

/** `n` cases from `seed`: each a seed overlay and a mutation chosen by the generator; none twice. */
export function generate(seed: number, n: number): Case[] {
  const r = rng(seed);
  const all = seeds();
  const names = Object.keys(MUTATIONS);
  const out: Case[] = [];
  const seen = new Set<string>();
  for (let tries = 0; out.length < n && tries < n * 20; tries++) {
    const s = pick(r, all)!;
    const m = pick(r, names)!;
    const c = MUTATIONS[m](s, r);
    if (!c) continue;
    const key = JSON.stringify([c.files, c.root]);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ seed: s.name, ...c, what: `${m}: ${c.what}` });
  }
  return out;
}

/** Writes a case under `dir`; its files' paths. */
export function materialize(c: Case, dir: string): string[] {
  return Object.entries(c.files).map(([p, t]) => {
    const path = join(dir, ...p.split('/'));
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, t.replaceAll('@ROOT@', dir));
    return path;
  });
}

/** `kubectl kustomize DIR`: whether it builds, and what it says when it does not. */
export function kubectlBuilds(dir: string, output = false): Promise<{ ok: boolean; stderr: string; stdout: string }> {
  return new Promise((resolve) => {
    const p = spawn('kubectl', ['kustomize', dir], { stdio: ['ignore', output ? 'pipe' : 'ignore', 'pipe'] });
    let stderr = '';
    let stdout = '';
    p.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
    p.stdout?.on('data', (d: Buffer) => (stdout += d.toString()));
    p.on('close', (code) =>
      resolve({ ok: code === 0, stdout, stderr: stderr.replace(/^# Warning:.*\n/gm, '').trim() }),
    );
  });
}

/** How our rendering of the case's overlay differs from kubectl's output (undefined: the same resources). */
function renderingDiffers(dir: string, c: Case, stdout: string): string | undefined {
  const read = (uri: string) => {
    const path = fileURLToPath(uri);
    return existsSync(path) && statSync(path).isFile() ? readFileSync(path, 'utf8') : undefined;
  };
  const ours = renderKustomization(pathToFileURL(join(dir, c.root, 'kustomization.yaml')).href, read);
  const unsure = ours.unsure.filter((u) => u !== undefined);
  if (unsure.length > 0) return `not rendered with certainty: ${unsure[0]}`;
  const key = (r: JsonObject) => {
    const m = (r.metadata ?? {}) as JsonObject;
    return `${String(r.apiVersion)} ${String(r.kind)} ${String(m.namespace ?? '')}/${String(m.name)}`;
  };
  const sorted = (rs: JsonObject[]) => [...rs].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
  const theirs = sorted(parseAllDocuments(stdout).map((d) => d.toJS() as JsonObject));
  const mine = sorted(ours.resources);
  if (isDeepStrictEqual(theirs, mine)) return undefined;
  const i = theirs.findIndex((t, n) => !isDeepStrictEqual(t, mine[n]));
  return `our rendering differs: kubectl ${JSON.stringify(theirs[i])}\n  ours ${JSON.stringify(mine[i])}`;
}

/** The build errors the CLI reports on a case's files: `file:line code`. */
export async function ourErrors(dir: string, c: Case): Promise<{ file: string; line: number; text: string }[]> {
  const inputs = Object.keys(c.files)
    .filter((p) => /\.ya?ml$/.test(p))
    .map((p) => ({ kind: 'file' as const, path: join(dir, ...p.split('/')), display: p }));
  const { workspace } = await loadWorkspace(inputs, { cwd: dir });
  return checkWorkspace(workspace, DEFAULT_SETTINGS).flatMap((res) =>
    res.diags
      .filter((d) => d.code.startsWith('kustomize-') && severityOf(d) === 'error')
      .map((d) => ({
        file: res.file.display,
        line: lineOf(res.file.parsed.text, d.start),
        text: `${res.file.display}:${lineOf(res.file.parsed.text, d.start)} ${d.code}: ${d.message}`,
      })),
  );
}

/** How a case disagrees with kubectl (undefined: it agrees), told with the seed and the whole overlay. */
export async function compare(
  c: Case,
  dir: string,
  seed: number,
): Promise<{ why?: string; real: { ok: boolean; stderr: string } }> {
  materialize(c, dir);
  const [real, ours] = await Promise.all([kubectlBuilds(join(dir, c.root), !!c.output), ourErrors(dir, c)]);
  let why: string | undefined;
  if (real.ok && ours.length > 0) why = 'kubectl builds it; we report an Error';
  else if (real.ok && c.output) why = renderingDiffers(dir, c, real.stdout);
  else if (!real.ok && ours.length === 0) why = 'kubectl refuses it; we report no Error';
  else if (!real.ok && c.at && !ours.some((e) => e.file === c.at!.file && e.line === c.at!.line))
    why = `kubectl refuses it; no Error of ours at ${c.at.file}:${c.at.line}`;
  if (!why) return { real };
  const overlay = Object.entries(c.files)
    .filter(([p]) => /\.ya?ml$|\.env$|\.properties$/.test(p))
    .map(([p, t]) => `--- ${p}\n${t}`)
    .join('');
  const told = `${why}\n  seed ${seed}, overlay ${c.seed}, ${c.what}\n  kubectl: ${real.ok ? 'builds' : real.stderr.slice(0, 600)}\n  ours: ${
    ours.map((e) => e.text).join('\n        ') || 'none'
  }\n${overlay}`;
  return { why: told, real };
}

/** The error classes kubectl's refusals fall in (for the count in docs/overlays-and-charts.md). */
export function errorClass(stderr: string): string {
  const classes: [RegExp, string][] = [
    [/unknown field/, 'unknown field'],
    [/cycle detected/, 'cycle'],
    [/cannot be absolute/, 'absolute folder'],
    [/is not in or below/, 'load restrictor'],
    [/unable to find one of/, 'folder without kustomization'],
    [/no such file or directory/, 'missing file'],
    [/already registered id/, 'duplicate resource'],
    [/illegally repeats the key/, 'generator key twice'],
    [/cannot merge or replace/, 'generator merge without base'],
    [
      /cannot be mapped to a field|already encountered|not found in corresponding resource|resId matches for var|invalid value type expect a string/,
      'var fails',
    ],
    [/expected kind/, 'component kind'],
    [/no resource matches strategic merge patch|failed to find unique target/, 'patch matches nothing'],
    [
      /nothing selected by|multiple matches for selector|is missing for replacement source|in replacement target|options\.index -?\d+ is out of bounds/,
      'replacement fails',
    ],
    [
      /unable to remove|missing value|replace operation|doc is missing|testing value|Unable to|unexpected kind|error in|index out of bounds/i,
      'JSON 6902 operation fails',
    ],
  ];
  return classes.find(([re]) => re.test(stderr))?.[1] ?? `other: ${stderr.slice(0, 120)}`;
}
