// Kubernetes' URL library (k8s.io/apiserver/pkg/cel/library/urls.go): `url(s)` accepts what Go's
// `url.ParseRequestURI` accepts (an absolute URI or an absolute path), then reads it with `url.Parse` (the
// fragment apart); `isURL` and the getters.
import type { Environment } from '@marcbachmann/cel-js';
import { define, fail, valueType } from './define';
import { FLAT, parseCost, type LibraryCosts } from './cost';
import { escapedPath, type GoUrl, parseRequestUri, parseUrl, query, splitHostPort } from '../../../../../model/goUrl';

export class KubernetesUrl {
  constructor(
    readonly text: string,
    readonly url: GoUrl,
  ) {}
}

const URL_TYPE = 'kubernetes.URL';

function toUrl(s: string): KubernetesUrl {
  try {
    parseRequestUri(s);
    return new KubernetesUrl(s, parseUrl(s));
  } catch (e) {
    return fail(`URL parse error during conversion from string: ${(e as Error).message}`);
  }
}

export function registerUrls(env: Environment): void {
  // Go compares the parsed URLs field by field: the same text gives the same URL.
  valueType(env, URL_TYPE, KubernetesUrl, (a, b) => a.text === b.text);
  define(env, `url(string): ${URL_TYPE}`, toUrl);
  define(env, 'isURL(string): bool', (s: string) => {
    try {
      parseRequestUri(s);
      return true;
    } catch {
      return false;
    }
  });
  define(env, `${URL_TYPE}.getScheme(): string`, (u: KubernetesUrl) => u.url.scheme);
  define(env, `${URL_TYPE}.getHost(): string`, (u: KubernetesUrl) => u.url.host);
  define(env, `${URL_TYPE}.getHostname(): string`, (u: KubernetesUrl) => splitHostPort(u.url.host)[0]);
  define(env, `${URL_TYPE}.getPort(): string`, (u: KubernetesUrl) => splitHostPort(u.url.host)[1]);
  define(env, `${URL_TYPE}.getEscapedPath(): string`, (u: KubernetesUrl) => escapedPath(u.url));
  define(env, `${URL_TYPE}.getQuery(): map<string, list<string>>`, (u: KubernetesUrl) => query(u.url.rawQuery));
}

/** What each function costs at run time (cost.ts): parsing a string is its traversal (cost.go prices `url`). */
export const URL_COSTS: LibraryCosts = {
  global: { url: parseCost(), isURL: FLAT },
  member: {
    getScheme: FLAT,
    getHost: FLAT,
    getHostname: FLAT,
    getPort: FLAT,
    getEscapedPath: FLAT,
    getQuery: FLAT,
  },
};
