// cel-go's lists extension tests (ext/lists_test.go, TestLists; the cases on a protobuf message type left
// out), each with cel-go's outcome.
import { type Case, error, runCases, value } from './harness';

const CASES: Case[] = [
  { expr: 'lists.range(4) == [0,1,2,3]', expect: value(true) },
  { expr: 'lists.range(0) == []', expect: value(true) },
  { expr: '[5,1,2,3].reverse() == [3,2,1,5]', expect: value(true) },
  { expr: '[].reverse() == []', expect: value(true) },
  { expr: '[1].reverse() == [1]', expect: value(true) },
  {
    expr: "['are', 'you', 'as', 'bored', 'as', 'I', 'am'].reverse() == ['am', 'I', 'as', 'bored', 'as', 'you', 'are']",
    expect: value(true),
  },
  { expr: '[false, true, true].reverse().reverse() == [false, true, true]', expect: value(true) },
  { expr: '[1,2,3,4].slice(0, 4) == [1,2,3,4]', expect: value(true) },
  { expr: '[1,2,3,4].slice(0, 0) == []', expect: value(true) },
  { expr: '[1,2,3,4].slice(1, 1) == []', expect: value(true) },
  { expr: '[1,2,3,4].slice(4, 4) == []', expect: value(true) },
  { expr: '[1,2,3,4].slice(1, 3) == [2, 3]', expect: value(true) },
  {
    expr: '[1,2,3,4].slice(3, 0)',
    expect: error('cannot slice(3, 0), start index must be less than or equal to end index'),
  },
  { expr: '[1,2,3,4].slice(0, 10)', expect: error('cannot slice(0, 10), list is length 4') },
  { expr: '[1,2,3,4].slice(-5, 10)', expect: error('cannot slice(-5, 10), negative indexes not supported') },
  { expr: '[1,2,3,4].slice(-5, -3)', expect: error('cannot slice(-5, -3), negative indexes not supported') },
  { expr: 'dyn([]).flatten() == []', expect: value(true) },
  { expr: 'dyn([1,2,3,4]).flatten() == [1,2,3,4]', expect: value(true) },
  { expr: '[1,[2,[3,4]]].flatten() == [1,2,[3,4]]', expect: value(true) },
  { expr: '[1,2,[],[],[3,4]].flatten() == [1,2,3,4]', expect: value(true) },
  { expr: '[1,[2,[3,4]]].flatten(2) == [1,2,3,4]', expect: value(true) },
  {
    expr: '[1,[2,[3,[4]]]].flatten(-1) == [1,2,3,4]',
    expect: error('level must be non-negative'),
  },
  { expr: '[].sort() == []', expect: value(true) },
  { expr: '[1].sort() == [1]', expect: value(true) },
  { expr: '[4, 3, 2, 1].sort() == [1, 2, 3, 4]', expect: value(true) },
  { expr: '["d", "a", "b", "c"].sort() == ["a", "b", "c", "d"]', expect: value(true) },
  {
    expr: '["d", 3, 2, "c"].sort() == ["a", "b", "c", "d"]',
    expect: error('list elements must have the same type'),
  },
  { expr: '[].sortBy(e, e) == []', expect: value(true) },
  { expr: '["a"].sortBy(e, e) == ["a"]', expect: value(true) },
  { expr: '[-3, 1, -5, -2, 4].sortBy(e, -(e * e)) == [-5, 4, -3, -2, 1]', expect: value(true) },
  {
    expr: '[-3, 1, -5, -2, 4].map(e, e * 2).sortBy(e, -(e * e)) == [-10, 8, -6, -4, 2]',
    expect: value(true),
  },
  { expr: 'lists.range(3).sortBy(e, -e) == [2, 1, 0]', expect: value(true) },
  {
    expr: '["a", "c", "b", "first"].sortBy(e, e == "first" ? "" : e) == ["first", "a", "b", "c"]',
    expect: value(true),
  },
  { expr: '[].distinct() == []', expect: value(true) },
  { expr: '[1].distinct() == [1]', expect: value(true) },
  { expr: '[-2, 5, -2, 1, 1, 5, -2, 1].distinct() == [-2, 5, 1]', expect: value(true) },
  { expr: "['c', 'a', 'a', 'b', 'a', 'b', 'c', 'c'].distinct() == ['c', 'a', 'b']", expect: value(true) },
  { expr: '[1, 2.0, "c", 3, "c", 1].distinct() == [1, 2.0, "c", 3]', expect: value(true) },
  { expr: '[1, 1.0, 2].distinct() == [1, 2]', expect: value(true) },
  { expr: '[[1], [1], [2]].distinct() == [[1], [2]]', expect: value(true) },
];

runCases('ext lists', CASES);
