// Text written as YAML: keys and scalars that read back as the same strings.
import { Document, stringify, visit } from 'yaml';

const PLAIN_KEY = /^[A-Za-z_$][\w$.-]*$/;
/** A key as YAML writes it: plain when it can be, else quoted. */
export const yamlKey = (k: string) => (PLAIN_KEY.test(k) ? k : JSON.stringify(k));

/** A scalar as YAML writes it: quoted when it would not read back as the same string. */
export function yamlScalar(v: string, flow: boolean): string {
  const s = stringify(v, { lineWidth: 0 }).trimEnd();
  if (s.startsWith('"') || s.startsWith("'")) return s;
  if (flow && /[,[\]{}]/.test(v)) return JSON.stringify(v);
  return s;
}

/** Plain scalars YAML (1.1, as the cluster reads, or 1.2) would read as something other than a string. */
const SPECIAL =
  /^(?:~|null|Null|NULL|true|True|TRUE|false|False|FALSE|y|Y|yes|Yes|YES|n|N|no|No|NO|on|On|ON|off|Off|OFF|[-+]?[0-9._]+.*|\.inf|\.nan)$/i;

/** A string as YAML text: plain when that reads back as the same string everywhere, else double-quoted. */
export function scalarText(value: string): string {
  return /^[A-Za-z_/][A-Za-z0-9_./-]*$/.test(value) && !SPECIAL.test(value) ? value : JSON.stringify(value);
}

/**
 * A rendered resource as the text its checks read: every string YAML 1.1 (as the cluster reads) or 1.2
 * would take for another type quoted (`yes`, `0o17`, `2024-1-1`), so a name written quoted stays a string
 * after rendering and no check reads it as a boolean or number the files do not hold.
 */
export function renderedYamlText(resource: unknown): string {
  const doc = new Document(resource);
  visit(doc, {
    Scalar(_, node) {
      if (typeof node.value === 'string' && SPECIAL.test(node.value)) node.type = 'QUOTE_DOUBLE';
    },
  });
  return doc.toString({ lineWidth: 0 });
}
