// What stops `kubectl kustomize` before it renders anything, read from a kustomization and the disk: an
// entry naming no file or folder (the most common Kustomize mistake), a folder without a kustomization, an
// absolute folder, and a cycle (a folder listed that holds a kustomization already being built: the
// overlay itself, or one that lists it back, through `resources` or `components`), a component listed as a
// resource or a kustomization as a component. Each an Error on the
// entry, in kubectl's words. What the disk does not answer (`kind` undefined) and remote entries are left
// alone: nothing is said of them.
import { isMap, isScalar, isSeq, parseAllDocuments, type Node, type Scalar } from 'yaml';
import type { Diag } from '../../core/diag';
import { entry, spanOf } from '../../core/yamlNodes';
import { KUSTOMIZATION_NAMES, REMOTE, resolveFrom } from './kustomization';

/** What a uri is on disk (`kubectl kustomize` reads the disk). */
export type FileKind = 'file' | 'folder' | 'missing';

export interface BuildEnv {
  /** A file's text (open, indexed or read), if any. */
  read(uri: string): string | undefined;
  /** What a uri is on disk; undefined: not known (then nothing is said). */
  kind(uri: string): FileKind | undefined;
}

/** How kubectl loads an entry: a file, a file or a folder holding a kustomization, a folder. */
type Load = 'file' | 'resource' | 'component';

interface Entry {
  path: string;
  node: Scalar;
  load: Load;
  /** The kustomization's field, for messages. */
  field: string;
}

const strings = (node: unknown): Scalar[] =>
  isSeq(node) ? node.items.filter((i): i is Scalar => isScalar(i) && typeof i.value === 'string') : [];
const scalarString = (node: unknown): Scalar | undefined =>
  isScalar(node) && typeof node.value === 'string' ? node : undefined;

const isPathField = (field: string) => field.endsWith('.path');

/** The entries of a kustomization that name files or folders, with how kubectl loads each. */
function entriesOf(root: unknown): Entry[] {
  const out: Entry[] = [];
  if (!isMap(root)) return out;
  const add = (node: Scalar | undefined, load: Load, field: string, path = node ? String(node.value) : '') => {
    // Inline content (a patch or plugin configuration written in place) and remote entries name no file;
    // a `path:` is always a file's name (a patch's content moved there names none).
    if (!node || path === '' || REMOTE.test(path)) return;
    if (/\n/.test(path) && !isPathField(field)) return;
    out.push({ path, node, load, field });
  };
  const value = (key: string) => entry(root, key)?.value;
  for (const key of ['resources', 'bases']) for (const s of strings(value(key))) add(s, 'resource', key);
  for (const s of strings(value('components'))) add(s, 'component', 'components');
  for (const key of ['patchesStrategicMerge', 'configurations', 'crds'])
    for (const s of strings(value(key))) add(s, 'file', key);
  for (const key of ['patches', 'patchesJson6902', 'replacements']) {
    const list = value(key);
    if (isSeq(list))
      for (const item of list.items) add(scalarString(entry(item, 'path')?.value), 'file', `${key}.path`);
  }
  for (const key of ['generators', 'transformers', 'validators'])
    for (const s of strings(value(key))) add(s, 'resource', key);
  for (const key of ['configMapGenerator', 'secretGenerator']) {
    const list = value(key);
    if (!isSeq(list)) continue;
    for (const item of list.items) {
      // `files`: `path` or `key=path`.
      for (const s of strings(entry(item, 'files')?.value)) {
        const v = String(s.value);
        add(s, 'file', key, v.includes('=') ? v.slice(v.indexOf('=') + 1) : v);
      }
      for (const s of strings(entry(item, 'envs')?.value)) add(s, 'file', key);
      add(scalarString(entry(item, 'env')?.value), 'file', key);
    }
  }
  return out;
}

const folderOf = (uri: string) => uri.slice(0, uri.lastIndexOf('/') + 1);
const asFolder = (uri: string) => (uri.endsWith('/') ? uri : `${uri}/`);
/** `a/b/`, for messages: the folder's last two segments. */
const shortFolder = (folder: string) => `${folder.split('/').slice(-3, -1).map(decodeURIComponent).join('/')}/`;

/** The kustomization file of a folder, if one is there (the first of Kustomize's names). */
function kustomizationIn(folder: string, env: BuildEnv): { uri: string; text: string } | undefined {
  for (const n of KUSTOMIZATION_NAMES) {
    const text = env.read(folder + n);
    if (text !== undefined) return { uri: folder + n, text };
  }
  return undefined;
}

/** Whether a folder holds a kustomization: true, false, or undefined when the disk does not say. */
function holdsKustomization(folder: string, env: BuildEnv): boolean | undefined {
  if (kustomizationIn(folder, env)) return true;
  const kinds = KUSTOMIZATION_NAMES.map((n) => env.kind(folder + n));
  if (kinds.includes('file')) return true;
  return kinds.every((k) => k === 'missing') ? false : undefined;
}

/**
 * The kind of a folder's kustomization as Kustomize reads it (its `kind`, none being `Kustomization`), or
 * undefined: not read, or another kind (its own checks say so).
 */
function kindOf(folder: string, env: BuildEnv): 'Kustomization' | 'Component' | undefined {
  const k = kustomizationIn(folder, env);
  if (!k) return undefined;
  const docs = parseAllDocuments(k.text);
  const root = docs.length === 1 && docs[0].errors.length === 0 ? docs[0].contents : undefined;
  if (!isMap(root)) return undefined;
  // Field names matched ignoring case, as Kustomize decodes them.
  const pair = root.items.find((p) => isScalar(p.key) && String(p.key.value).toLowerCase() === 'kind');
  const v = pair === undefined ? '' : isScalar(pair.value) ? pair.value.value : undefined;
  if (v === '' || v === null || v === 'Kustomization') return 'Kustomization';
  return v === 'Component' ? 'Component' : undefined;
}

/** Kustomizations read by one cycle search, at most (a wide tree is searched in its first ones). */
const MAX_VISITS = 500;
/** Nested kustomizations deeper than this are not followed. */
const MAX_DEPTH = 32;

/** The folders a kustomization's `resources`, `bases` and `components` name (relative paths, as written). */
function foldersListed(text: string): string[] {
  const docs = parseAllDocuments(text);
  const root = docs.length === 1 && 'contents' in docs[0] ? docs[0].contents : undefined;
  return entriesOf(root)
    .filter(
      (e) => e.load !== 'file' && e.field !== 'generators' && e.field !== 'transformers' && e.field !== 'validators',
    )
    .map((e) => e.path);
}

/**
 * Where building the folder `at` (listed below `chain`) meets a folder that holds one of the chain: the
 * kustomization that lists it and the entry, or undefined (none found within the bounds).
 */
function cycleBelow(
  at: string,
  chain: readonly string[],
  env: BuildEnv,
  budget: { n: number },
): { kustomization: string; path: string } | undefined {
  if (chain.length > MAX_DEPTH || budget.n-- <= 0) return undefined;
  const k = kustomizationIn(at, env);
  if (!k) return undefined;
  const inside = [...chain, at];
  for (const path of foldersListed(k.text)) {
    if (path.startsWith('/')) continue;
    const to = resolveFrom(k.uri, path);
    if (!to || env.kind(to) === 'file') continue;
    const folder = asFolder(to);
    if (env.kind(to) !== 'folder' && !kustomizationIn(folder, env)) continue;
    if (inside.some((v) => v.startsWith(folder))) return { kustomization: k.uri, path };
    const found = cycleBelow(folder, inside, env, budget);
    if (found) return found;
  }
  return undefined;
}

/**
 * A ConfigMap or Secret generator whose sources give a key twice (two literals, two files of one name, two
 * env files or lines naming one variable): kubectl stops with "illegally repeats the key". On the source that
 * repeats it. Env files are read as Kustomize reads them: `KEY=value` lines, blank lines and `#` comments
 * skipped; one not read says nothing.
 */
function repeatedKeys(uri: string, root: unknown, env: BuildEnv, out: Diag[]): void {
  if (!isMap(root)) return;
  for (const [field, what] of [
    ['configMapGenerator', 'configmap'],
    ['secretGenerator', 'secret'],
  ] as const) {
    const list = entry(root, field)?.value;
    if (!isSeq(list)) continue;
    for (const item of list.items) {
      const name = scalarString(entry(item, 'name')?.value)?.value;
      const seen = new Set<string>();
      let told = false;
      const key = (k: string, node: Scalar) => {
        if (!seen.has(k)) {
          seen.add(k);
          return;
        }
        if (told) return;
        told = true;
        const [start, end] = spanOf(node as Node);
        out.push({
          code: 'kustomize-generator-key',
          start,
          end,
          message: `The ${what} generator \`${String(name ?? '')}\` gets the key \`${k.length > 80 ? `${k.slice(0, 79)}…` : k}\` twice: \`kubectl kustomize\` stops with "${what} ${String(name ?? '')} illegally repeats the key". Give each source a key of its own (\`key=path\` for a file), or remove the repeat.`,
        });
      };
      for (const s of strings(entry(item, 'literals')?.value)) {
        const v = String(s.value);
        key(v.includes('=') ? v.slice(0, v.indexOf('=')) : v, s);
      }
      for (const s of strings(entry(item, 'files')?.value)) {
        const v = String(s.value);
        key(v.includes('=') ? v.slice(0, v.indexOf('=')) : v.slice(v.lastIndexOf('/') + 1), s);
      }
      const envs = [...strings(entry(item, 'envs')?.value)];
      const one = scalarString(entry(item, 'env')?.value);
      if (one) envs.push(one);
      for (const s of envs) {
        const at = resolveFrom(uri, String(s.value));
        const text = at === undefined ? undefined : env.read(at);
        if (text === undefined) continue;
        for (const line of text.split(/\r?\n/).slice(0, 10_000)) {
          const l = line.trimStart();
          if (l === '' || l.startsWith('#')) continue;
          // The key as api/kv reads it: before the first `=`, or the whole line; an empty one is skipped.
          const k = l.includes('=') ? l.slice(0, l.indexOf('=')) : l;
          if (k !== '') key(k, s);
        }
      }
    }
  }
}

/** What stops kubectl's build in a kustomization's entries (see above), one Error per entry at fault. */
export function kustomizationBuildErrors(uri: string, root: unknown, env: BuildEnv): Diag[] {
  const out: Diag[] = [];
  repeatedKeys(uri, root, env, out);
  const here = folderOf(uri);
  const budget = { n: MAX_VISITS };
  const at = (e: Entry, code: Diag['code'], message: string) => {
    const [start, end] = spanOf(e.node as Node);
    out.push({ code, start, end, message });
  };
  for (const e of entriesOf(root)) {
    // A file's name is a path, never a URL: `a: b` (a patch's content moved under `path:`) is no scheme.
    const to = resolveFrom(uri, e.load === 'file' && !e.path.startsWith('/') ? `./${e.path}` : e.path);
    if (!to) continue;
    const kind = env.kind(to);
    const shown = e.path.length > 120 ? `${e.path.slice(0, 119)}…` : e.path;
    if (kind === 'missing') {
      at(
        e,
        'kustomize-missing-file',
        `\`${shown}\` does not exist: \`kubectl kustomize\` stops with "${e.load === 'file' ? 'evalsymlink failure' : 'accumulating resources'} … no such file or directory". Create it, or write the path of an existing ${e.load === 'file' ? 'file' : e.load === 'component' ? 'component folder' : 'file or folder'} (relative to this kustomization's folder).`,
      );
      continue;
    }
    if (e.load === 'file' || kind !== 'folder') continue;
    if (e.path.startsWith('/')) {
      at(
        e,
        'kustomize-absolute-folder',
        `\`${shown}\` is an absolute folder: \`kubectl kustomize\` stops with "new root cannot be absolute". Write it relative to this kustomization's folder.`,
      );
      continue;
    }
    const folder = asFolder(to);
    if (here.startsWith(folder)) {
      at(
        e,
        'kustomize-cycle',
        `\`${shown}\` is a folder that holds this kustomization: \`kubectl kustomize\` stops with "cycle detected: candidate root … contains visited root …". Remove the entry, or list the folder of another kustomization.`,
      );
      continue;
    }
    const cycle = cycleBelow(folder, [here], env, budget);
    if (cycle) {
      at(
        e,
        'kustomize-cycle',
        `\`${shown}\` leads back to a kustomization being built: ${shortFolder(folderOf(cycle.kustomization))} lists \`${cycle.path}\`, which holds it, and \`kubectl kustomize\` stops with "cycle detected: candidate root … contains visited root …". Remove one of the entries that close the loop.`,
      );
      continue;
    }
    if (holdsKustomization(folder, env) === false) {
      at(
        e,
        'kustomize-missing-file',
        `\`${shown}\` is a folder without a kustomization: \`kubectl kustomize\` stops with "unable to find one of 'kustomization.yaml', 'kustomization.yml' or 'Kustomization'". Add one there, or list its files one by one.`,
      );
      continue;
    }
    // A component where a base is listed, or a base where a component is (accumulateDirectory).
    const listed =
      e.field === 'resources' || e.field === 'bases' || e.load === 'component' ? kindOf(folder, env) : undefined;
    if (listed === 'Component' && e.load === 'resource')
      at(
        e,
        'kustomize-component-kind',
        `\`${shown}\` is a component (\`kind: Component\`), listed as a resource: \`kubectl kustomize\` stops with "expected kind != 'Component' for path …". List it under \`components:\`.`,
      );
    else if (listed === 'Kustomization' && e.load === 'component')
      at(
        e,
        'kustomize-component-kind',
        `\`${shown}\` is a kustomization, not a component: \`kubectl kustomize\` stops with "expected kind 'Component' for path … but got 'Kustomization'". List it under \`resources:\`, or make it \`kind: Component\`.`,
      );
  }
  return out;
}
