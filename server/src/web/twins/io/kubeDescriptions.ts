// In the browser build, in place of io/kubeDescriptions.ts (same exports): kube-descriptions.json fetched
// from beside the bundles (dist/: web/editorFiles.ts distBase) on the first hover of a Kubernetes field. A Web Worker may fetch synchronously; hover is synchronous in the service.
import { distBase } from '../../editorFiles';

export interface KubeDescriptions {
  source: string;
  defs: Record<string, Record<string, string>>;
}

export const KUBE_DESCRIPTIONS_FILE = 'kube-descriptions.json';

/** What is used of a Web Worker's XMLHttpRequest (no DOM types in this project). */
interface SyncRequest {
  open(method: string, url: string, async: boolean): void;
  send(): void;
  responseText: string;
}

export function kubeDescriptionsLoader(file?: string): () => KubeDescriptions | undefined {
  let read: { value: KubeDescriptions | undefined } | undefined;
  return () => {
    if (!read) {
      try {
        const url = file ?? new URL(KUBE_DESCRIPTIONS_FILE, distBase()).href;
        const xhr = new (globalThis as unknown as { XMLHttpRequest: new () => SyncRequest }).XMLHttpRequest();
        xhr.open('GET', url, false);
        xhr.send();
        const parsed = JSON.parse(xhr.responseText) as Partial<KubeDescriptions>;
        read = { value: typeof parsed.defs === 'object' && parsed.defs ? (parsed as KubeDescriptions) : undefined };
      } catch {
        read = { value: undefined };
      }
    }
    return read.value;
  };
}
