// The README reads in a minute: at most 16 KB, its first screen (the first 40 lines) leads to install, the
// command-line checker and the settings, and its set-up block is exactly the two commands: install, build
// and check the examples (once: `npm ci` builds through `prepare`), then every test.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { REPO } from '../helpers/files';
import { anchorsOf } from '../helpers/markdown';

const path = join(REPO, 'README.md');
const readme = readFileSync(path, 'utf8');
const pkg = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8'));

test('README.md is at most 16 KB', () => {
  assert.ok(statSync(path).size <= 16 * 1024, `${statSync(path).size} bytes`);
});

test('its first screen links install, the command-line checker and the settings, to headings it has', () => {
  const first = readme.split('\n').slice(0, 40).join('\n');
  const anchors = anchorsOf(readme);
  for (const anchor of ['install', 'the-command-line-checker', 'settings']) {
    assert.ok(first.includes(`](#${anchor})`), `the first 40 lines do not link #${anchor}`);
    assert.ok(anchors.has(anchor), `no heading #${anchor}`);
  }
});

test('its first block is the two commands, and the first does not build twice', () => {
  const block = /```bash\n([\s\S]*?)```/.exec(readme)![1];
  const commands = block
    .split('\n')
    .map((l) => l.replace(/#.*/, '').trim())
    .filter(Boolean);
  assert.deepEqual(commands, ['npm ci && npm run check:examples', 'npm run test:all']);
  // `npm ci` runs `prepare`, which builds; check:examples builds nothing itself.
  assert.equal(pkg.scripts.prepare, 'node scripts/build.mjs');
  assert.doesNotMatch(pkg.scripts['check:examples'], /build/);
});

test('the CLI section opens with a command that works right after the first command, in the clone', () => {
  const section = readme.slice(readme.indexOf('## The command-line checker'));
  const first = /```bash\n([^\n#]*)/.exec(section)![1].trim();
  assert.equal(first, 'npx cloud-manifests check examples/');
  // As a newcomer runs it in the clone (npm test has built dist/, as `npm ci` does): npx finds the clone's own
  // command, nothing installed, nothing fetched.
  const r = spawnSync(first, {
    cwd: REPO,
    shell: true,
    encoding: 'utf8',
    env: { ...process.env, npm_config_offline: 'true' },
  });
  assert.equal(r.status, 1, r.stderr);
  assert.match(r.stdout, /examples\/mistakes\/common-mistakes\.yaml:15:11 error enum-value/);
});
