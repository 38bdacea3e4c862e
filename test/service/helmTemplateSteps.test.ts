// Issue 43: the workspace scan reads a large Helm template in steps (lsp/templateSlices.ts runs them between
// requests): lexing and masking 100,000 actions is no single step that holds the server's thread, and what
// the steps make is what parseAs makes of the template (the same masked text, the same diagnostics).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Analysis } from '../../server/src/service/analysis';

const CHART = 'file:///repo/chart/';
const TEMPLATE = `apiVersion: storage.cloud.example.com/v20220901
kind: StorageAccount
metadata:
  name: {{ .Values.name }}
  annotations:
    a: "${'{{ .Values.x }}'.repeat(50_000)}"
${'{{- -}}'.repeat(50_000)}
spec:
  location: westus2
  kind: StorageV2
  sku:
    name: Standard_LRS
  owner:
    name: rg
  accessTier: Hott
`;

test('a template of 100,000 actions is lexed and masked in many short steps, into what parseAs makes', () => {
  const a = new Analysis();
  a.indexFile(`${CHART}Chart.yaml`, 'apiVersion: v2\nname: app\nversion: 0.1.0\n');
  const uri = `${CHART}templates/t.yaml`;
  assert.equal(a.roleOf(uri).role, 'template');
  const steps = a.docs.templateSteps(TEMPLATE);
  const times: number[] = [];
  let r: IteratorResult<string | void, unknown>;
  // CPU time, not wall time: a step the machine's other work delays (tests run beside each other) did no
  // more work for it.
  const cpu = () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  };
  for (;;) {
    const t0 = cpu();
    r = steps.next();
    times.push(cpu() - t0);
    if (r.done) break;
  }
  const total = times.reduce((x, y) => x + y, 0);
  assert.ok(times.length >= 20, `${times.length} steps`);
  // The last step parses the masked text (as the scan parses any file); every step before it is a small part.
  // (A fifth: one step may also pay a garbage collection's pause, which is not the split's doing.)
  const longest = Math.max(...times.slice(0, -1));
  assert.ok(longest < total / 5, `the longest step took ${longest.toFixed(1)} ms of ${total.toFixed(1)} ms`);

  const file = r.value as ReturnType<Analysis['parseAs']>;
  const direct = a.parseAs(uri, TEMPLATE);
  assert.equal(file.text, direct.text);
  a.indexFile(uri, file);
  const codes = a.fileDiagnostics(uri, file).map((d) => d.code);
  assert.deepEqual(codes, ['enum-value']);
});
