// What a file is to the workspace, learnt from the other files: a manifest (the default), a kustomization,
// a patch a kustomization names (a partial manifest, or JSON 6902 operations on its target), or a Helm
// template (YAML below the `templates/` folder of a chart, whose `Chart.yaml` the analysis has seen).
// One per analysis (analysis.ts feeds it every file it indexes); nothing here reads a disk.
import {
  isKustomizationUri,
  readKustomization,
  resolveFrom,
  type KustomizationReads,
  type PatchTarget,
} from './kustomize/kustomization';

export type FileRole =
  | { role: 'manifest' }
  | { role: 'kustomization' }
  /**
   * `by`: the first kustomization naming it (in uri order, so the same whatever order files were read in);
   * `overlays`: every kustomization naming it, `by` first (a patch shared by overlays is checked in each).
   */
  | {
      role: 'patch';
      /** `targets[i]`: the target `overlays[i]` gives it (a file several overlays name may get several). */
      targets: (PatchTarget | undefined)[];
      by: string;
      overlays: string[];
    }
  | { role: 'template' };

const MANIFEST: FileRole = { role: 'manifest' };

const CHART_FILE = 'Chart.yaml';
const baseName = (uri: string) => uri.slice(uri.lastIndexOf('/') + 1);

/** A file whose content decides the roles of others. */
export const definesRoles = (uri: string): boolean => isKustomizationUri(uri) || baseName(uri) === CHART_FILE;

export class FileRoles {
  /** `reads`: the analysis's kustomization texts (read once for the roles and the checks). */
  constructor(private readonly reads?: KustomizationReads) {}
  /** The patch files each kustomization names, resolved to uris (with their targets). */
  private readonly named = new Map<string, Map<string, PatchTarget | undefined>>();
  /** Folders (with a trailing `/`) holding a `Chart.yaml`. */
  private readonly charts = new Set<string>();
  /** Counts the kustomizations and charts read or gone: what was computed from the roles holds while it is the same. */
  version = 0;
  /** More templates, by a setting (`helmTemplates`: the server and the CLI match its globs). */
  templateFiles: (uri: string) => boolean = () => false;

  /**
   * A kustomization or `Chart.yaml` read (`text`) or gone (undefined). Returns what may have changed
   * role: the patch uris named before or now, or the chart folder's `templates/` prefix.
   */
  update(uri: string, text: string | undefined): { uris: string[]; prefix?: string } {
    this.version++;
    if (baseName(uri) === CHART_FILE) {
      const folder = uri.slice(0, uri.length - CHART_FILE.length);
      if (text === undefined) this.charts.delete(folder);
      else this.charts.add(folder);
      return { uris: [], prefix: `${folder}templates/` };
    }
    if (!isKustomizationUri(uri)) return { uris: [] };
    const before = [...(this.named.get(uri)?.keys() ?? [])];
    if (text === undefined) this.named.delete(uri);
    else {
      const patches = new Map<string, PatchTarget | undefined>();
      for (const p of readKustomization(text, this.reads).patchFiles) {
        const at = resolveFrom(uri, p.path);
        if (at && !patches.has(at)) patches.set(at, p.target);
      }
      this.named.set(uri, patches);
    }
    return { uris: [...new Set([...before, ...(this.named.get(uri)?.keys() ?? [])])] };
  }

  /** The patch files a kustomization names. */
  patchesOf(kustomization: string): string[] {
    return [...(this.named.get(kustomization)?.keys() ?? [])];
  }

  /** Every kustomization read. */
  kustomizations(): string[] {
    return [...this.named.keys()];
  }

  roleOf(uri: string): FileRole {
    if (isKustomizationUri(uri)) return { role: 'kustomization' };
    let overlays: string[] | undefined;
    for (const [by, patches] of this.named) if (patches.has(uri)) (overlays ??= []).push(by);
    if (overlays) {
      overlays.sort();
      const targets = overlays.map((k) => this.named.get(k)!.get(uri));
      return { role: 'patch', targets, by: overlays[0], overlays };
    }
    for (const folder of this.charts) if (uri.startsWith(`${folder}templates/`)) return { role: 'template' };
    if (this.templateFiles(uri)) return { role: 'template' };
    return MANIFEST;
  }
}
