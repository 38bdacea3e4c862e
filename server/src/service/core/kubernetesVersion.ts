// The Kubernetes release the workspace's CRDs are applied to (the `kubernetesVersion` setting): read from
// "1.N", and the newest release the product knows of, the default.

/**
 * The newest released minor of Kubernetes the product's table of CEL libraries was made from
 * (checks/crd/rules/library/versions.ts: kubernetes/apiserver v0.36.3, 2026-07-23, i.e. Kubernetes 1.36.3; 1.37
 * was at beta.0 then).
 */
export const NEWEST_RELEASED_MINOR = 36;

/** The setting's default, "1.36". */
export const DEFAULT_KUBERNETES_VERSION = `1.${NEWEST_RELEASED_MINOR}`;

/** The largest minor taken (a typo such as "1.300" is refused rather than read as a far future release). */
const MAX_MINOR = 99;

/** The minor of a version written "1.N" (a patch, "1.31.2", and a leading "v" are allowed), if it is one. */
export function kubernetesMinor(version: string): number | undefined {
  const m = /^v?1\.(\d{1,2})(?:\.\d{1,4})?$/.exec(version.trim());
  if (!m) return undefined;
  const minor = Number(m[1]);
  return minor <= MAX_MINOR ? minor : undefined;
}
