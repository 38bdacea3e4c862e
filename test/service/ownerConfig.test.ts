// The configuration a kustomize-owner-renamed quick fix writes (kustomize/ownerConfig.ts): the edit listing
// it under `configurations:` in whatever shape the key has (absent, a block list, a flow list, empty; CRLF;
// no final line break), and the file's `nameReference` entries, read back as Kustomize would select with them.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parse } from 'yaml';
import {
  addConfigurationEdit,
  isTaught,
  ownerConfigText,
  readNameReferences,
} from '../../server/src/service/workspace/kustomize/ownerConfig';
import type { RenamedRef } from '../../server/src/service/workspace/kustomize/renamedReferences';

const PATH = 'kustomizeconfig/owner-references.yaml';

function added(text: string): string | undefined {
  const e = addConfigurationEdit(text, PATH);
  return e && text.slice(0, e.start) + e.newText + text.slice(e.end);
}

describe('listing the configuration under configurations:', () => {
  test('every shape of the key: the path added, the rest kept byte for byte', () => {
    const cases: [string, string[]][] = [
      ['resources:\n  - ../../base\nnamePrefix: p-\n', [PATH]],
      ['resources:\n  - ../../base\nnamePrefix: p-', [PATH]],
      [
        'namePrefix: p-\nconfigurations:\n    - a.yaml\n    - b.yaml  # shared\nresources: [../../base]\n',
        ['a.yaml', 'b.yaml', PATH],
      ],
      ['namePrefix: p-\nconfigurations:\n- a.yaml\n', ['a.yaml', PATH]],
      ['namePrefix: p-\nconfigurations: [a.yaml]\n', ['a.yaml', PATH]],
      ['namePrefix: p-\nconfigurations: []\n', [PATH]],
      ['namePrefix: p-\nconfigurations:\nresources: [x]\n', [PATH]],
      ['resources:\r\n  - ../../base\r\nconfigurations:\r\n  - a.yaml\r\nnamePrefix: p-\r\n', ['a.yaml', PATH]],
    ];
    for (const [text, want] of cases) {
      const out = added(text)!;
      assert.deepEqual((parse(out) as { configurations: string[] }).configurations, want, text);
      assert.equal((parse(out) as { namePrefix: string }).namePrefix, 'p-', text);
      if (text.includes('\r\n')) assert.doesNotMatch(out.replace(/\r\n/g, ''), /[\r\n]/, 'CRLF kept');
    }
    assert.equal(addConfigurationEdit('configurations: {a: b}\n', PATH), undefined, 'not a list: no edit');
  });
});

describe('the configuration file', () => {
  const ref = (referrer: string, owner: string, ownerGroup: string): RenamedRef => ({
    referrer: { kind: referrer, group: 'storage.cloud.example.com', name: 'x' },
    field: 'spec.owner.name',
    fieldPath: 'spec/owner/name',
    written: 'o',
    owner: { kind: owner, group: ownerGroup, name: 'p-o' },
  });
  const refs = [
    ref('StorageAccount', 'ResourceGroup', 'resources.cloud.example.com'),
    ref('StorageAccountsBlobService', 'StorageAccount', 'storage.cloud.example.com'),
    ref('StorageAccount', 'ResourceGroup', 'resources.cloud.example.com'),
  ];
  test('one entry per owner kind, each referring kind once; it teaches every reference it was written for', () => {
    const text = ownerConfigText(refs);
    const read = readNameReferences(text);
    assert.deepEqual(
      read.map((n) => `${n.kind} ${n.group}: ${n.fieldSpecs.map((f) => `${f.kind} ${f.group} ${f.path}`).join(', ')}`),
      [
        'ResourceGroup resources.cloud.example.com: StorageAccount storage.cloud.example.com spec/owner/name',
        'StorageAccount storage.cloud.example.com: StorageAccountsBlobService storage.cloud.example.com spec/owner/name',
      ],
    );
    for (const r of refs) assert.ok(isTaught(read, r));
    assert.ok(!isTaught(read, ref('StorageAccountsFileService', 'StorageAccount', 'storage.cloud.example.com')));
    assert.doesNotMatch(ownerConfigText(refs, '\r\n').replace(/\r\n/g, ''), /[\r\n]/);
  });
});
