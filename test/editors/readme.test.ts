// The documented setups are the files the tests use: every file under integrations/ appears verbatim in a
// fenced block of the README or of a docs/ page (docs/other-editors.md, docs/cli.md), which links the file,
// and each names the package's language-server command. Helix cannot be run here (not in Debian 12): its
// languages.toml is only parsed (Python's tomllib) and checked for shape.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { test } from 'node:test';
import { repo, which } from './tools';

/** The README and the docs pages: each page's text and its fenced blocks. */
const pages = [
  'README.md',
  ...readdirSync(join(repo, 'docs'))
    .filter((n) => n.endsWith('.md'))
    .map((n) => `docs/${n}`),
].map((page) => {
  const text = readFileSync(join(repo, page), 'utf8');
  return { page, text, blocks: [...text.matchAll(/```[\w-]*\n([\s\S]*?)```/g)].map((m) => m[1]) };
});
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
  test(`the docs show ${rel} verbatim`, () => {
    const text = readFileSync(file, 'utf8');
    const shown = pages.filter((p) => p.blocks.includes(text));
    assert.ok(shown.length > 0, `no fenced block of README.md or docs/*.md is exactly ${rel}`);
    for (const p of shown) {
      const link = relative(dirname(join(repo, p.page)), file)
        .split('\\')
        .join('/');
      assert.ok(p.text.includes(`](${link})`), `${p.page} shows ${rel} but does not link it (${link})`);
    }
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
