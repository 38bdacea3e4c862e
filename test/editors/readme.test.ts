// The README's setups are the files the tests use: every file under integrations/ appears verbatim in a
// fenced block of the README, and each names the package's language-server command. Helix cannot be run
// here (not in Debian 12): its languages.toml is only parsed (Python's tomllib) and checked for shape.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'node:test';
import { repo, which } from './tools';

const readme = readFileSync(join(repo, 'README.md'), 'utf8');
const blocks = [...readme.matchAll(/```[\w-]*\n([\s\S]*?)```/g)].map((m) => m[1]);
const pkg = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8'));
const SERVER = 'cloud-manifests-language-server';

const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)],
  );

test('the package names the language-server command the setups run', () => {
  assert.ok(pkg.bin[SERVER]);
});

for (const file of files(join(repo, 'integrations'))) {
  const rel = relative(repo, file);
  test(`README shows ${rel} verbatim`, () => {
    const text = readFileSync(file, 'utf8');
    assert.ok(blocks.includes(text), `no fenced block of README.md is exactly ${rel}`);
    assert.ok(readme.includes(`](${rel})`), `README does not link ${rel}`);
    if (/neovim|emacs|helix/.test(rel))
      assert.match(text, new RegExp(`["']${SERVER}["']`), `${rel} does not run ${SERVER}`);
  });
}

const python = which('python3');

test('the Helix languages.toml parses and gives YAML the cloud-manifests server', () => {
  if (!python) throw new Error('python3 is missing: apt-get install -y python3');
  const r = spawnSync(
    'python3',
    [
      '-c',
      'import json, sys, tomllib; print(json.dumps(tomllib.load(open(sys.argv[1], "rb"))))',
      join(repo, 'integrations', 'helix', 'languages.toml'),
    ],
    { encoding: 'utf8' },
  );
  assert.equal(r.status, 0, r.stderr);
  const toml = JSON.parse(r.stdout);
  assert.equal(toml['language-server']['cloud-manifests'].command, SERVER);
  const yaml = toml.language.find((l: { name: string }) => l.name === 'yaml');
  assert.ok(yaml['language-servers'].includes('cloud-manifests'));
});
