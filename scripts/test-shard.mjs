// One process for many test files (`npm run test:quick`): run as `node --import tsx scripts/test-shard.mjs
// FILE...`, it imports each file in turn, so their tests register with node's test runner in this process and
// run one after the other. Node 20's runner gives each file a process of its own, which for a unit test
// costs more than the test: starting node and loading the sources again (about a second of CPU a file).
// A file that cannot be loaded is a failing test of its own, and the other files still run.
import { resolve } from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';

for (const file of process.argv.slice(2)) {
  try {
    await import(pathToFileURL(resolve(file)).href);
  } catch (e) {
    test(`${file} could not be loaded`, () => {
      throw e;
    });
  }
}
