// The clauses of cel-go's `string.format` (ext/formatting.go, as its documentation and strings_test.go give
// them), the run-time errors of `sortBy` (ext/lists.go sortListByAssociatedKeys) and of quantity division
// (kubernetes/kubernetes#135995), each with cel-go's or Kubernetes' outcome and wording. An argument wrapped in
// `dyn()` escapes cel-go's static check of a literal format string, so the error comes at run time as here.
import { type Case, error, runCases, value } from './harness';

const CASES: Case[] = [
  { expr: '"%d".format([42]) == "42"', expect: value(true) },
  { expr: '"%d".format([-7]) == "-7"', expect: value(true) },
  { expr: '"%s and %s".format(["a", true]) == "a and true"', expect: value(true) },
  { expr: '"%s".format([null]) == "null"', expect: value(true) },
  { expr: '"%x".format([255]) == "ff"', expect: value(true) },
  { expr: '"%X".format(["Hello"]) == "48656C6C6F"', expect: value(true) },
  { expr: '"%x".format([b"abc"]) == "616263"', expect: value(true) },
  { expr: '"%o".format([8]) == "10"', expect: value(true) },
  { expr: '"%b".format([5]) == "101"', expect: value(true) },
  { expr: '"%b".format([true]) == "1"', expect: value(true) },
  { expr: '"%.2f".format([1.2345]) == "1.23"', expect: value(true) },
  { expr: '"%f".format([1.5]) == "1.500000"', expect: value(true) },
  { expr: '"%.0f".format([2.75]) == "3"', expect: value(true) },
  { expr: '"100%% %s".format(["done"]) == "100% done"', expect: value(true) },
  { expr: '"%s".format([[1, "a", 2.5]]) == "[1, \\"a\\", 2.500000]"', expect: value(true) },
  { expr: '"%s".format([{"b": 1, "a": true}]) == "{\\"a\\":true, \\"b\\":1}"', expect: value(true) },
  { expr: '"%s".format([2.5]) == "2.5"', expect: value(true) },
  {
    expr: '"%d".format([dyn("a")])',
    expect: error('error during formatting: decimal clause can only be used on integers, was given string'),
  },
  {
    expr: '"%f".format([dyn(1)])',
    expect: error('error during formatting: fixed-point clause can only be used on doubles, was given int'),
  },
  {
    expr: '"%x".format([dyn(1.5)])',
    expect: error('only integers, byte buffers, and strings can be formatted as hex, was given double'),
  },
  { expr: '"%s %s".format(dyn(["a"]))', expect: error('index 1 out of range') },
  { expr: '"%z".format(dyn([1]))', expect: error('unrecognized formatting clause "z"') },
  { expr: '[1, "a"].sortBy(e, e)', expect: error('list elements must have the same type') },
  { expr: '[[2], [1]].sortBy(e, dyn(e))', expect: error('list elements must be comparable') },
  { expr: '[{"n": 2}, {"n": 1}].sortBy(e, e.n) == [{"n": 1}, {"n": 2}]', expect: value(true) },
  { expr: 'quantity("10").div(0)', expect: error('division by zero') },
  { expr: 'quantity("10").divInt(0)', expect: error('division by zero') },
  { expr: 'quantity("10").div(3, 11)', expect: error('the valid range for roundVal is 0 to 10 but 11 was passed') },
  { expr: 'quantity("1Gi").div(2) == quantity("512Mi")', expect: value(true) },
];

runCases('format and sortBy', CASES);
