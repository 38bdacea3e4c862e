// A case with a known difference from the reference (`todo`: why it differs) reads as todo, never as a
// failure: its body runs, and when it fails as known the test is marked todo with the reason (no stack trace
// ends the run's output); when it passes, the difference is gone and the test fails, asking for the entry's
// removal, so that a todo never hides a case that now holds.
import { test } from 'node:test';

export function caseTest(name: string, todo: string | undefined, body: () => void): void {
  if (!todo) {
    test(name, body);
    return;
  }
  test(name, (t) => {
    try {
      body();
    } catch {
      t.todo(todo);
      return;
    }
    throw new Error(`this case now agrees with the reference: remove its known difference ("${todo}")`);
  });
}
