// Go's net/url parser, the part Kubernetes' URL library uses: `url.ParseRequestURI` (what `isURL` accepts)
// and `url.Parse`, with the host, path and query rules and error wording of Go.

export interface GoUrl {
  scheme: string;
  opaque: string;
  /** `host` or `host:port`, brackets kept for IPv6. */
  host: string;
  path: string;
  rawPath: string;
  rawQuery: string;
}

type Mode = 'path' | 'host' | 'zone' | 'userPassword' | 'queryComponent';

const isAlnum = (c: number) => (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);

/** Go's `shouldEscape` for the modes used here. */
function shouldEscape(c: number, mode: Mode): boolean {
  if (isAlnum(c)) return false;
  const ch = String.fromCharCode(c);
  if ((mode === 'host' || mode === 'zone') && `!$&'()*+,;=:[]<>"`.includes(ch)) return false;
  if ('-_.~'.includes(ch)) return false;
  if ('$&+,/:;=?@'.includes(ch)) {
    switch (mode) {
      case 'path':
        return ch === '?';
      case 'userPassword':
        return ch === '@' || ch === '/' || ch === '?' || ch === ':';
      case 'queryComponent':
        return true;
      default:
        return true;
    }
  }
  return true;
}

const HEX = /^[0-9A-Fa-f]{2}$/;

/** Go's `unescape`: `%XX` decoded (as UTF-8 bytes), `+` a space in a query component; errors as Go's. */
function unescape(s: string, mode: Mode): string {
  const bytes: number[] = [];
  const utf8 = Buffer.from(s, 'utf8');
  for (let i = 0; i < utf8.length;) {
    const c = utf8[i];
    if (c === 0x25) {
      const hex = utf8.subarray(i + 1, i + 3).toString('latin1');
      if (!HEX.test(hex)) {
        const bad = utf8.subarray(i, Math.min(i + 3, utf8.length)).toString('utf8');
        throw new Error(`invalid URL escape ${JSON.stringify(bad)}`);
      }
      const v = parseInt(hex, 16);
      // Only non-ASCII may be escaped in a host (and `%25` introduces a zone).
      if (mode === 'host' && v < 0x80 && hex !== '25')
        throw new Error(`invalid URL escape ${JSON.stringify(`%${hex}`)}`);
      bytes.push(v);
      i += 3;
      continue;
    }
    if (c === 0x2b && mode === 'queryComponent') bytes.push(0x20);
    else if ((mode === 'host' || mode === 'zone') && c < 0x80 && shouldEscape(c, mode))
      throw new Error(`invalid character ${JSON.stringify(String.fromCharCode(c))} in host name`);
    else bytes.push(c);
    i++;
  }
  return Buffer.from(bytes).toString('utf8');
}

/** Go's `escape` for a path. */
function escapePath(s: string): string {
  let out = '';
  for (const b of Buffer.from(s, 'utf8'))
    out += shouldEscape(b, 'path') ? `%${b.toString(16).toUpperCase().padStart(2, '0')}` : String.fromCharCode(b);
  return out;
}

function validEncodedPath(s: string): boolean {
  for (const b of Buffer.from(s, 'utf8')) {
    const ch = String.fromCharCode(b);
    if (`!$&'()*+,;=:@[]%`.includes(ch)) continue;
    if (shouldEscape(b, 'path')) return false;
  }
  return true;
}

function getScheme(raw: string): [string, string] {
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if ((c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a)) continue;
    if ((c >= 0x30 && c <= 0x39) || c === 0x2b || c === 0x2d || c === 0x2e) {
      if (i === 0) return ['', raw];
      continue;
    }
    if (c === 0x3a) {
      if (i === 0) throw new Error('missing protocol scheme');
      return [raw.slice(0, i), raw.slice(i + 1)];
    }
    return ['', raw];
  }
  return ['', raw];
}

const validOptionalPort = (port: string) => port === '' || /^:[0-9]*$/.test(port);

function parseHost(host: string): string {
  if (host.startsWith('[')) {
    const i = host.lastIndexOf(']');
    if (i < 0) throw new Error("missing ']' in host");
    const colonPort = host.slice(i + 1);
    if (!validOptionalPort(colonPort)) throw new Error(`invalid port ${JSON.stringify(colonPort)} after host`);
    const zone = host.slice(0, i).indexOf('%25');
    if (zone >= 0)
      return (
        unescape(host.slice(0, zone), 'host') + unescape(host.slice(zone, i), 'zone') + unescape(host.slice(i), 'host')
      );
  } else {
    const i = host.lastIndexOf(':');
    if (i !== -1) {
      const colonPort = host.slice(i);
      if (!validOptionalPort(colonPort)) throw new Error(`invalid port ${JSON.stringify(colonPort)} after host`);
    }
  }
  return unescape(host, 'host');
}

const USERINFO = /^[A-Za-z0-9\-._:~!$&'()*+,;=%@]*$/;

function parseAuthority(authority: string): string {
  const i = authority.lastIndexOf('@');
  const host = parseHost(i < 0 ? authority : authority.slice(i + 1));
  if (i < 0) return host;
  const userinfo = authority.slice(0, i);
  if (!USERINFO.test(userinfo)) throw new Error('net/url: invalid userinfo');
  for (const part of userinfo.split(':', 2)) unescape(part, 'userPassword');
  return host;
}

function parse(raw: string, viaRequest: boolean): GoUrl {
  if (Array.from(raw).some((c) => c < ' ' || c === '\x7f'))
    throw new Error('net/url: invalid control character in URL');
  if (raw === '' && viaRequest) throw new Error('empty url');
  const u: GoUrl = { scheme: '', opaque: '', host: '', path: '', rawPath: '', rawQuery: '' };
  if (raw === '*') return { ...u, path: '*' };
  let rest: string;
  [u.scheme, rest] = getScheme(raw);
  u.scheme = u.scheme.toLowerCase();
  if (rest.endsWith('?') && rest.split('?').length === 2) rest = rest.slice(0, -1);
  else {
    const q = rest.indexOf('?');
    if (q >= 0) [rest, u.rawQuery] = [rest.slice(0, q), rest.slice(q + 1)];
  }
  if (!rest.startsWith('/')) {
    if (u.scheme !== '') return { ...u, opaque: rest };
    if (viaRequest) throw new Error('invalid URI for request');
    const colon = rest.indexOf(':');
    const slash = rest.indexOf('/');
    if (colon >= 0 && (slash < 0 || colon < slash)) throw new Error('first path segment in URL cannot contain colon');
  }
  if ((u.scheme !== '' || (!viaRequest && !rest.startsWith('///'))) && rest.startsWith('//')) {
    let authority = rest.slice(2);
    rest = '';
    const i = authority.indexOf('/');
    if (i >= 0) [authority, rest] = [authority.slice(0, i), authority.slice(i)];
    u.host = parseAuthority(authority);
  }
  u.path = unescape(rest, 'path');
  u.rawPath = escapePath(u.path) === rest ? '' : rest;
  return u;
}

/** A Go `*url.Error`'s text. */
const wrap = (raw: string, e: unknown) => new Error(`parse ${JSON.stringify(raw)}: ${(e as Error).message}`);

/** `url.ParseRequestURI`: an absolute URI or an absolute path, no fragment. */
export function parseRequestUri(raw: string): GoUrl {
  try {
    return parse(raw, true);
  } catch (e) {
    throw wrap(raw, e);
  }
}

/** Whether `url.ParseRequestURI` accepts the text (a CRD's `uri` format). */
export function isGoRequestUri(raw: string): boolean {
  try {
    parse(raw, true);
    return true;
  } catch {
    return false;
  }
}

/** `url.Parse`: the fragment split off first. */
export function parseUrl(raw: string): GoUrl {
  const hash = raw.indexOf('#');
  const u = hash < 0 ? raw : raw.slice(0, hash);
  try {
    return parse(u, false);
  } catch (e) {
    throw wrap(u, e);
  }
}

/** `URL.EscapedPath()`. */
export function escapedPath(u: GoUrl): string {
  if (u.rawPath !== '' && validEncodedPath(u.rawPath)) {
    try {
      if (unescape(u.rawPath, 'path') === u.path) return u.rawPath;
    } catch {
      // fall through
    }
  }
  if (u.path === '*') return '*';
  return escapePath(u.path);
}

/** `URL.Hostname()` and `URL.Port()`. */
export function splitHostPort(hostPort: string): [string, string] {
  let host = hostPort;
  let port = '';
  const colon = host.lastIndexOf(':');
  if (colon !== -1 && validOptionalPort(host.slice(colon)))
    [host, port] = [host.slice(0, colon), host.slice(colon + 1)];
  if (host.startsWith('[') && host.endsWith(']')) host = host.slice(1, -1);
  return [host, port];
}

/** `URL.Query()`: Go's `ParseQuery`, a pair with a `;` or a bad escape left out. */
export function query(rawQuery: string): Map<string, string[]> {
  const m = new Map<string, string[]>();
  for (const part of rawQuery.split('&')) {
    if (part === '' || part.includes(';')) continue;
    const eq = part.indexOf('=');
    const [k, v] = eq < 0 ? [part, ''] : [part.slice(0, eq), part.slice(eq + 1)];
    let key: string;
    let value: string;
    try {
      key = unescape(k, 'queryComponent');
      value = unescape(v, 'queryComponent');
    } catch {
      continue;
    }
    const list = m.get(key);
    if (list) list.push(value);
    else m.set(key, [value]);
  }
  return m;
}
