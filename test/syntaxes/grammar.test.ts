// The injection grammar inside the YAML grammar VS Code itself ships (vendored in
// test/fixtures/grammars/vscode-yaml/, see its NOTICE.md), tokenized by the TextMate engine VS Code uses
// (vscode-textmate + Oniguruma) with our grammar injected into `source.yaml` as package.json's `injectTo`
// asks: PromQL in a rule's `expression` and CEL in a destination `value` get their scopes in every scalar
// style, and YAML keeps its own scopes everywhere else.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import * as oniguruma from 'vscode-oniguruma';
import { INITIAL, Registry, parseRawGrammar, type IGrammar } from 'vscode-textmate';

const REPO = join(__dirname, '..', '..');
const VSCODE_YAML = join(REPO, 'test', 'fixtures', 'grammars', 'vscode-yaml');
const pkg = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8'));

let onig: Promise<void> | undefined;
function loadOniguruma(): Promise<void> {
  const wasm = readFileSync(require.resolve('vscode-oniguruma/release/onig.wasm'));
  return (onig ??= oniguruma.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength)));
}

/** `source.yaml` as VS Code loads it: its grammars by scope name, and ours injected when `inject` is set. */
async function yamlGrammar(inject: boolean): Promise<IGrammar> {
  await loadOniguruma();
  const byScope = new Map<string, string>();
  for (const f of readdirSync(VSCODE_YAML).filter((n) => n.endsWith('.tmLanguage.json')))
    byScope.set(JSON.parse(readFileSync(join(VSCODE_YAML, f), 'utf8')).scopeName, join(VSCODE_YAML, f));
  const contributed = pkg.contributes.grammars[0];
  byScope.set(contributed.scopeName, join(REPO, contributed.path));
  const registry = new Registry({
    onigLib: Promise.resolve({
      createOnigScanner: (p) => new oniguruma.OnigScanner(p),
      createOnigString: (s) => new oniguruma.OnigString(s),
    }),
    loadGrammar: async (scope) => {
      const p = byScope.get(scope);
      return p ? parseRawGrammar(readFileSync(p, 'utf8'), p) : null;
    },
    getInjections: (scope) =>
      inject && (contributed.injectTo as string[]).includes(scope) ? [contributed.scopeName] : undefined,
  });
  const g = await registry.loadGrammar('source.yaml');
  assert.ok(g);
  return g;
}

type Token = { text: string; scopes: string[]; line: number };

function tokens(grammar: IGrammar, text: string): Token[] {
  let state = INITIAL;
  const out: Token[] = [];
  text.split('\n').forEach((line, n) => {
    const r = grammar.tokenizeLine(line, state);
    for (const t of r.tokens) out.push({ text: line.slice(t.startIndex, t.endIndex), scopes: t.scopes, line: n });
    state = r.ruleStack;
  });
  return out;
}

const scopesOf = (ts: Token[], text: string, line?: number) =>
  ts.filter((t) => t.text === text && (line === undefined || t.line === line)).pop()?.scopes ?? [];

const RULE = (value: string) =>
  `apiVersion: alertsmanagement.cloud.example.com/v20230301\nkind: PrometheusRuleGroup\nspec:\n  rules:\n    - alert: A\n      expression: ${value}\n      for: PT5M\n`;
const DEST = (value: string) =>
  `kind: StorageAccount\nspec:\n  operatorSpec:\n    configMapExpressions:\n      - name: c\n        value: ${value}\n        key: k\n`;

/** The same expression in each scalar style, after `key: ` at an indentation of `indent`. */
const styles = (expr: string, indent: number): [string, string][] => [
  ['plain', expr],
  ['double-quoted', JSON.stringify(expr)],
  ['single-quoted', `'${expr}'`],
  ['literal block', `|\n${' '.repeat(indent)}${expr}`],
  ['folded block', `>-\n${' '.repeat(indent)}${expr}`],
];

describe('PromQL and CEL inside the YAML grammar VS Code ships', () => {
  for (const [style, value] of styles('rate(x[5m]) > 0', 8)) {
    test(`PromQL in a rule's expression, ${style}`, async () => {
      const ts = tokens(await yamlGrammar(true), RULE(value));
      const rate = scopesOf(ts, 'rate');
      assert.ok(rate.includes('support.function.promql'), JSON.stringify(rate));
      // Injected into the real grammar: the YAML scopes are around it.
      assert.ok(rate.includes('source.yaml') && rate.includes('meta.map.value.yaml'), JSON.stringify(rate));
      assert.ok(rate.some((s) => /^meta\.embedded\.(expression|block)\.promql$/.test(s)));
      assert.ok(scopesOf(ts, 'x').includes('variable.other.metric.promql'));
      assert.ok(scopesOf(ts, '[5m]').includes('constant.other.duration.promql'));
      // The next key is YAML again.
      assert.ok(scopesOf(ts, 'for').includes('entity.name.tag.yaml'));
      assert.ok(!scopesOf(ts, 'PT5M').some((s) => s.includes('promql')));
    });
  }
  for (const [style, value] of styles('self.spec.x', 10)) {
    test(`CEL in a destination value, ${style}`, async () => {
      const ts = tokens(await yamlGrammar(true), DEST(value));
      const self = scopesOf(ts, 'self');
      assert.ok(self.includes('variable.language.self.cel'), JSON.stringify(self));
      assert.ok(self.includes('meta.map.value.yaml'), JSON.stringify(self));
      assert.ok(ts.some((t) => t.text === 'spec' && t.scopes.includes('variable.other.property.cel')));
      assert.ok(scopesOf(ts, 'key').includes('entity.name.tag.yaml'), 'the next key is YAML again');
    });
  }

  test('a comment after a plain expression stays a comment; escapes in a quoted one stay escapes', async () => {
    const g = await yamlGrammar(true);
    const plain = tokens(g, RULE('up == 0 # paged'));
    assert.ok(scopesOf(plain, 'up').includes('variable.other.metric.promql'));
    assert.ok(scopesOf(plain, '#').some((s) => s.startsWith('comment.line')));
    const quoted = tokens(g, RULE('"up{job=\\"a\\"} == 0"'));
    assert.ok(scopesOf(quoted, 'job').includes('entity.other.attribute-name.label.promql'));
    assert.ok(scopesOf(quoted, '\\"a\\"').includes('string.quoted.double.promql'));
    assert.ok(
      scopesOf(quoted, '"', 5).includes('punctuation.definition.string.end.yaml'),
      'the value ends where YAML ends it',
    );
  });

  test('other keys and other values are left to YAML', async () => {
    const g = await yamlGrammar(true);
    const ts = tokens(g, 'spec:\n  location: westus\n  tags:\n    value: plain text\n    expressions: rate(x)\n');
    assert.ok(
      ts.every((t) => !t.scopes.some((s) => /promql|cel/.test(s))),
      JSON.stringify(ts.filter((t) => t.scopes.some((s) => /promql|cel/.test(s)))),
    );
  });

  test('outside the expressions, every line of the examples tokenizes as the YAML grammar alone does', async () => {
    const [alone, injected] = [await yamlGrammar(false), await yamlGrammar(true)];
    const dir = join(REPO, 'examples');
    let compared = 0;
    for (const f of readdirSync(dir).filter((n) => n.endsWith('.yaml'))) {
      const text = readFileSync(join(dir, f), 'utf8');
      const a = tokens(alone, text);
      const b = tokens(injected, text);
      const ours = new Set(b.filter((t) => t.scopes.some((s) => /\.(promql|cel)$/.test(s))).map((t) => t.line));
      text.split('\n').forEach((_, n) => {
        if (ours.has(n)) return;
        const strip = (ts: Token[]) => JSON.stringify(ts.filter((t) => t.line === n).map((t) => [t.text, t.scopes]));
        assert.equal(strip(b), strip(a), `${f}:${n + 1}`);
        compared++;
      });
      if (f === 'alerts.yaml') assert.ok(ours.size > 0, 'alerts.yaml has PromQL coloured');
    }
    assert.ok(compared > 100);
  });
});
