// The name rules a manifest's name meets: Kubernetes' object name (a DNS-1123 subdomain) and a kind's cloud
// name limits (reference-shapes.md, "Name limits"), read by the checks, rename and the snippets alike.
import type { KindDef, NameLimit } from './types';

/** A Kubernetes object name: a lowercase RFC 1123 subdomain, at most 253 characters. */
export const OBJECT_NAME = {
  pattern: '^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$',
  maxLength: 253,
  patternDoc: 'lowercase letters, digits, `-` and `.`, starting and ending with a letter or digit',
} as const;

/** Whether `name` breaks the limit. */
export const breaksLimit = (l: NameLimit, name: string): boolean =>
  (l.minLength !== undefined && name.length < l.minLength) ||
  (l.maxLength !== undefined && name.length > l.maxLength) ||
  (l.pattern !== undefined && !new RegExp(l.pattern).test(name));

/** The limit in words, with the versions it holds in when not the kind's own. */
export const limitWords = (def: KindDef, l: NameLimit): string =>
  l.laterVersions ? `${l.doc} in API versions after ${def.apiVersionValue}` : l.doc;

/**
 * The Kubernetes object-name rule as name limits (errors: the API server refuses such a name), for a check
 * of `metadata.name` that is also the cloud name: one message for the name, whichever rules it breaks.
 */
export const OBJECT_NAME_LIMITS: readonly NameLimit[] = [
  { pattern: OBJECT_NAME.pattern, doc: OBJECT_NAME.patternDoc, severity: 'error', objectName: true },
  {
    maxLength: OBJECT_NAME.maxLength,
    doc: `at most ${OBJECT_NAME.maxLength} characters`,
    severity: 'error',
    objectName: true,
  },
];

/**
 * A name close to `name` that meets every limit (later versions' too, so that writing it leaves nothing to
 * warn about), or undefined: lowercased, with the characters no limit allows replaced by `-` or dropped.
 */
export function nameMeeting(limits: readonly NameLimit[], name: string): string | undefined {
  const max = limits.reduce((m, l) => Math.min(m, l.maxLength ?? Infinity), Infinity);
  const lower = name.toLowerCase();
  const trim = (s: string) => s.slice(0, max).replace(/^[-.]+|[-.]+$/g, '');
  const candidates = [
    trim(lower.replace(/[^a-z0-9.-]+/g, '-').replace(/-{2,}/g, '-')),
    trim(lower.replace(/[^a-z0-9]+/g, '')),
  ];
  return candidates.find((c) => c !== name && c.length > 0 && limits.every((l) => !breaksLimit(l, c)));
}
