// cel-go's optional values where cel-js lacks them (library/optionals.ts): equality of optionals,
// optional.ofNonZeroValue, optMap and optFlatMap, each with cel-go's outcome (cel-go's optional tests).
import { type Case, runCases, value } from './harness';

const CASES: Case[] = [
  { expr: 'optional.none() == optional.none()', expect: value(true) },
  { expr: 'optional.of(1) == optional.of(1)', expect: value(true) },
  { expr: 'optional.of(1) != optional.of(2)', expect: value(true) },
  { expr: 'optional.of(1) != optional.none()', expect: value(true) },
  { expr: 'optional.of(1) == optional.of(1.0)', expect: value(true) },
  { expr: "optional.of([1, 'a']) == optional.of([1, 'a'])", expect: value(true) },
  { expr: 'optional.ofNonZeroValue(0).hasValue()', expect: value(false) },
  { expr: "optional.ofNonZeroValue('') == optional.none()", expect: value(true) },
  { expr: 'optional.ofNonZeroValue([1]).value() == [1]', expect: value(true) },
  { expr: 'optional.of(2).optMap(x, x * 2).value()', expect: value(4n) },
  { expr: 'optional.none().optMap(x, x * 2).hasValue()', expect: value(false) },
  { expr: 'optional.of(2).optFlatMap(x, optional.of(x + 1)) == optional.of(3)', expect: value(true) },
  { expr: 'optional.of(2).optFlatMap(x, optional.none()).hasValue()', expect: value(false) },
  { expr: 'optional.none().optFlatMap(x, optional.of(x)) == optional.none()', expect: value(true) },
];

runCases('optionals', CASES);
