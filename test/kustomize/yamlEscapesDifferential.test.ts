// Double-quoted YAML escapes against kubectl (go-yaml, as the API server reads YAML): on generated strings,
// a syntax error from us exactly when `kubectl kustomize` refuses the file, and otherwise the value it reads
// (`\'` is a single quote to go-yaml, an error to YAML 1.2). Without kubectl: skipped with the reason, except
// under CI, where it fails naming the install step.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import fc from 'fast-check';
import { isMap, parse } from 'yaml';
import { parseFile } from '../../server/src/service/core/parse';
import { inCI } from '../editors/tools';
import { hasKubectl, KUBECTL_INSTALL } from '../helpers/kubectl';
import { validateText } from '../helpers/validate';

const configMap = (quoted: string) =>
  `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cfg\ndata:\n  k: ${quoted}\n`;

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
    skip: hasKubectl || inCI ? false : `skipped: ${KUBECTL_INSTALL}`,
  },
  () => {
    assert.ok(hasKubectl, KUBECTL_INSTALL);
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
