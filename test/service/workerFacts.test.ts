// A worker's facts of a file (service/host/fileFacts.ts: what the server's worker thread computes of a large
// file, lsp/offThread.ts) are taken whole by the host, so that the host's own thread parses nothing of it:
// its diagnostics and the manifests its index reads. Kubernetes' own kinds too, which the registry does not
// list (they are looked up per release): before, their manifests were left behind and the host parsed the
// whole file again for its index, on the thread that answers the editor.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Analysis } from '../../server/src/service/analysis';
import { DEFAULT_SETTINGS } from '../../server/src/service/core/settings';
import { FactsMaker } from '../../server/src/service/host/fileFacts';
import { account, rg } from '../workspace/helpers';

const KUBE = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: "three"
  selector:
    matchLabels: {app: web}
  template:
    metadata: {labels: {app: web}}
    spec:
      containers:
        - name: web
          image: nginx
---
apiVersion: v1
kind: ConfigMap
metadata: {name: cfg}
data:
  a: 1
`;

for (const [name, text] of [
  ["Kubernetes' own kinds", KUBE],
  ["the operator's kinds", [rg('rg'), account('acct', 'rg')].join('---\n')],
] as const)
  test(`a worker's facts of ${name} are taken whole: the host parses nothing of the file`, () => {
    const worker = new FactsMaker({ settings: DEFAULT_SETTINGS, crds: [] });
    const facts = worker.batch([{ text, partial: false, check: true }]);
    const host = new Analysis({ settings: DEFAULT_SETTINGS });
    const parses = () => host.counters.parses;
    const before = parses();
    host.apply({
      kind: 'file',
      uri: 'file:///w/facts.yaml',
      file: text,
      analyse: true,
      facts: { facts: facts.files[0], kinds: facts.kinds, partial: false, stamp: host.factsSetup().stamp },
    });
    assert.equal(parses() - before, 0, 'no document parsed by the host');

    // And what it says is what it says having done the work itself.
    const own = new Analysis({ settings: DEFAULT_SETTINGS });
    own.apply({ kind: 'file', uri: 'file:///w/facts.yaml', file: text, analyse: true });
    const said = (a: Analysis) =>
      JSON.stringify(a.diagnostics('file:///w/facts.yaml', { file: a.file('file:///w/facts.yaml').indexed! }).all);
    assert.equal(said(host), said(own));
    assert.equal(host.index.manifestCount, 2, 'both manifests indexed');
    assert.equal(own.index.manifestCount, host.index.manifestCount);
  });
