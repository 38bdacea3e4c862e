// The custom requests between the VS Code client and the server behind the extension's commands.
// Types only (and the method names): the client bundle imports this file, so it must not pull in the
// server's libraries.
import type { Diagnostic, Range } from 'vscode-languageserver-types';

/**
 * `cloudManifests/checkWorkspace`: validate every manifest file of the workspace (or only `uris`) and
 * return each file's diagnostics, exactly as the server publishes them for an open document. Files
 * without problems are returned too (with `[]`), so the client can clear what it showed before.
 * Supports work-done progress (`workDoneToken`) and cancellation.
 */
export const CHECK_WORKSPACE = 'cloudManifests/checkWorkspace';

export interface CheckWorkspaceParams {
  /** Only these files (e.g. one file closed or changed on disk); absent: every file of the workspace. */
  uris?: string[];
  workDoneToken?: string | number;
}

export interface CheckedFile {
  uri: string;
  diagnostics: Diagnostic[];
}

export interface CheckWorkspaceResult {
  files: CheckedFile[];
  /** Files that could not be read (deleted meanwhile, unreadable, binary). */
  unreadable: string[];
  /** True when the request was cancelled before every file was checked. */
  cancelled: boolean;
}

/**
 * `cloudManifests/ownerGraph`: every manifest of the workspace with its resolved owner, for the
 * explorer's owner tree. Owners referenced but not found in the workspace (they may exist in the cluster)
 * and owners given by `armId` come back as `external` nodes, so every `ownerId` names a node.
 */
export const OWNER_GRAPH = 'cloudManifests/ownerGraph';

export interface OwnerGraphParams {
  workDoneToken?: string | number;
}

export interface GraphNode {
  /**
   * Unique within one answer, and the same in the next answer for the same resource (the tree keeps its
   * expansion by it): `<uri>#<area>/<kind>/<namespace>/<name>` for manifests, `external:…` for owners not
   * in the workspace, `overlay:<kustomization uri>#…` for an overlay's nodes.
   */
  id: string;
  kind: string;
  name: string;
  namespace: string;
  /** The manifest's `apiVersion` (absent for external nodes). */
  apiVersion?: string;
  /** The file holding the manifest (absent for external nodes). */
  uri?: string;
  /** The whole manifest (its YAML document, or its item of a `<Kind>List`): problems inside it are its own. */
  range?: Range;
  /** Where to put the cursor when the manifest is opened: its `metadata.name` value (else its `kind`). */
  selectionRange?: Range;
  /** The node that owns this one, when the manifest names an owner. */
  ownerId?: string;
  /**
   * The owner it names (`ownerId`) is of another kind than its owner must be (the `owner-kind` error):
   * the kind it must be.
   */
  ownerKindExpected?: string;
  /** An owner referenced but not in the workspace, or given by `armId`. */
  external?: boolean;
  /** For external nodes given by `armId`. */
  armId?: string;
  /**
   * A node of a Kustomize overlay's rendered result (`overlays/prod`): its rendered name, under the node of
   * the overlay (kind `Kustomization`, id `overlay:<its uri>`), which has it too.
   */
  overlay?: string;
}

export interface OwnerGraphResult {
  nodes: GraphNode[];
}

/**
 * The client command of the resource path code lens (`arguments: [path]`): the VS Code client copies the
 * whole path to the clipboard. Other editors show the lens title only.
 */
export const COPY_RESOURCE_PATH = 'cloudManifests.copyResourcePath';

/**
 * `cloudManifests/indexChanged` (server → client notification): the workspace index changed (the first scan
 * ended, a file changed, was created or deleted, an open document changed what it defines). Sent at most
 * every few hundred milliseconds; the owner tree asks for the graph again. Sent only to a client whose
 * `initializationOptions` hold `indexChanged: true`.
 */
export const INDEX_CHANGED = 'cloudManifests/indexChanged';

export interface IndexChangedParams {
  /** The index holds every file of the workspace (the scan has finished). */
  complete: boolean;
  /** Manifests in the index. */
  manifests: number;
}
