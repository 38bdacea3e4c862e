// A todo test whose body throws ends the run's output with ✖ lines and stack traces after "fail 0": a
// newcomer reads the run as failed. Known differences go through caseTest (helpers/knownDifference.ts),
// which marks them todo with their reason when they fail as known; no test passes `todo` with a body.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'node:test';
import { REPO } from '../helpers/files';

function tsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    if (statSync(p).isDirectory()) return n === 'fixtures' ? [] : tsFiles(p);
    return p.endsWith('.ts') ? [p] : [];
  });
}

test('no test passes the todo option with a body that may throw', () => {
  const found = tsFiles(join(REPO, 'test')).flatMap((f) =>
    readFileSync(f, 'utf8')
      .split('\n')
      .flatMap((line, i) =>
        /\b(?:test|it)\(.*\{\s*todo\b/.test(line) ? [`${relative(REPO, f)}:${i + 1}: ${line.trim()}`] : [],
      ),
  );
  assert.deepEqual(found, [], 'use caseTest(name, todo, body) from test/helpers/knownDifference.ts');
});
