// What a walk of a folder for YAML files is asked and answers, and which names it takes, apart from the walk
// itself (folderWalk.ts, Node's file system): the browser build's walk (web/twins/io/folderWalk.ts, the
// editor's listing) takes the same names and answers alike.

/** Folders never searched. */
export const SKIPPED_DIRS: ReadonlySet<string> = new Set(['node_modules', '.git']);

/** A YAML file by its name: `.yaml`/`.yml`, or Kustomize's extensionless `Kustomization`. */
export const isYamlName = (name: string): boolean => /\.ya?ml$/i.test(name) || /(?:^|[/\\])Kustomization$/.test(name);

/** A JSON file by its name: read only for the CustomResourceDefinitions it may hold (never checked). */
export const isJsonName = (name: string): boolean => /\.json$/i.test(name);

/** An entry the walk left out, with why (the reports name it). */
export interface Skipped {
  path: string;
  reason: string;
  /** It could not be read (a failure, the CLI exits 2); otherwise it was left out on purpose (a link out, a FIFO). */
  error?: true;
}

export interface Walk {
  /** Leaves out an entry (a file or a whole folder) by its absolute path, silently (`exclude`). */
  skip?: (full: string) => boolean;
  /** Whether to enter a folder `depth` levels below the root (the root is 0). */
  descend?: (depth: number) => boolean;
  /** Keeps a YAML file by its path relative to the root (forward slashes). */
  accept?: (relPath: string) => boolean;
  /** Stops the walk (checked before each folder). */
  stopped?: () => boolean;
  /** Runs after each folder's entries: the server yields to the event loop there. */
  between?: () => Promise<void>;
  /** Stops once more YAML files than this were found, or more folders than `maxFolders` entered (`truncated`). */
  maxFiles?: number;
  maxFolders?: number;
  /** Also lists the JSON files found (`json`; regular files only, silently left out otherwise). */
  json?: boolean;
}

export interface WalkResult {
  /** YAML files, depth first in name order (a folder's entries interleaved by name). */
  files: string[];
  /** Entries left out because they cannot or must not be read. */
  skipped: Skipped[];
  /** The walk stopped at `maxFiles` or `maxFolders`: `files` is not all there is. */
  truncated?: true;
  /** With `json`: the JSON files, in the same order (they count towards `maxFiles` too). */
  json?: string[];
}
