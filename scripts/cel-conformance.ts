// The cel-spec conformance suite (the official test data, shipped by @bufbuild/cel-spec) run against the CEL
// engines we could use: @marcbachmann/cel-js (in use), as the CRD rules configure it (RE2 `matches`), and
// @bufbuild/cel (with its strings extension and re2js for `matches`). Prints pass/total per suite file and
// engine: `npx tsx scripts/cel-conformance.ts` (`--failures <engine> <file>` lists what fails there).
// A test passes when the engine gives the expected value (compared as CEL values: int, uint, double,
// string, bytes, bool, null, list, map), or an error where one is expected; a test whose input or
// expected value holds a protobuf message, an enum, a type or an unknown counts as failed for cel-js (it
// has no protobuf messages); @bufbuild/cel is given the suite's message registry.
import * as cel from '@bufbuild/cel';
import { strings } from '@bufbuild/cel/ext';
import {
  getConformanceSuite,
  type IncrementalTest,
  type IncrementalTestSuite,
} from '@bufbuild/cel-spec/testdata/tests.js';
import { getTestRegistry } from '@bufbuild/cel-spec/testdata/registry.js';
import * as CelJs from '@marcbachmann/cel-js';
import { RE2JS } from 're2js';
import { declareRe2Matches, useRe2Matches } from '../server/src/service/checks/crd/rules/celRegex';

/** cel.expr.Value as protobuf-es gives it. */
type ProtoValue = { kind: { case?: string; value?: unknown } };

class Unsupported extends Error {}

const { Environment } = CelJs;
/** cel-js's uint (exported, though its type declarations leave it out). */
const UnsignedInt = (CelJs as unknown as { UnsignedInt: new (n: bigint) => { value: bigint } }).UnsignedInt;

/** A CEL value as text, the same whichever engine produced it. */
function canon(v: unknown): string {
  if (v === null) return 'null';
  if (typeof v === 'boolean') return `bool:${v}`;
  if (typeof v === 'bigint') return `int:${v}`;
  if (typeof v === 'number') return `double:${Number.isNaN(v) ? 'NaN' : Object.is(v, -0) ? '0' : v}`;
  if (typeof v === 'string') return `string:${JSON.stringify(v)}`;
  if (v instanceof Uint8Array) return `bytes:${Buffer.from(v).toString('hex')}`;
  if (v instanceof UnsignedInt || cel.isCelUint(v)) return `uint:${(v as { value: bigint }).value}`;
  if (Array.isArray(v) || cel.isCelList(v)) return `[${[...(v as Iterable<unknown>)].map(canon).join(',')}]`;
  if (v instanceof Map || cel.isCelMap(v)) {
    const entries = [...(v as Iterable<[unknown, unknown]>)].map(([k, x]) => `${canon(k)}:${canon(x)}`);
    return `{${entries.sort().join(',')}}`;
  }
  if (typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype)
    return `{${Object.entries(v)
      .map(([k, x]) => `${canon(k)}:${canon(x)}`)
      .sort()
      .join(',')}}`;
  throw new Unsupported('a value of another type');
}

/** The expected value as text (the canon of what an engine should give). */
function protoCanon(p: ProtoValue): string {
  const { case: c, value } = p.kind;
  switch (c) {
    case 'nullValue':
      return 'null';
    case 'boolValue':
      return `bool:${value}`;
    case 'int64Value':
      return `int:${value}`;
    case 'uint64Value':
      return `uint:${value}`;
    case 'doubleValue':
      return canon(value as number);
    case 'stringValue':
      return canon(value as string);
    case 'bytesValue':
      return canon(value as Uint8Array);
    case 'listValue':
      return `[${(value as { values: ProtoValue[] }).values.map(protoCanon).join(',')}]`;
    case 'mapValue':
      return `{${(value as { entries: { key: ProtoValue; value: ProtoValue }[] }).entries
        .map((e) => `${protoCanon(e.key)}:${protoCanon(e.value)}`)
        .sort()
        .join(',')}}`;
    default:
      throw new Unsupported(`an expected ${c}`);
  }
}

/** A binding's value for an engine: uint as the engine's own type, maps as Maps. */
function toInput(p: ProtoValue, uint: (n: bigint) => unknown): unknown {
  const { case: c, value } = p.kind;
  switch (c) {
    case 'nullValue':
      return null;
    case 'boolValue':
    case 'stringValue':
    case 'bytesValue':
    case 'doubleValue':
      return value;
    case 'int64Value':
      return BigInt(value as bigint);
    case 'uint64Value':
      return uint(BigInt(value as bigint));
    case 'listValue':
      return (value as { values: ProtoValue[] }).values.map((x) => toInput(x, uint));
    case 'mapValue':
      return new Map(
        (value as { entries: { key: ProtoValue; value: ProtoValue }[] }).entries.map((e) => [
          toInput(e.key, uint),
          toInput(e.value, uint),
        ]),
      );
    default:
      throw new Unsupported(`a binding of ${c}`);
  }
}

export interface Engine {
  name: string;
  /** The result of `expr` with `bindings`, or throws. */
  run(t: IncrementalTest['original'], bindings: Record<string, ProtoValue>): unknown;
}

const celJs = (withRe2: boolean): Engine => {
  const env = new Environment({ unlistedVariablesAreDyn: true, enableOptionalTypes: true });
  if (withRe2) declareRe2Matches(env);
  return {
    name: withRe2 ? 'cel-js (as CRD rules run it)' : '@marcbachmann/cel-js',
    run(t, bindings) {
      const parsed = env.parse(t.expr);
      if (withRe2) useRe2Matches(parsed.ast);
      const ctx = Object.fromEntries(
        Object.entries(bindings).map(([k, v]) => [k, toInput(v, (n) => new UnsignedInt(n))]),
      );
      return parsed(ctx);
    },
  };
};

const bufbuild = (): Engine => {
  const registry = getTestRegistry();
  const re2 = { compile: (p: string) => RE2JS.compile(p) };
  return {
    name: '@bufbuild/cel',
    run(t, bindings) {
      const ctx = Object.fromEntries(Object.entries(bindings).map(([k, v]) => [k, toInput(v, (n) => cel.celUint(n))]));
      const r = cel.run(t.expr, ctx as Record<string, cel.CelInput>, {
        namespace: t.container || undefined,
        registry,
        funcs: strings,
        re2,
      });
      if (cel.isCelError(r)) throw r;
      return r;
    },
  };
};

export const ENGINES: Record<string, () => Engine> = {
  'cel-js': () => celJs(false),
  'cel-js+re2': () => celJs(true),
  bufbuild,
};

/** Whether one test passes on an engine. */
function passes(engine: Engine, test: IncrementalTest): boolean {
  const t = test.original;
  const m = t.resultMatcher;
  const bindings: Record<string, ProtoValue> = {};
  try {
    for (const [k, v] of Object.entries(t.bindings)) {
      if (v.kind.case !== 'value') return false;
      bindings[k] = v.kind.value as ProtoValue;
    }
  } catch {
    return false;
  }
  let got: string | { error: unknown };
  try {
    got = canon(engine.run(t, bindings));
  } catch (e) {
    got = { error: e };
  }
  if (t.checkOnly) return typeof got === 'string' || !(got.error instanceof Unsupported);
  try {
    switch (m.case) {
      case undefined:
        return got === 'bool:true';
      case 'value':
        return got === protoCanon(m.value as ProtoValue);
      case 'typedResult':
        return m.value.result !== undefined && got === protoCanon(m.value.result as ProtoValue);
      case 'evalError':
      case 'anyEvalErrors':
        return typeof got !== 'string' && !(got.error instanceof Unsupported);
      default:
        return false; // unknowns
    }
  } catch {
    return false;
  }
}

export interface FileResult {
  file: string;
  total: number;
  passed: number;
  failed: string[];
}

function testsOf(s: IncrementalTestSuite, prefix = ''): { name: string; test: IncrementalTest }[] {
  const here = `${prefix}${s.name}`;
  return [
    ...s.tests.map((test) => ({ name: `${here}/${test.name}`, test })),
    ...s.suites.flatMap((x) => testsOf(x, `${here}/`)),
  ];
}

/** The suite run on one engine: per suite file, how many tests pass. */
export function runConformance(engine: Engine): FileResult[] {
  return getConformanceSuite().suites.map((file) => {
    const tests = file.suites
      .flatMap((s) => testsOf(s, `${file.name}/`))
      .concat(file.tests.map((test) => ({ name: `${file.name}/${test.name}`, test })));
    const failed = tests.filter(({ test }) => !passes(engine, test)).map((x) => x.name);
    return { file: file.name, total: tests.length, passed: tests.length - failed.length, failed };
  });
}

function main(): void {
  const args = process.argv.slice(2);
  if (args[0] === '--failures') {
    const r = runConformance(ENGINES[args[1]]()).find((f) => f.file === args[2]);
    for (const name of r?.failed ?? []) console.log(name);
    return;
  }
  const names = Object.keys(ENGINES);
  const results = names.map((n) => runConformance(ENGINES[n]()));
  const rows = results[0].map((f, i) => [f.file, ...results.map((r) => `${r[i].passed}/${r[i].total}`)]);
  const sum = (r: FileResult[]) => `${r.reduce((a, f) => a + f.passed, 0)}/${r.reduce((a, f) => a + f.total, 0)}`;
  rows.push(['total', ...results.map(sum)]);
  const head = ['suite file', ...names];
  const width = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  for (const r of [head, ...rows]) console.log(r.map((c, i) => c.padEnd(width[i])).join('  '));
}

if (process.argv[1]?.endsWith('cel-conformance.ts')) main();
