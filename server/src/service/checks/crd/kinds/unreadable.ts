// A manifest whose kind a CRD of the workspace (or of the `crds` setting) meant to define, but whose text does
// not parse: the API server would refuse that CRD (kubectl's strict decoding refuses a duplicate key too), so
// the kind has no schema to check the manifest against. Said once on the manifest, as Information: never a
// silent "no problems", never a false error. The CRD's own file shows where it breaks (`yaml-syntax`).
import type { YAMLMap } from 'yaml';
import type { Reporter } from '../../../core/diag';
import { entry, spanOf } from '../../../core/yamlNodes';

/** The file of a URI as a message names it: its last path segment (the CRD's own file shows the rest). */
const fileName = (uri: string): string => {
  const path = uri.replace(/[?#].*$/, '');
  const last = path.slice(path.lastIndexOf('/') + 1);
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
};

/** Reports on the manifest's `kind` that the CRD of its kind could not be read, and why. */
export function reportUnreadableCrd(
  root: YAMLMap,
  out: Reporter,
  kind: string,
  crd: { uri?: string; name?: string; reason: string },
): void {
  const at = entry(root, 'kind');
  const which = [crd.name ? `\`${crd.name}\`` : undefined, crd.uri ? `in ${fileName(crd.uri)}` : undefined]
    .filter(Boolean)
    .join(' ');
  out.report(
    'crd-unreadable',
    spanOf(at?.value ?? at?.key ?? root),
    `The CRD that defines ${kind}${which ? ` (${which})` : ''} could not be read: ${crd.reason}. This manifest is not checked against it; correct the CRD's YAML (its file shows where).`,
  );
}
