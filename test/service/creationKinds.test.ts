// The creation checks of a file without a committed version (CRD rules with optionalOldSelf) look up the
// kind of each document once per chunk: an edit of one document of a large file looks up that one alone.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { builtinRegistry, type Registry } from '../../server/src/model/registry';
import { creationChangeDiagnostics } from '../../server/src/service/checks/changes/check';
import { ChunkStore } from '../../server/src/service/core/parse';
import { account } from '../workspace/helpers';

test('an edit of one document of a 200-document file looks up the kind of that document alone', () => {
  const base = builtinRegistry();
  let lookups = 0;
  const registry = new Proxy(base, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target) as unknown;
      if (typeof value !== 'function') return value;
      if (prop === 'lookup')
        return (...args: Parameters<Registry['lookup']>) => {
          lookups++;
          return base.lookup(...args);
        };
      return (value as (...a: unknown[]) => unknown).bind(target);
    },
  });
  const store = new ChunkStore(registry);
  const v1 = Array.from({ length: 200 }, (_, i) => account(`acct${i}`, 'rg')).join('---\n');
  const file = store.parseFile(v1);
  assert.deepEqual(creationChangeDiagnostics(file.docs, registry, store), []);
  assert.equal(lookups, 200);
  const next = store.basedOn(file, () => store.parseFile(v1.replace('name: acct100\n', 'name: acct100x\n')));
  lookups = 0;
  assert.deepEqual(creationChangeDiagnostics(next.docs, registry, store), []);
  assert.equal(lookups, 1);
});
