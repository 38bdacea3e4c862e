// What the overlays read of the analysis that owns them (service/analysis.ts), and which kustomizations
// render anything new. Its own file: every part of host/overlays/ reads these, and the class that joins
// the parts (host/overlays.ts) imports the parts, so the parts cannot import it.
import type { ChunkStore, ParsedFile } from '../../core/parse';
import type { Settings } from '../../core/settings';
import type { FileRoles } from '../../workspace/fileRoles';
import type { KustomizationReads } from '../../workspace/kustomize/kustomization';
import type { WorkspaceIndex } from '../../workspace/workspaceIndex';

/** A kustomization that changes what it lists (else its rendering is its resources as written). */
export const TRANSFORMS =
  /^(?:namePrefix|nameSuffix|namespace|commonLabels|labels|commonAnnotations|patches|patchesStrategicMerge|patchesJson6902|replacements)\s*:/m;

/** What the overlays read of the analysis that owns them (each a current value: the kinds change). */
export interface OverlayInputs {
  /** Whether overlays are rendered at all (`renderOverlays`). */
  readonly render: boolean;
  /** The text of a file as the user wrote it (open, indexed, else read as the host allows), if any. */
  userText(uri: string): string | undefined;
  /** The open or indexed file of a uri as parsed, if any. */
  fileOf(uri: string): ParsedFile | undefined;
  store(): ChunkStore;
  roles(): FileRoles;
  settings(): Settings;
  /** The workspace's index (the files as written). */
  index(): WorkspaceIndex;
  /** Kustomization texts read once for the roles, the checks and the render. */
  readonly reads: KustomizationReads;
}
