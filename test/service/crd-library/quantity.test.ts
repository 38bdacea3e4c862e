// Kubernetes' quantity library tests (apiserver/pkg/cel/library/quantity_test.go, TestQuantity) and the
// quantity cases of the apiextensions CEL validator's tests, each with the outcome Kubernetes gives. A case
// whose expected value is a Quantity is written as an equality with it.
import { type Case, compileError, error, runCases, value } from './harness';

const CASES: Case[] = [
  { name: 'parse', expr: 'quantity("12Mi") == quantity("12582912")', expect: value(true) },
  {
    name: 'parseInvalidSuffix',
    expr: 'quantity("10Mo")',
    expect: error('quantities must match the regular expression'),
  },
  {
    name: 'parseInvalidSuffixPassesRegex',
    expr: 'quantity("10Mm")',
    expect: error("unable to parse quantity's suffix"),
  },
  { name: 'isQuantity', expr: 'isQuantity("20")', expect: value(true) },
  { name: 'isQuantity_megabytes', expr: 'isQuantity("20M")', expect: value(true) },
  { name: 'isQuantity_mebibytes', expr: 'isQuantity("20Mi")', expect: value(true) },
  { name: 'isQuantity_invalidSuffix', expr: 'isQuantity("20Mo")', expect: value(false) },
  { name: 'isQuantity_passingRegex', expr: 'isQuantity("10Mm")', expect: value(false) },
  {
    name: 'isQuantity_noOverload',
    expr: 'isQuantity([1, 2, 3])',
    expect: compileError("found no matching overload for 'isQuantity'"),
  },
  { name: 'equality_reflexivity', expr: 'quantity("200M") == quantity("200M")', expect: value(true) },
  {
    name: 'equality_symmetry',
    expr: 'quantity("200M") == quantity("0.2G") && quantity("0.2G") == quantity("200M")',
    expect: value(true),
  },
  {
    name: 'equality_transitivity',
    expr: 'quantity("2M") == quantity("0.002G") && quantity("2000k") == quantity("2M") && quantity("0.002G") == quantity("2000k")',
    expect: value(true),
  },
  { name: 'inequality', expr: 'quantity("200M") == quantity("0.3G")', expect: value(false) },
  { name: 'quantity_less', expr: 'quantity("50M").isLessThan(quantity("50Mi"))', expect: value(true) },
  { name: 'quantity_less_obvious', expr: 'quantity("50M").isLessThan(quantity("100M"))', expect: value(true) },
  { name: 'quantity_less_false', expr: 'quantity("100M").isLessThan(quantity("50M"))', expect: value(false) },
  { name: 'quantity_greater', expr: 'quantity("50Mi").isGreaterThan(quantity("50M"))', expect: value(true) },
  { name: 'quantity_greater_obvious', expr: 'quantity("150Mi").isGreaterThan(quantity("100Mi"))', expect: value(true) },
  { name: 'quantity_greater_false', expr: 'quantity("50M").isGreaterThan(quantity("100M"))', expect: value(false) },
  { name: 'compare_equal', expr: 'quantity("200M").compareTo(quantity("0.2G"))', expect: value(0n) },
  { name: 'compare_less', expr: 'quantity("50M").compareTo(quantity("50Mi"))', expect: value(-1n) },
  { name: 'compare_greater', expr: 'quantity("50Mi").compareTo(quantity("50M"))', expect: value(1n) },
  { name: 'add_quantity', expr: 'quantity("50k").add(quantity("20")) == quantity("50.02k")', expect: value(true) },
  { name: 'add_int', expr: 'quantity("50k").add(20).isLessThan(quantity("50020"))', expect: value(false) },
  { name: 'sub_quantity', expr: 'quantity("50k").sub(quantity("20")) == quantity("49.98k")', expect: value(true) },
  { name: 'sub_int', expr: 'quantity("50k").sub(20) == quantity("49980")', expect: value(true) },
  {
    name: 'multiply',
    expr: 'quantity("50k").mul(2) == quantity("100000")',
    expect: value(true),
  },
  {
    name: 'divide_float_result',
    expr: 'quantity("10000").div(3).asApproximateFloat() > 3333.3332 && quantity("10000").div(3).asApproximateFloat() < 3333.3334',
    expect: value(true),
  },
  {
    name: 'divide_scaled',
    expr: 'quantity("10k").div(2) == quantity("5000")',
    expect: value(true),
  },
  {
    name: 'integer_division',
    expr: 'quantity("10000").divInt(3) == quantity("3333")',
    expect: value(true),
  },
  { name: 'arith_chain_1', expr: 'quantity("50k").add(20).sub(quantity("100k")).asInteger()', expect: value(-49980n) },
  {
    name: 'arith_chain',
    expr: 'quantity("50k").add(20).sub(quantity("100k")).sub(-50000).asInteger()',
    expect: value(20n),
  },
  { name: 'as_integer', expr: 'quantity("50k").asInteger()', expect: value(50000n) },
  {
    name: 'as_integer_error',
    expr: 'quantity("9999999999999999999999999999999999999G").asInteger()',
    expect: error('cannot convert value to integer'),
  },
  { name: 'is_integer', expr: 'quantity("9999999999999999999999999999999999999G").isInteger()', expect: value(false) },
  { name: 'is_integer', expr: 'quantity("50").isInteger()', expect: value(true) },
  { name: 'as_float', expr: 'quantity("50.703k").asApproximateFloat()', expect: value(50703) },
  // validation_test.go, "quantity" (self.val1 = "20", self.val2 = "200M")
  ...[
    'isQuantity(self.val1)',
    'isQuantity(self.val2)',
    'isQuantity("20Mi")',
    'quantity(self.val2) == quantity("0.2G") && quantity("0.2G") == quantity("200M")',
    'quantity("2M") == quantity("0.002G") && quantity("2000k") == quantity("2M") && quantity("0.002G") == quantity("2000k")',
    'quantity(self.val1).isLessThan(quantity("100M"))',
    'quantity(self.val2).isGreaterThan(quantity("50M"))',
    'quantity(self.val2).compareTo(quantity("0.2G")) == 0',
    'quantity("50k").add(quantity(self.val1)) == quantity("50.02k")',
    'quantity("50k").sub(quantity(self.val1)) == quantity("49980")',
    'quantity(self.val1).isInteger()',
  ].map((expr): Case => ({ name: 'validator', expr, expect: value(true) })),
  // quantity.go's documented examples
  { name: 'doc', expr: 'quantity("50000000G").isInteger()', expect: value(true) },
  { name: 'doc', expr: 'quantity("50k").sub(20000).asApproximateFloat() == 30000.0', expect: value(true) },
  {
    name: 'doc',
    expr: 'quantity("50k").add(20).sub(quantity("100k")).sub(-50000) == quantity("20")',
    expect: value(true),
  },
  { name: 'doc', expr: 'isQuantity("1,3G")', expect: value(false) },
  { name: 'doc', expr: 'isQuantity("200K")', expect: value(false) },
  { name: 'doc', expr: 'isQuantity("Three")', expect: value(false) },
  { name: 'doc', expr: 'sign(quantity("-5Gi"))', expect: value(-1n) },
  {
    name: 'add_does_not_mutate_receiver',
    expr: '[quantity("9999999999999999999999999999999999999")].all(x, x.add(quantity("1")).compareTo(x.add(quantity("2"))) == -1)',
    expect: value(true),
  },
];

runCases('quantity', CASES, { val1: '20', val2: '200M' });
