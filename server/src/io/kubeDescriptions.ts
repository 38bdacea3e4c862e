// The descriptions of Kubernetes' own kinds' fields that hover shows: dist/kube-descriptions.json, which
// the build writes beside the bundles from the kubernetes-types package (scripts/kube-descriptions.mjs).
// Read once, at the first hover of a built-in kind's field (a workspace of the operator's kinds alone never
// reads it); a missing or unreadable file means hover shows the fields' facts alone. The language server's
// hover and the MCP server's `explain` read it alike.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The file's shape (model/kube/kinds.ts's KubeDescriptions, written here again: io/ imports nothing of ours). */
export interface KubeDescriptions {
  source: string;
  defs: Record<string, Record<string, string>>;
}

/** The file beside the bundles (dist/server.js, dist/cli.js). */
export const KUBE_DESCRIPTIONS_FILE = 'kube-descriptions.json';

/** A loader of `file` (default: beside this bundle) that reads it on its first call and keeps what it read. */
export function kubeDescriptionsLoader(
  file = join(__dirname, KUBE_DESCRIPTIONS_FILE),
): () => KubeDescriptions | undefined {
  let read: { value: KubeDescriptions | undefined } | undefined;
  return () => {
    if (!read) {
      try {
        const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<KubeDescriptions>;
        read = { value: typeof parsed.defs === 'object' && parsed.defs ? (parsed as KubeDescriptions) : undefined };
      } catch {
        read = { value: undefined };
      }
    }
    return read.value;
  };
}
