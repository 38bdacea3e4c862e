// The files that say what a file named on the command line is, when they are not named too: the
// `Chart.yaml` of a chart whose `templates/` folder holds it (it is a Helm template), and the kustomization
// files of its folder and the few folders above it (it may be a patch an overlay names).
import { existsSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative } from 'node:path';

const KUSTOMIZATIONS = ['kustomization.yaml', 'kustomization.yml', 'Kustomization'];
/** How far above a file a kustomization naming it is looked for (`overlays/prod/patches/x.yaml`). */
const LEVELS = 3;

/**
 * Absolute paths of the context files of `paths`, each once, none of `paths` itself. With `root`, the
 * kustomizations are looked for only in folders inside it (the current folder: a run does not read a
 * repository's parents).
 */
export function contextFiles(paths: readonly string[], root?: string): string[] {
  const within = (dir: string) => {
    if (root === undefined) return true;
    const rel = relative(root, dir);
    return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
  };
  const named = new Set(paths);
  const out = new Set<string>();
  const add = (p: string) => {
    if (!named.has(p) && existsSync(p)) out.add(p);
  };
  const seen = new Set<string>();
  for (const p of paths) {
    let dir = dirname(p);
    for (let level = 0; level < LEVELS && within(dir) && !seen.has(`${dir}\0${level}`); level++) {
      seen.add(`${dir}\0${level}`);
      for (const k of KUSTOMIZATIONS) add(join(dir, k));
      const up = dirname(dir);
      if (up === dir) break;
      dir = up;
    }
    // A template: any folder above named `templates` with a Chart.yaml beside it.
    for (let d = dirname(p); dirname(d) !== d; d = dirname(d))
      if (basename(d) === 'templates') add(join(dirname(d), 'Chart.yaml'));
  }
  return [...out];
}
