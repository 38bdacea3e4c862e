// Kubernetes' semver library (k8s.io/apiserver/pkg/cel/library/semverlib.go): `semver`, `isSemver` (strict, as
// blang/semver's `Parse`, or normalized: a `v` prefix, missing minor/patch and leading zeros allowed),
// `major`, `minor`, `patch` and the comparisons (build metadata ignored).
import type { Environment } from '@marcbachmann/cel-js';
import { define, fail, valueType } from './define';
import { FLAT, parseCost, type LibraryCosts } from './cost';

type Identifier = { num: bigint } | { str: string };

export class KubernetesSemver {
  constructor(
    readonly major: bigint,
    readonly minor: bigint,
    readonly patch: bigint,
    readonly pre: readonly Identifier[],
  ) {}
}

const T = 'kubernetes.Semver';
const NUMBERS = /^[0-9]*$/;
const ALPHANUM = /^[0-9A-Za-z-]*$/;
const MAX_UINT64 = 18446744073709551615n;
const leadingZero = (s: string) => s.length > 1 && s[0] === '0';

/** Go's `strconv.ParseUint(s, 10, 64)`. */
function uint64(s: string): bigint {
  if (s === '') fail('strconv.ParseUint: parsing "": invalid syntax');
  const v = BigInt(s);
  if (v > MAX_UINT64) fail(`strconv.ParseUint: parsing ${JSON.stringify(s)}: value out of range`);
  return v;
}

function number(part: string, name: string): bigint {
  if (!NUMBERS.test(part)) fail(`Invalid character(s) found in ${name} number ${JSON.stringify(part)}`);
  if (leadingZero(part))
    fail(`${name[0].toUpperCase()}${name.slice(1)} number must not contain leading zeroes ${JSON.stringify(part)}`);
  return uint64(part);
}

/** blang/semver v4 `Parse`, its errors word for word. */
export function parseSemver(s: string): KubernetesSemver {
  if (s.length === 0) fail('Version string empty');
  const dot1 = s.indexOf('.');
  const dot2 = dot1 < 0 ? -1 : s.indexOf('.', dot1 + 1);
  if (dot2 < 0) fail('No Major.Minor.Patch elements found');
  const major = number(s.slice(0, dot1), 'major');
  const minor = number(s.slice(dot1 + 1, dot2), 'minor');
  let patchStr = s.slice(dot2 + 1);
  let build: string[] = [];
  let pre: string[] = [];
  const plus = patchStr.indexOf('+');
  if (plus !== -1) [build, patchStr] = [patchStr.slice(plus + 1).split('.'), patchStr.slice(0, plus)];
  const dash = patchStr.indexOf('-');
  if (dash !== -1) [pre, patchStr] = [patchStr.slice(dash + 1).split('.'), patchStr.slice(0, dash)];
  const patch = number(patchStr, 'patch');
  const identifiers = pre.map((p): Identifier => {
    if (p.length === 0) return fail('Prerelease is empty');
    if (NUMBERS.test(p)) {
      if (leadingZero(p)) fail(`Numeric PreRelease version must not contain leading zeroes ${JSON.stringify(p)}`);
      return { num: uint64(p) };
    }
    if (!ALPHANUM.test(p)) fail(`Invalid character(s) found in prerelease ${JSON.stringify(p)}`);
    return { str: p };
  });
  for (const b of build) {
    if (b.length === 0) fail('Build meta data is empty');
    if (!ALPHANUM.test(b)) fail(`Invalid character(s) found in build meta data ${JSON.stringify(b)}`);
  }
  return new KubernetesSemver(major, minor, patch, identifiers);
}

/** Kubernetes' normalization: `v` prefix dropped, missing minor and patch added, leading zeros dropped. */
export function normalizeSemver(s: string): string {
  let v = s.startsWith('v') ? s.slice(1) : s;
  const extra = /[-+]/.exec(v);
  const tail = extra ? v.slice(extra.index) : '';
  v = extra ? v.slice(0, extra.index) : v;
  const parts = v.split('.');
  while (parts.length < 3) parts.push('0');
  const core = parts.map((p) => (/^[0-9]+$/.test(p) ? p.replace(/^0+(?=.)/, '') : p));
  return `${core.join('.')}${tail}`;
}

const cmp = (a: bigint, b: bigint) => (a === b ? 0 : a < b ? -1 : 1);

export function compareSemver(a: KubernetesSemver, b: KubernetesSemver): number {
  const core = cmp(a.major, b.major) || cmp(a.minor, b.minor) || cmp(a.patch, b.patch);
  if (core !== 0) return core;
  if (a.pre.length === 0 || b.pre.length === 0) return a.pre.length === b.pre.length ? 0 : a.pre.length === 0 ? 1 : -1;
  for (let i = 0; i < a.pre.length && i < b.pre.length; i++) {
    const [x, y] = [a.pre[i], b.pre[i]];
    let c: number;
    if ('num' in x && 'num' in y) c = cmp(x.num, y.num);
    else if ('num' in x) c = -1;
    else if ('num' in y) c = 1;
    else c = x.str === y.str ? 0 : x.str < y.str ? -1 : 1;
    if (c !== 0) return c;
  }
  return Math.sign(a.pre.length - b.pre.length);
}

const valid = (s: string, normalize: boolean) => {
  try {
    parseSemver(normalize ? normalizeSemver(s) : s);
    return true;
  } catch {
    return false;
  }
};

export function registerSemver(env: Environment): void {
  valueType(env, T, KubernetesSemver, (a, b) => compareSemver(a, b) === 0);
  define(env, `semver(string): ${T}`, (s: string) => parseSemver(s));
  define(env, `semver(string, bool): ${T}`, (s: string, n: boolean) => parseSemver(n ? normalizeSemver(s) : s));
  define(env, 'isSemver(string): bool', (s: string) => valid(s, false));
  define(env, 'isSemver(string, bool): bool', (s: string, n: boolean) => valid(s, n));
  define(env, `${T}.major(): int`, (v: KubernetesSemver) => v.major);
  define(env, `${T}.minor(): int`, (v: KubernetesSemver) => v.minor);
  define(env, `${T}.patch(): int`, (v: KubernetesSemver) => v.patch);
  define(
    env,
    `${T}.isGreaterThan(${T}): bool`,
    (a: KubernetesSemver, b: KubernetesSemver) => compareSemver(a, b) === 1,
  );
  define(env, `${T}.isLessThan(${T}): bool`, (a: KubernetesSemver, b: KubernetesSemver) => compareSemver(a, b) === -1);
  define(env, `${T}.compareTo(${T}): int`, (a: KubernetesSemver, b: KubernetesSemver) => BigInt(compareSemver(a, b)));
}

/** What each function costs at run time (cost.ts): parsing is a traversal, the rest nominal. */
export const SEMVER_COSTS: LibraryCosts = {
  global: { semver: parseCost(), isSemver: parseCost() },
  member: { major: FLAT, minor: FLAT, patch: FLAT, isGreaterThan: FLAT, isLessThan: FLAT, compareTo: FLAT },
};
