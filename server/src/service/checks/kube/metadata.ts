// Object metadata beyond its schema: label keys, annotation keys and the annotations' total size, and in a
// template's metadata (a pod template, a CronJob's job template) the label values the envelope's schema
// checks only at the top.
import { isScalar, type YAMLMap } from 'yaml';
import { entry } from '../../core/yamlNodes';
import { keysOf, mapAt, report, stringOf, type KubeContext } from './context';
import { labelValue, qualifiedName } from './names';

/** apimachinery TotalAnnotationSizeLimitB: 256 KiB of keys and values together. */
const ANNOTATIONS_MAX = 256 * 1024;

const utf8Length = (s: string): number => Buffer.byteLength(s, 'utf8');

/**
 * `label`: where the metadata is (`metadata`, `spec.template.metadata`). `values`: the label values too
 * (the envelope's schema checks them at the top).
 */
export function checkMetadata(ctx: KubeContext, meta: YAMLMap | undefined, label: string, values: boolean): void {
  if (!meta) return;
  // metav1 validation ValidateLabels: each key ValidateLabelName (IsQualifiedName), each value IsValidLabelValue.
  const labels = mapAt(meta, 'labels');
  if (labels)
    for (const { key, keyNode, value } of keysOf(labels)) {
      const why = qualifiedName(key);
      if (why) report(ctx, 'kube-name', keyNode, `Label key "${key}" at \`${label}.labels\` ${why}.`);
      const v = stringOf(value);
      const bad = values && v !== undefined ? labelValue(v) : undefined;
      if (bad) report(ctx, 'kube-name', value, `Label value "${v}" of \`${label}.labels.${key}\` ${bad}.`);
    }
  // apimachinery ValidateAnnotations: each key IsQualifiedName (lowercased), the total under 256 KiB.
  const annotations = mapAt(meta, 'annotations');
  const annotationsKey = entry(meta, 'annotations')?.key;
  if (!annotations) return;
  let size = 0;
  for (const { key, keyNode, value } of keysOf(annotations)) {
    const why = qualifiedName(key.toLowerCase());
    if (why) report(ctx, 'kube-name', keyNode, `Annotation key "${key}" at \`${label}.annotations\` ${why}.`);
    size += utf8Length(key);
    if (isScalar(value) && typeof value.value === 'string') size += utf8Length(value.value);
  }
  if (size > ANNOTATIONS_MAX)
    report(
      ctx,
      'kube-too-large',
      annotationsKey,
      `\`${label}.annotations\` hold ${size} bytes, over the API server's 262144 (256 KiB) for keys and values together; move large values to a ConfigMap.`,
    );
}
