// Text written as YAML: keys and scalars that read back as the same strings.
import { stringify } from 'yaml';

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
