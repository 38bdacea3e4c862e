// Writes `schemas/` from the model (and the settings file's schema, scripts/settings-schema.ts). `--check` exits 1 when `schemas/` differs from what the model gives.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync, existsSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { schemaFiles } from '../server/src/generate/schemaFiles';
import { SETTINGS_SCHEMA_FILE, settingsSchemaText } from './settings-schema';

const root = join(__dirname, '..', 'schemas');
const files = schemaFiles();
files.set(SETTINGS_SCHEMA_FILE, settingsSchemaText());

function existing(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? existing(p) : [relative(root, p)];
  });
}

if (process.argv.includes('--check')) {
  const stale = [...files]
    .filter(([p, c]) => !existsSync(join(root, p)) || readFileSync(join(root, p), 'utf8') !== c)
    .map(([p]) => p);
  const extra = existing(root).filter((p) => p.endsWith('.json') && !files.has(p));
  if (stale.length || extra.length) {
    console.error(`schemas/ is stale: ${[...stale, ...extra].join(', ')}. Run npm run gen:schemas.`);
    process.exit(1);
  }
  console.log(`schemas/ is current (${files.size} files).`);
} else {
  for (const p of existing(root)) if (p.endsWith('.json') && !files.has(p)) rmSync(join(root, p));
  for (const [p, c] of files) {
    mkdirSync(dirname(join(root, p)), { recursive: true });
    writeFileSync(join(root, p), c);
  }
  console.log(`wrote ${files.size} files to schemas/`);
}
