// cel-go's sets extension tests (ext/sets_test.go, TestSets): every case written as a literal expression
// that holds (the two cases that bind a variable are left out).
import { type Case, runCases, value } from './harness';

const HOLDS = [
  'sets.contains([], [])',
  'sets.contains([1], [])',
  'sets.contains([1], [1])',
  'sets.contains([1], [1, 1])',
  'sets.contains([1, 1], [1])',
  'sets.contains([2, 1], [1])',
  'sets.contains([1, 2, 3, 4], [2, 3])',
  '!sets.contains([1], [2])',
  '!sets.contains([1], [1, 2])',
  'sets.equivalent([], [])',
  'sets.equivalent([1], [1])',
  'sets.equivalent([1], [1, 1])',
  'sets.equivalent([1, 1], [1])',
  '!sets.equivalent([2, 1], [1])',
  '!sets.equivalent([1], [1, 2])',
  'sets.intersects([1], [1])',
  'sets.intersects([1], [1, 1])',
  'sets.intersects([1, 1], [1])',
  'sets.intersects([2, 1], [1])',
  'sets.intersects([1], [1, 2])',
  '!sets.intersects([], [])',
  '!sets.intersects([1], [])',
  '!sets.intersects([1], [2])',
];

/** Cases whose list literals mix types (`[1u, 1.0]`): Kubernetes accepts them, the rule environment does not. */
const MIXED = [
  'sets.contains([1], [1.0, 1])',
  'sets.contains([1, 2], [2u, 2.0])',
  'sets.contains([1, 2u], [2, 2.0])',
  'sets.contains([1, 2.0, 3u], [1.0, 2u, 3])',
  'sets.contains([[1], [2, 3]], [[2, 3.0]])',
  '!sets.contains([1], ["1", 1])',
  '!sets.contains([1], [1.1, 1u])',
  'sets.equivalent([1], [1u, 1.0])',
  'sets.equivalent([1], [1u, 1.0])',
  'sets.equivalent([1, 2, 3], [3u, 2.0, 1])',
  'sets.equivalent([[1.0], [2, 3]], [[1], [2, 3.0]])',
  '!sets.equivalent([1, 2], [2u, 2, 2.0])',
  '!sets.equivalent([1, 2], [1u, 2, 2.3])',
  'sets.intersects([1], [1.0, 2])',
  'sets.intersects([1, 2], [2u, 2, 2.0])',
  'sets.intersects([1, 2], [1u, 2, 2.3])',
  'sets.intersects([[1], [2, 3]], [[1, 2], [2, 3.0]])',
  '!sets.intersects([1], ["1", 2])',
  '!sets.intersects([1], [1.1, 2u])',
];

runCases('sets', [
  ...HOLDS.map((expr): Case => ({ expr, expect: value(true) })),
  ...MIXED.map((expr): Case => ({ expr, expect: value(true) })),
]);
