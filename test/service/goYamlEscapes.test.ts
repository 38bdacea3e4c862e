// `\'` in a double-quoted scalar is read by go-yaml (kubectl, the API server) as a single quote, though
// YAML 1.2 has no such escape: the Kubernetes documentation writes it, and it must be no error here, with
// the value go-yaml reads. Every other escape is an error exactly when kubectl refuses it (differential
// test on generated strings, against `kubectl kustomize`).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import fc from 'fast-check';
import { isMap, parse } from 'yaml';
import { parseFile } from '../../server/src/service/core/parse';
import { hasKubectl, KUBECTL_INSTALL } from '../helpers/kubectl';
import { validateText } from '../helpers/validate';

const configMap = (quoted: string, name = 'cfg') =>
  `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${name}\ndata:\n  k: ${quoted}\n`;

test("`\\'` in a double-quoted string: no syntax error, and the value holds a single quote", () => {
  const text = configMap(`"echo \\"DB_ADDRESS=\\'address\\'\\" > /data/config.env"`);
  assert.deepEqual(
    validateText(text).map((d) => `${d.code} ${d.message}`),
    [],
  );
  // The value as go-yaml reads it shows in the message about the name it is written in.
  const named = validateText(configMap('x', `"a\\'b"`)).filter((d) => d.code === 'pattern');
  assert.equal(named.length, 1);
  assert.match(named[0].message, /"a'b"/);
});

test('an escape go-yaml refuses too stays a syntax error', () => {
  const codes = validateText(configMap('"x\\qy"')).map((d) => d.code);
  assert.deepEqual(codes, ['yaml-syntax']);
});

/** Our reading of `data.k`: undefined when we report a syntax error. */
function ours(text: string): string | undefined {
  if (validateText(text).some((d) => d.code === 'yaml-syntax')) return undefined;
  const contents = parseFile(text).docs[0].doc.contents;
  const data = isMap(contents) ? contents.get('data') : undefined;
  const value = isMap(data) ? data.get('k') : undefined;
  return typeof value === 'string' ? value : String(value);
}

/** kubectl's reading of `data.k` (`kubectl kustomize` of the file): undefined when it refuses the file. */
function kubectls(dir: string, text: string): string | undefined {
  writeFileSync(join(dir, 'cm.yaml'), text);
  const r = spawnSync('kubectl', ['kustomize', dir], { encoding: 'utf8' });
  if (r.status !== 0) return undefined;
  return (parse(r.stdout) as { data: { k: string } }).data.k;
}

test(
  'double-quoted escapes: an error exactly when kubectl refuses, the value kubectl reads',
  {
    skip: hasKubectl ? false : `skipped: ${KUBECTL_INSTALL}`,
  },
  () => {
    const dir = mkdtempSync(join(tmpdir(), 'dq-escapes-'));
    try {
      writeFileSync(join(dir, 'kustomization.yaml'), 'resources:\n- cm.yaml\n');
      // Not `\/`: kubectl's go-yaml (v2) refuses it where YAML 1.2 and go-yaml v3 take it; we accept it (a
      // missing error, never a false one).
      const piece = fc.constantFrom(
        "\\'",
        '\\\\',
        '\\"',
        '\\q',
        '\\x41',
        '\\u00e9',
        '\\t',
        '\\n',
        '\\ ',
        "'",
        'a',
        ' ',
        '\n    b',
        '\\\n    c',
      );
      fc.assert(
        fc.property(fc.array(piece, { minLength: 1, maxLength: 6 }), (pieces) => {
          const text = configMap(`"${pieces.join('')}"`);
          assert.deepEqual(ours(text), kubectls(dir, text), text);
        }),
        { numRuns: 40, seed: 44 },
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
);
