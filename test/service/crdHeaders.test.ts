// A bundle's CRDs are read for their headers without their schemas (service/checks/crd/kinds/sources.ts
// `withoutSchemaBodies`); the schema of a kind is read when the kind is first used. What the headers say
// (group, kind, list kind, versions, served, storage, deprecation, status subresource) must be what the
// whole document says, on every CRD the tests hold and on texts written to trip the cut.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import fc from 'fast-check';
import { CORE_SCHEMA, load } from 'js-yaml';
import { kindsOfCrd, readCrd } from '../../server/src/model/crd/kinds';
import { Analysis } from '../../server/src/service/analysis';
import { crdTextsOf, withoutSchemaBodies } from '../../server/src/service/checks/crd/kinds/sources';

const read = (t: string) => load(t, { schema: CORE_SCHEMA }) as Record<string, unknown>;
/** What a CRD's header says, its schemas left aside. */
const header = (value: Record<string, unknown>) => {
  const h = readCrd(value);
  return 'problem' in h ? h : { ...h, versions: h.versions.map((v) => ({ ...v, schema: undefined })) };
};
const sameHeader = (text: string, why: string) => {
  const cut = withoutSchemaBodies(text);
  assert.ok(cut !== undefined, `${why}: nothing left out`);
  assert.ok(cut.length < text.length, why);
  assert.deepEqual(header(read(cut)), header(read(text)), why);
};

test('crd headers: every CRD of the fixtures says the same without its schemas', () => {
  const root = join(__dirname, '..', 'fixtures', 'crds');
  let n = 0;
  for (const dir of readdirSync(root))
    for (const f of readdirSync(join(root, dir)).filter((x) => x.endsWith('.yaml')))
      for (const doc of crdTextsOf(readFileSync(join(root, dir, f), 'utf8'))) {
        const value = read(doc);
        if (value?.kind !== 'CustomResourceDefinition' || !/openAPIV3Schema:\s*\n/.test(doc)) continue;
        sameHeader(doc, `${dir}/${f}`);
        sameHeader(doc.replace(/\n/g, '\r\n'), `${dir}/${f} with CRLF`);
        n++;
      }
  assert.ok(n >= 4, `${n} CRDs`);
});

const TRICKY = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: gadgets.example.org
  annotations:
    note: |
      openAPIV3Schema:
      this is text
spec:
  group: example.org
  names: {kind: Gadget, plural: gadgets, listKind: GadgetBag}
  scope: Namespaced
  versions:
    - name: v2
      served: true
      storage: true
      schema:
        openAPIV3Schema: # the whole schema
          type: object
# a comment at column 0 inside the schema
          description: |
            A description whose text says

            openAPIV3Schema: and
            deprecated: true
          properties:
            spec: {type: object, properties: {size: {type: integer}}}
      subresources: {status: {}}
    - name: v1
      served: false
      storage: false
      deprecated: true
      deprecationWarning: use v2
      schema:
        openAPIV3Schema:
          type: object
          x-kubernetes-preserve-unknown-fields: true
`;

test('crd headers: comments, blank lines and look-alike text inside a schema do not end it early', () => {
  sameHeader(TRICKY, 'tricky');
  sameHeader(TRICKY.replace(/\n/g, '\r\n'), 'tricky with CRLF');
  const h = header(read(withoutSchemaBodies(TRICKY)!));
  assert.ok(!('problem' in h));
  assert.deepEqual(
    h.versions.map((v) => [v.name, v.served, v.storage, v.deprecated, v.statusSubresource]),
    [
      ['v2', true, true, undefined, true],
      ['v1', false, false, 'use v2', false],
    ],
  );
  // A flow-style schema has no body to leave out: the document is read whole.
  const flow =
    'apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nspec:\n  versions:\n    - name: v1\n      schema: {openAPIV3Schema: {type: object}}\n';
  assert.equal(withoutSchemaBodies(flow), undefined);
});

test('crd headers: the kinds of a bundle keep their schemas, read on first use; an edit of one CRD is seen', () => {
  const a = new Analysis();
  a.setCrdFile('file:///b/crds.yaml', TRICKY);
  a.applyCrds();
  const manifest = 'apiVersion: example.org/v2\nkind: Gadget\nmetadata: {name: g}\nspec: {size: big}\n';
  assert.deepEqual(
    a.fileDiagnostics('file:///m.yaml', a.parse(manifest)).map((d) => d.code),
    ['wrong-type'],
    'the schema, left out of the header, is read for the check',
  );
  a.setCrdFile('file:///b/crds.yaml', TRICKY.replace('size: {type: integer}', 'size: {type: string}'));
  assert.equal(a.applyCrds(), true);
  assert.deepEqual(
    a.fileDiagnostics('file:///m.yaml', a.parse(manifest)).map((d) => d.code),
    [],
  );
});

/** A CRD written in many ways: versions, comments and blank lines anywhere, look-alike text in descriptions. */
const crdText = fc
  .record({
    versions: fc.array(
      fc.record({
        name: fc.constantFrom('v1', 'v1beta1', 'v2alpha1', 'v3'),
        served: fc.boolean(),
        storage: fc.boolean(),
        deprecated: fc.boolean(),
        status: fc.boolean(),
        indent: fc.constantFrom(2, 4),
      }),
      { minLength: 1, maxLength: 3 },
    ),
    comments: fc.array(fc.tuple(fc.nat(), fc.constantFrom('# note', '', '  # deeper', '#openAPIV3Schema:')), {
      maxLength: 6,
    }),
    lookAlike: fc.constantFrom('openAPIV3Schema:', 'served: false', 'name: v9', '- name: v9'),
    crlf: fc.boolean(),
  })
  .map(({ versions, comments, lookAlike, crlf }) => {
    const lines = [
      'apiVersion: apiextensions.k8s.io/v1',
      'kind: CustomResourceDefinition',
      'metadata: {name: things.example.org}',
      'spec:',
      '  group: example.org',
      '  names: {kind: Thing, plural: things}',
      '  versions:',
    ];
    for (const v of versions) {
      const p = ' '.repeat(v.indent);
      lines.push(`  - name: ${v.name}`, `    served: ${v.served}`, `    storage: ${v.storage}`);
      if (v.deprecated) lines.push('    deprecated: true');
      lines.push('    schema:', '      openAPIV3Schema:');
      const body = [
        'type: object',
        'description: |',
        `${p}A description whose lines say`,
        `${p}${lookAlike}`,
        'properties:',
        `${p}spec: {type: object}`,
      ];
      for (const b of body) lines.push(`${' '.repeat(6 + v.indent)}${b}`);
      if (v.status) lines.push('    subresources: {status: {}}');
    }
    // Comments and blank lines (which YAML lets stand anywhere outside a block scalar) after the header lines.
    for (const [at, c] of comments) {
      const i = 7 + (at % (lines.length - 6));
      if (lines[i - 1]?.endsWith('|') || /^\s+(A description|openAPIV3Schema:|served|name|- name)/.test(lines[i] ?? ''))
        continue;
      lines.splice(i, 0, c);
    }
    return lines.join(crlf ? '\r\n' : '\n') + (crlf ? '\r\n' : '\n');
  });

test('crd headers: CRDs written in many ways say the same without their schemas (property)', () => {
  fc.assert(
    fc.property(crdText, (text) => {
      let whole: Record<string, unknown>;
      try {
        whole = read(text);
      } catch {
        return; // not YAML as generated: nothing to compare
      }
      const cut = withoutSchemaBodies(text);
      assert.ok(cut !== undefined);
      assert.deepEqual(header(read(cut)), header(whole), text);
    }),
    { numRuns: 300, seed: 24 },
  );
});

test('crd headers: the schemas of a CRD of many versions are read from its text once, not once per version', () => {
  const versions = Array.from(
    { length: 50 },
    (_, i) =>
      `    - name: v${i}\n      served: true\n      storage: ${i === 0}\n      schema:\n        openAPIV3Schema:\n          type: object\n          properties:\n            spec: {type: object, properties: {n${i}: {type: integer}}}\n`,
  ).join('');
  const text = `apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata: {name: manies.example.org}\nspec:\n  group: example.org\n  names: {kind: Many, plural: manies}\n  scope: Namespaced\n  versions:\n${versions}`;
  let reads = 0;
  const kinds = kindsOfCrd(read(withoutSchemaBodies(text) as string), 'file:///crd.yaml', () => {
    reads++;
    return read(text);
  });
  assert.equal(kinds.length, 50);
  // Each version's own schema, though the text is read once for all of them (quadratic otherwise).
  kinds.forEach((k, i) => assert.deepEqual(Object.keys(k.spec.fields), [`n${i}`]));
  assert.equal(reads, 1);
});
