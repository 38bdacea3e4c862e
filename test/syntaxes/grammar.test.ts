// The injection grammar, tokenized by the TextMate engine VS Code uses (vscode-textmate + Oniguruma):
// PromQL in rule `expression` values and CEL in operatorSpec expression `value`s get their scopes.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import * as oniguruma from 'vscode-oniguruma';
import { INITIAL, Registry, parseRawGrammar, type IGrammar } from 'vscode-textmate';

const GRAMMAR = join(__dirname, '..', '..', 'syntaxes', 'cloud-manifests.injection.tmLanguage.json');

async function load(): Promise<IGrammar> {
  const wasm = readFileSync(require.resolve('vscode-oniguruma/release/onig.wasm'));
  await oniguruma.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength));
  const registry = new Registry({
    onigLib: Promise.resolve({
      createOnigScanner: (p) => new oniguruma.OnigScanner(p),
      createOnigString: (s) => new oniguruma.OnigString(s),
    }),
    // The injection's patterns are tokenized on their own: the YAML base grammar ships with VS Code only.
    loadGrammar: async (scope) =>
      scope === 'cloud-manifests.injection' ? parseRawGrammar(readFileSync(GRAMMAR, 'utf8'), GRAMMAR) : null,
  });
  const g = await registry.loadGrammar('cloud-manifests.injection');
  assert.ok(g);
  return g;
}

function tokens(grammar: IGrammar, text: string): { text: string; scopes: string[] }[] {
  let state = INITIAL;
  const out: { text: string; scopes: string[] }[] = [];
  for (const line of text.split('\n')) {
    const r = grammar.tokenizeLine(line, state);
    for (const t of r.tokens) out.push({ text: line.slice(t.startIndex, t.endIndex), scopes: t.scopes });
    state = r.ruleStack;
  }
  return out;
}

const scopeOf = (ts: { text: string; scopes: string[] }[], text: string) =>
  ts.find((t) => t.text === text)?.scopes ?? [];

test('PromQL on one line', async () => {
  const g = await load();
  const ts = tokens(g, '    - expression: sum by (job) (rate(http_requests_total{code=~"5.."}[5m])) > 0.1');
  assert.ok(scopeOf(ts, 'expression').includes('entity.name.tag.yaml'));
  assert.ok(scopeOf(ts, 'sum').includes('keyword.operator.aggregation.promql'));
  assert.ok(scopeOf(ts, 'rate').includes('support.function.promql'));
  assert.ok(scopeOf(ts, 'code').includes('entity.other.attribute-name.label.promql'));
  assert.ok(scopeOf(ts, '[5m]').includes('constant.other.duration.promql'));
  assert.ok(scopeOf(ts, 'http_requests_total').includes('variable.other.metric.promql'));
});

test('PromQL in a block scalar, up to the next key', async () => {
  const g = await load();
  const ts = tokens(g, '  - expression: |\n      avg(rate(node_cpu_seconds_total[5m]))\n      > 0.8\n    record: x\n');
  assert.ok(scopeOf(ts, 'avg').includes('keyword.operator.aggregation.promql'));
  assert.ok(scopeOf(ts, '0.8').some((s) => s === 'constant.numeric.promql'));
  assert.ok(!scopeOf(ts, 'x').some((s) => s.includes('promql')), 'the next key is YAML again');
});

test('CEL in a destination expression value', async () => {
  const g = await load();
  const ts = tokens(
    g,
    '      - name: endpoints\n        key: blob\n        value: self.status.primaryEndpoints.blob + "/"',
  );
  assert.ok(scopeOf(ts, 'self').includes('variable.language.self.cel'));
  assert.ok(scopeOf(ts, 'primaryEndpoints').includes('variable.other.property.cel'));
  const keyLine = ts.find((t) => t.text.includes('key: blob'));
  assert.ok(keyLine && keyLine.scopes.length === 1, 'the key line is left to YAML');
});

test('other keys are left to YAML', async () => {
  const g = await load();
  const ts = tokens(g, '  location: westus\n  value: plain text');
  assert.ok(
    ts.every((t) => t.scopes.length === 1),
    JSON.stringify(ts),
  );
});
