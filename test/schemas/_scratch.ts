import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { validateText, severityOf } from '../../server/src/service/validate';
import { parseFile } from '../../server/src/service/parse';
const walk = (d: string): string[] => readdirSync(d).flatMap((n) => statSync(join(d, n)).isDirectory() ? walk(join(d, n)) : [join(d, n)]);
for (const f of walk(process.argv[2])) {
  const text = readFileSync(f, 'utf8');
  const file = parseFile(text);
  const ds = validateText(text);
  console.log(f, ds.length);
  for (const d of ds) { const p = file.lines.positionAt(d.start); console.log(`  ${p.line + 1}:${p.character + 1} ${severityOf(d)} ${d.code} ${d.message}`); }
}
