// The CLI's own glob matching (paths on the command line and the `exclude` setting).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { compileGlob, Excluder, MAX_PATTERN_LENGTH, splitGlob } from '../../server/src/io/glob';

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
  for (const [p, s] of yes) assert.ok(compileGlob(p).test(s), `${p} matches ${s}`);
  for (const [p, s] of no) assert.ok(!compileGlob(p).test(s), `${p} does not match ${s}`);
  // Nested alternatives: exactly the three names they stand for.
  const nested = compileGlob('a{b,c{d,e}}f');
  assert.deepEqual(
    ['abf', 'acdf', 'acef', 'acf', 'af', 'abcf'].filter((s) => nested.test(s)),
    ['abf', 'acdf', 'acef'],
  );
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

test('glob: nested alternatives, globstars inside them and between names', () => {
  const cases: [string, string, boolean][] = [
    ['**/a*/**/b', 'x/a1/y/z/b', true],
    ['**/a*/**/b', 'x/b1/y/z/b', false],
    ['a/{b,c/**}', 'a/c/d/e', true],
    ['a/{b,c/**}', 'a/c', true],
    ['a/{b,c/**}', 'a/d', false],
    ['{**/x,y}', 'p/q/x', true],
    ['{**/x,y}', 'y', true],
    ['{**/x,y}', 'p/y', false],
    ['a**b', 'aXXb', true],
    ['a**b', 'a/b', false],
    ['[a-c]?.{yaml,yml}', 'bz.yml', true],
    ['[a-c]?.{yaml,yml}', 'dz.yml', false],
    ['{x}', '{x}', true],
    ['[', '[', true],
  ];
  for (const [p, s, want] of cases) assert.equal(compileGlob(p).test(s), want, `${p} on ${s}`);
});

// Patterns come from a repository's settings: none may make matching explode (each of these took from seconds
// to hours, or gigabytes, with brace expansion or a backtracking regular expression).
test('glob: brace-, globstar- and star-heavy patterns match in linear time', { timeout: 20_000 }, () => {
  const braces = compileGlob('{a,b}'.repeat(22) + '/*.yaml');
  assert.ok(braces.test('ab'.repeat(11) + '/x.yaml'));
  assert.ok(!braces.test('ab'.repeat(11) + 'c/x.yaml'));
  assert.ok(!braces.test('a'.repeat(5000)));
  const chained = compileGlob('x/**/'.repeat(14) + '*.yaml');
  assert.ok(chained.test('x/'.repeat(60) + 'c.yaml'));
  assert.ok(!chained.test('x/'.repeat(60) + 'c.yml'));
  const globstars = compileGlob(Array(15).fill('**').join('/a/') + '/b.yaml');
  assert.ok(!globstars.test('a/'.repeat(200) + 'c.yaml'));
  const stars = compileGlob('*a'.repeat(14) + '*b');
  assert.ok(!stars.test('a'.repeat(255)));
  assert.ok(stars.test('a'.repeat(20) + 'b'));
  // As `exclude` settings: every folder of a deep path is tried.
  const e = new Excluder(['{a,b}'.repeat(22), 'x/**/'.repeat(14) + 'y', '*a'.repeat(14) + '*b']);
  assert.ok(!e.excludes('x/'.repeat(300) + 'z.yaml'));
  assert.ok(!e.excludes('a'.repeat(255) + '/c.yaml'));
  assert.ok(e.excludes('x/'.repeat(20) + 'y/c.yaml'));
  // A pattern longer than any real one matches nothing (and costs nothing).
  assert.ok(!compileGlob('*'.repeat(MAX_PATTERN_LENGTH + 1)).test('a'));
});
