// Regenerates the README's kinds and codes tables from the model. `--check` exits 1 when stale.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderReadme } from '../server/src/generate/readmeTables';

const path = join(__dirname, '..', 'README.md');
const current = readFileSync(path, 'utf8');
const next = renderReadme(current);
if (process.argv.includes('--check')) {
  if (next !== current) {
    console.error('README.md tables are stale: run npm run gen:readme');
    process.exit(1);
  }
} else if (next !== current) writeFileSync(path, next);
