// ConfigMap and Secret data beyond the schema (core validation.go ValidateConfigMap, ValidateSecret): each
// key a config key, a ConfigMap key in both `data` and `binaryData`, the whole over 1 MiB, and the keys a
// Secret's `type` requires. (A Secret's `data` values not base64 are the schema's `byte` format check.)
import { isScalar, type Node, type YAMLMap } from 'yaml';
import { entry } from '../../core/yamlNodes';
import { keysOf, mapAt, report, stringAt, templated, type KubeContext } from './context';
import { configMapKey } from './names';

/** core MaxSecretSize, and a ConfigMap's total (validation.go `totalSize > corev1.MaxSecretSize`). */
const MAX_DATA = 1024 * 1024;

/** The decoded length of base64 text (what the API server stores), or its length when not base64. */
function decodedLength(s: string): number {
  const t = s.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(t)) return t.length;
  const pad = t.endsWith('==') ? 2 : t.endsWith('=') ? 1 : 0;
  return Math.floor((t.length * 3) / 4) - pad;
}

const utf8Length = (s: string): number => Buffer.byteLength(s, 'utf8');

/** Keys and sizes of the maps named, each key checked (IsConfigMapKey); the keys' values' total size. */
function keysAndSize(
  ctx: KubeContext,
  root: YAMLMap,
  kind: string,
  maps: readonly { field: string; base64: boolean }[],
): { keys: Map<string, { field: string; node: Node }>; size: number } {
  const keys = new Map<string, { field: string; node: Node }>();
  const sizes = new Map<string, number>();
  for (const { field, base64 } of maps) {
    const m = mapAt(root, field);
    if (!m) continue;
    for (const { key, keyNode, value } of keysOf(m)) {
      const why = configMapKey(key);
      if (why) report(ctx, 'kube-name', keyNode, `${kind} key "${key}" at \`${field}\` ${why}.`);
      const v = isScalar(value) && typeof value.value === 'string' ? value.value : '';
      // A Secret's stringData is written over data, key by key, before validation.
      sizes.set(key, base64 ? decodedLength(v) : utf8Length(v));
      if (!keys.has(key) || field === 'stringData') keys.set(key, { field, node: keyNode });
    }
  }
  let size = 0;
  for (const s of sizes.values()) size += s;
  return { keys, size };
}

function tooLarge(ctx: KubeContext, root: YAMLMap, kind: string, size: number, fields: string): void {
  if (size <= MAX_DATA) return;
  const at = entry(root, 'data') ?? entry(root, 'binaryData') ?? entry(root, 'stringData');
  report(
    ctx,
    'kube-too-large',
    at?.key,
    `The ${kind} holds ${size} bytes of ${fields}, over the API server's 1048576 (1 MiB); split it, or mount the content from elsewhere.`,
  );
}

/** ValidateConfigMap. */
export function checkConfigMap(ctx: KubeContext, root: YAMLMap): void {
  const data = mapAt(root, 'data');
  const binary = mapAt(root, 'binaryData');
  const inData = new Set(data ? keysOf(data).map((k) => k.key) : []);
  const { size } = keysAndSize(ctx, root, 'ConfigMap', [
    { field: 'data', base64: false },
    { field: 'binaryData', base64: true },
  ]);
  if (binary)
    for (const { key, keyNode } of keysOf(binary))
      if (inData.has(key))
        report(
          ctx,
          'kube-duplicate',
          keyNode,
          `ConfigMap key "${key}" is in both \`data\` and \`binaryData\`; a key may be in one of them only.`,
        );
  tooLarge(ctx, root, 'ConfigMap', size, '`data` and `binaryData`');
}

/** The keys each Secret type needs (ValidateSecret's switch on `secret.Type`): one of them at least. */
const REQUIRED_KEYS: ReadonlyMap<string, readonly string[][]> = new Map([
  ['kubernetes.io/tls', [['tls.crt'], ['tls.key']]],
  ['kubernetes.io/dockerconfigjson', [['.dockerconfigjson']]],
  ['kubernetes.io/dockercfg', [['.dockercfg']]],
  ['kubernetes.io/ssh-auth', [['ssh-privatekey']]],
  ['kubernetes.io/basic-auth', [['username', 'password']]],
]);

/** ValidateSecret. */
export function checkSecret(ctx: KubeContext, root: YAMLMap): void {
  const { keys, size } = keysAndSize(ctx, root, 'Secret', [
    { field: 'data', base64: true },
    { field: 'stringData', base64: false },
  ]);
  tooLarge(ctx, root, 'Secret', size, '`data` and `stringData`');
  const type = stringAt(root, 'type');
  const needs = type ? REQUIRED_KEYS.get(type.value) : undefined;
  if (!type || !needs) {
    // kubernetes.io/service-account-token: the annotation naming the service account.
    if (type?.value === 'kubernetes.io/service-account-token') {
      const ann = mapAt(mapAt(root, 'metadata'), 'annotations');
      if (ann && templated(ann)) return;
      // Annotations that are not a mapping (a list of them) are refused for their type already: one message.
      const written = entry(mapAt(root, 'metadata'), 'annotations')?.value;
      if (!ann && written && !(isScalar(written) && written.value === null)) return;
      if (!stringAt(ann, 'kubernetes.io/service-account.name')?.value)
        report(
          ctx,
          'kube-secret-type',
          type.node,
          'A `kubernetes.io/service-account-token` Secret needs the annotation `kubernetes.io/service-account.name`: write the name of its ServiceAccount there.',
        );
    }
    return;
  }
  for (const maps of ['data', 'stringData']) {
    const v = entry(root, maps)?.value;
    if (v && (templated(v) || (!mapAt(root, maps) && !(isScalar(v) && v.value === null)))) return;
  }
  const missing = needs
    .filter((oneOf) => !oneOf.some((k) => keys.has(k)))
    .map((oneOf) => `\`${oneOf.join('` or `')}\``);
  if (missing.length > 0)
    report(
      ctx,
      'kube-secret-type',
      type.node,
      `A \`${type.value}\` Secret needs ${missing.join(' and ')} in \`data\` or \`stringData\`; add ${missing.length > 1 ? 'them' : 'it'}, or change \`type\`.`,
    );
}
