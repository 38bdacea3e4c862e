// The README and the docs pages link each other: every relative link of README.md and docs/**/*.md (images
// included) points at a file or folder of the repository, and a `#anchor` at a heading of the page it names,
// as GitHub renders headings into anchors.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { test } from 'node:test';
import { REPO } from '../helpers/files';
import { anchorsOf, prose } from '../helpers/markdown';

const markdown = (dir: string): string[] =>
  readdirSync(dir)
    .sort()
    .flatMap((n) => {
      const p = join(dir, n);
      return statSync(p).isDirectory() ? markdown(p) : n.endsWith('.md') ? [p] : [];
    });

const pages = [join(REPO, 'README.md'), ...markdown(join(REPO, 'docs'))];

test('every relative link of README.md and docs/ points at an existing file and anchor', () => {
  const broken: string[] = [];
  let checked = 0;
  for (const page of pages) {
    const text = readFileSync(page, 'utf8');
    for (const m of prose(text).matchAll(/\]\(([^)\s]+)\)/g)) {
      const target = m[1];
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:
      checked++;
      const [path, anchor] = target.split('#');
      const file = path === '' ? page : join(dirname(page), decodeURI(path));
      const where = `${relative(REPO, page)}: ${target}`;
      if (!existsSync(file)) {
        broken.push(`${where} (no such file)`);
        continue;
      }
      if (!relative(REPO, file) || relative(REPO, file).startsWith('..'))
        broken.push(`${where} (outside the repository)`);
      if (anchor !== undefined && !(file.endsWith('.md') && anchorsOf(readFileSync(file, 'utf8')).has(anchor)))
        broken.push(`${where} (no heading #${anchor} there)`);
    }
  }
  assert.ok(checked > 100, `only ${checked} links found`);
  assert.deepEqual(broken, []);
});

test('anchors follow GitHub: punctuation dropped, repeated headings numbered, code blocks ignored', () => {
  const anchors = anchorsOf('# Settings (editor)\n## Emacs (Eglot)\n```\n# not a heading\n```\n## Kinds\n## Kinds\n');
  assert.deepEqual([...anchors], ['settings-editor', 'emacs-eglot', 'kinds', 'kinds-1']);
});
