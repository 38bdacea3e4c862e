// Kubernetes' semver library tests (apiserver/pkg/cel/library/semver_test.go, TestSemver), each with the
// outcome Kubernetes gives (the normalizing overloads are those of the library's version 1). A case whose
// expected value is a Semver is written as an equality with it.
import { type Case, compileError, error, runCases, value } from './harness';

const CASES: Case[] = [
  { name: 'parse', expr: 'semver("1.2.3") == semver("1.2.3") && semver("1.2.3").major() == 1', expect: value(true) },
  { name: 'parseInvalidVersion', expr: 'semver("v1.0")', expect: error('No Major.Minor.Patch elements found') },
  { name: 'isSemver', expr: 'isSemver("1.2.3-beta.1+build.1")', expect: value(true) },
  { name: 'isSemver_empty_false', expr: 'isSemver("")', expect: value(false) },
  { name: 'isSemver_v_prefix_false', expr: 'isSemver("v1.0.0")', expect: value(false) },
  { name: 'isSemver_v_leading_whitespace_false', expr: 'isSemver(" 1.0.0")', expect: value(false) },
  { name: 'isSemver_v_contains_whitespace_false', expr: 'isSemver("1. 0.0")', expect: value(false) },
  { name: 'isSemver_v_trailing_whitespace_false', expr: 'isSemver("1.0.0 ")', expect: value(false) },
  { name: 'isSemver_leading_zeros_false', expr: 'isSemver("01.01.01")', expect: value(false) },
  { name: 'isSemver_major_only_false', expr: 'isSemver("1")', expect: value(false) },
  { name: 'isSemver_major_minor_only_false', expr: 'isSemver("1.1")', expect: value(false) },
  { name: 'isSemver_empty_normalize_false', expr: 'isSemver("", true)', expect: value(false) },
  { name: 'isSemver_v_leading_whitespace_normalize_false', expr: 'isSemver(" 1.0.0", true)', expect: value(false) },
  { name: 'isSemver_v_contains_whitespace_normalize_false', expr: 'isSemver("1. 0.0", true)', expect: value(false) },
  { name: 'isSemver_v_trailing_whitespace_normalize_false', expr: 'isSemver("1.0.0 ", true)', expect: value(false) },
  { name: 'isSemver_v_prefix_normalize_true', expr: 'isSemver("v1.0.0", true)', expect: value(true) },
  { name: 'isSemver_leading_zeros_normalize_true', expr: 'isSemver("01.01.01", true)', expect: value(true) },
  { name: 'isSemver_major_only_normalize_true', expr: 'isSemver("1", true)', expect: value(true) },
  { name: 'isSemver_major_minor_only_normalize_true', expr: 'isSemver("1.1", true)', expect: value(true) },
  {
    name: 'isSemver_noOverload',
    expr: 'isSemver([1, 2, 3])',
    expect: compileError("found no matching overload for 'isSemver'"),
  },
  { name: 'equality_normalize', expr: 'semver("v01.01", true) == semver("1.1.0")', expect: value(true) },
  { name: 'equality_reflexivity', expr: 'semver("1.2.3") == semver("1.2.3")', expect: value(true) },
  { name: 'inequality', expr: 'semver("1.2.3") == semver("1.0.0")', expect: value(false) },
  { name: 'semver_less', expr: 'semver("1.0.0").isLessThan(semver("1.2.3"))', expect: value(true) },
  { name: 'semver_less_false', expr: 'semver("1.0.0").isLessThan(semver("1.0.0"))', expect: value(false) },
  { name: 'semver_greater', expr: 'semver("1.2.3").isGreaterThan(semver("1.0.0"))', expect: value(true) },
  { name: 'semver_greater_false', expr: 'semver("1.0.0").isGreaterThan(semver("1.0.0"))', expect: value(false) },
  { name: 'compare_equal', expr: 'semver("1.2.3").compareTo(semver("1.2.3"))', expect: value(0n) },
  { name: 'compare_less', expr: 'semver("1.0.0").compareTo(semver("1.2.3"))', expect: value(-1n) },
  { name: 'compare_greater', expr: 'semver("1.2.3").compareTo(semver("1.0.0"))', expect: value(1n) },
  { name: 'major', expr: 'semver("1.2.3").major()', expect: value(1n) },
  { name: 'minor', expr: 'semver("1.2.3").minor()', expect: value(2n) },
  { name: 'patch', expr: 'semver("1.2.3").patch()', expect: value(3n) },
  // Semantic Versioning's precedence (blang/semver's Compare): a pre-release is lower, numeric identifiers
  // lower than alphanumeric ones.
  { name: 'precedence', expr: 'semver("1.0.0-alpha").isLessThan(semver("1.0.0"))', expect: value(true) },
  { name: 'precedence', expr: 'semver("1.0.0-1").isLessThan(semver("1.0.0-alpha"))', expect: value(true) },
  { name: 'precedence', expr: 'semver("1.0.0+build.1") == semver("1.0.0+build.2")', expect: value(true) },
];

runCases('semver', CASES);
