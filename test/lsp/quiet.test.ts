// When the server publishes after a document event (lsp/quiet.ts): a change waits until the burst it belongs
// to is over, including one last look after the input is polled again (a 1 ms timer); an open is published
// as soon as the messages already received are handled, unless a change follows it.
import assert from 'node:assert/strict';
import { afterEach, beforeEach, mock, test } from 'node:test';
import { QuietScheduler } from '../../server/src/lsp/quiet';

beforeEach(() => mock.timers.enable({ apis: ['setImmediate', 'setTimeout'] }));
afterEach(() => mock.timers.reset());

test('an open runs the work without waiting for the rest of a burst', () => {
  let runs = 0;
  const q = new QuietScheduler(() => runs++);
  q.opened();
  mock.timers.tick(0);
  assert.equal(runs, 1);
  assert.equal(q.pending, false);
});

test('a change waits for one more poll of the input before the work runs', () => {
  let runs = 0;
  const q = new QuietScheduler(() => runs++);
  q.changed();
  mock.timers.tick(0);
  assert.equal(runs, 0, 'not before the last look');
  mock.timers.tick(1);
  assert.equal(runs, 1);
});

test('a change right after an open makes it a burst again: the work waits, and runs once', () => {
  let runs = 0;
  const q = new QuietScheduler(() => runs++);
  q.opened();
  q.changed();
  mock.timers.tick(0);
  assert.equal(runs, 0);
  mock.timers.tick(1);
  assert.equal(runs, 1);
  mock.timers.tick(10);
  assert.equal(runs, 1);
});
