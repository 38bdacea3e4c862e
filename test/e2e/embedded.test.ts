// PromQL and CEL inside manifests through the built server over stdio: a squiggle at the character inside
// an expression, fixed by an edit; completion after `self.`; hover on a PromQL function.
// (The inline-expectation fixtures, PromQL and CEL ones included, run over stdio in server.test.ts.)
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { cursor } from '../helpers/cursor';
import { TestClient } from './lspClient';

const RULES = `apiVersion: alertsmanagement.cloud.example.com/v20230301
kind: PrometheusRuleGroup
metadata:
  name: g
spec:
  location: westeurope
  owner:
    name: rg
  scopesReferences:
    - armId: /subscriptions/00000000-0000-0000-0000-000000000000/resourceGroups/rg/providers/Provider.Monitor/accounts/amw
  rules:
    - alert: ErrorsHigh
      expression: |
        sum by (job) (rate(http_requests_total{code=~"5.."}))
          > 1
`;

describe('embedded languages over stdio', () => {
  let client: TestClient;
  before(async () => {
    client = new TestClient();
    await client.initialize();
  });
  after(async () => client.stop());

  test('a PromQL mistake is marked at its characters and cleared by the fix', async () => {
    const uri = client.uri('embedded/rules.yaml');
    const diags = await client.open(uri, RULES);
    const d = diags.find((x) => x.code === 'promql-arguments');
    assert.ok(d, JSON.stringify(diags));
    const line = RULES.split('\n')[d.range.start.line];
    assert.equal(line.slice(d.range.start.character, d.range.end.character), 'http_requests_total{code=~"5.."}');
    assert.equal(d.source, 'cloud-manifests');
    const fixed = await client.change(uri, RULES.replace('"5.."})', '"5.."}[5m])'));
    assert.deepEqual(
      fixed.map((x) => x.code),
      [],
    );
    await client.close(uri);
  });

  test('completion after `self.` lists the resource fields; hover on a PromQL function', async () => {
    const src = `apiVersion: storage.cloud.example.com/v20220901
kind: StorageAccount
metadata:
  name: st
spec:
  operatorSpec:
    configMapExpressions:
      - name: endpoints
        key: blob
        value: self.status.primaryEndpoints.internetEndpoints.|
`;
    const { text, line, character } = cursor(src);
    const uri = client.uri('embedded/account.yaml');
    await client.open(uri, text);
    const res = (await client.conn.sendRequest('textDocument/completion', {
      textDocument: { uri },
      position: { line, character },
    })) as { label: string }[] | { items: { label: string }[] };
    const labels = (Array.isArray(res) ? res : res.items).map((i) => i.label).sort();
    assert.deepEqual(labels, ['blob', 'dfs', 'file', 'web']);
    await client.close(uri);

    const rules = client.uri('embedded/hover.yaml');
    await client.open(rules, RULES);
    const l = RULES.split('\n').findIndex((x) => x.includes('rate('));
    const h = (await client.conn.sendRequest('textDocument/hover', {
      textDocument: { uri: rules },
      position: { line: l, character: RULES.split('\n')[l].indexOf('rate(') + 2 },
    })) as { contents: { value: string } } | null;
    assert.ok(h);
    assert.match(h.contents.value, /rate\(range-vector\) instant-vector/);
    await client.close(rules);
  });
});
