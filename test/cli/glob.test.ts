// The CLI's own glob matching (paths on the command line and the `exclude` setting).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Excluder, expandBraces, globToRegExp, splitGlob } from '../../server/src/io/glob';

test('glob: **, *, ?, classes and alternatives', () => {
  const yes: [string, string][] = [
    ['**/*.yaml', 'a.yaml'],
    ['**/*.yaml', 'x/y/a.yaml'],
    ['dir/**/*.yaml', 'dir/a.yaml'],
    ['dir/**/*.yaml', 'dir/x/y/a.yaml'],
    ['a/**', 'a'],
    ['a/**', 'a/b/c'],
    ['a/**/b', 'a/b'],
    ['*.y?ml', 'a.yaml'],
    ['*.{yaml,yml}', 'a.yml'],
    ['[ab].yaml', 'b.yaml'],
    ['[!ab].yaml', 'c.yaml'],
    ['**', 'x/y'],
    ['a\\*.yaml', 'a*.yaml'],
  ];
  const no: [string, string][] = [
    ['*.yaml', 'd/a.yaml'],
    ['dir/**/*.yaml', 'other/a.yaml'],
    ['[!ab].yaml', 'b.yaml'],
    ['?.yaml', 'ab.yaml'],
    ['a\\*.yaml', 'ab.yaml'],
    ['a.yaml', 'aXyaml'],
  ];
  for (const [p, s] of yes) assert.ok(globToRegExp(p).test(s), `${p} matches ${s}`);
  for (const [p, s] of no) assert.ok(!globToRegExp(p).test(s), `${p} does not match ${s}`);
  assert.deepEqual(expandBraces('a{b,c{d,e}}f'), ['abf', 'acdf', 'acef']);
  assert.deepEqual(splitGlob('dir/sub/**/*.yaml'), { base: 'dir/sub', rest: '**/*.yaml' });
  assert.deepEqual(splitGlob('*.yaml'), { base: '.', rest: '*.yaml' });
  assert.deepEqual(splitGlob('/abs/x/*.yaml'), { base: '/abs/x', rest: '*.yaml' });
});

test('exclude: names anywhere, anchored paths and what is below them', () => {
  const e = new Excluder(['generated', 'vendor/**', 'x/*.yaml', '*.tmp.yaml', './build/']);
  const excluded = [
    'generated/a.yaml',
    'a/generated/b.yaml',
    'vendor/a.yaml',
    'x/a.yaml',
    'q/a.tmp.yaml',
    'build/a.yaml',
  ];
  const kept = ['ok.yaml', 'x/y/a.yaml', 'a/vendor/a.yaml', '../vendor/a.yaml', 'generatedx/a.yaml'];
  for (const p of excluded) assert.ok(e.excludes(p), `excludes ${p}`);
  for (const p of kept) assert.ok(!e.excludes(p), `keeps ${p}`);
  assert.ok(new Excluder([]).empty);
});
