// A document's `apiVersion` and `kind` read from its top-level lines, without parsing it: enough to ask
// whether its kind is known (lsp/publish.ts waits for the workspace's CRDs before publishing a manifest of a
// kind none of the kinds known defines). Not a verdict on the document: its checks parse it.
const API_VERSION = /^apiVersion:[ \t]*["']?([^\s"'#]+)/m;
const KIND = /^kind:[ \t]*["']?([^\s"'#]+)/m;

export function manifestHead(text: string): { apiVersion: string; kind: string } | undefined {
  const apiVersion = API_VERSION.exec(text)?.[1];
  const kind = KIND.exec(text)?.[1];
  return apiVersion && kind ? { apiVersion, kind } : undefined;
}
