// In the browser build, in place of io/paths.ts (same exports): a virtual workspace's URIs
// (`vscode-vfs://github/owner/repo/a.yaml`, `vscode-test-web://mount/a.yaml`) as POSIX paths of their own,
// `/<scheme>/<authority><path>`, so that the server's folder arithmetic works on them unchanged.
import { knownUri, rememberUri } from '../../editorFiles';

export const sep = '/';
export const isAbsolute = (p: string): boolean => p.startsWith('/');

const parts = (p: string): string[] => {
  const out: string[] = [];
  for (const s of p.split('/')) {
    if (s === '' || s === '.') continue;
    if (s === '..') out.pop();
    else out.push(s);
  }
  return out;
};
const normal = (p: string): string => '/' + parts(p).join('/');

export function join(...ps: string[]): string {
  return normal(ps.join('/'));
}
export function dirname(p: string): string {
  const x = parts(p);
  return x.length <= 1 ? '/' : '/' + x.slice(0, -1).join('/');
}
export function basename(p: string): string {
  const x = parts(p);
  return x.length === 0 ? '' : x[x.length - 1];
}
export function relative(from: string, to: string): string {
  const a = parts(from);
  const b = parts(to);
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return [...a.slice(i).map(() => '..'), ...b.slice(i)].join('/');
}

const URI = /^([a-zA-Z][\w+.-]*):\/\/([^/?#]*)([^?#]*)$/;

/** The path of a virtual workspace's URI; undefined for `untitled:` and anything else without a path. */
export function pathOf(uri: string): string | undefined {
  const m = URI.exec(uri);
  if (!m) return undefined;
  let path: string;
  try {
    path = decodeURIComponent(m[3] || '/');
  } catch {
    return undefined;
  }
  const p = normal(`/${m[1]}/${m[2] === '' ? '-' : encodeURIComponent(m[2])}${path}`);
  rememberUri(p, uri);
  return p;
}

/** The URI of such a path: the editor's own spelling when it named it, else encoded as the editor does. */
export function uriOf(path: string): string {
  const known = knownUri(path);
  if (known) return known;
  const [scheme, authority, ...rest] = parts(path);
  const encoded = rest.map((s) => encodeURIComponent(s)).join('/');
  return `${scheme}://${authority === '-' ? '' : decodeURIComponent(authority ?? '')}/${encoded}`;
}
