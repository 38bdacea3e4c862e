// Kustomize's end-to-end tests (api/krusty/*_test.go of Kustomize v5.5.0, the one kubectl 1.32 embeds) ported
// as fixtures: under test/fixtures/kustomize-krusty/<test file>/, one folder per test, its files as the test
// writes them, `case.json` naming the folder built and the error expected, `expected.out.yaml` the output.
// Each case: our rendered resources are the test's expected ones, rendered with certainty, or our one Error
// on the kustomization built carries kubectl's words; with kubectl on PATH, kubectl agrees with the fixture
// (it is v5.5.0's behaviour, not our reading of it).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { test } from 'node:test';
import { parseAllDocuments } from 'yaml';
import { Analysis } from '../../server/src/service/analysis';
import { severityOf } from '../../server/src/service/core/diag';
import { renderKustomization, type JsonObject } from '../../server/src/service/workspace/kustomize/render';
import { hasKubectl } from '../helpers/kubectl';

const read = (uri: string): string | undefined => {
  const path = fileURLToPath(uri);
  return existsSync(path) && statSync(path).isFile() ? readFileSync(path, 'utf8') : undefined;
};
const docs = (text: string): JsonObject[] =>
  parseAllDocuments(text)
    .map((d) => d.toJS() as JsonObject)
    .filter((d) => d !== null && d !== undefined);
const key = (r: JsonObject) => {
  const m = (r.metadata ?? {}) as JsonObject;
  return `${String(r.apiVersion)} ${String(r.kind)} ${String(m.namespace ?? '')}/${String(m.name)}`;
};
const sorted = (rs: JsonObject[]) => [...rs].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
const filesIn = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesIn(join(dir, e.name)) : e.name.endsWith('.yaml') ? [join(dir, e.name)] : [],
  );
const kubectl = (dir: string) => spawnSync('kubectl', ['kustomize', dir], { encoding: 'utf8' });

/**
 * A test per case of `folder` (`count` of them). `notRendered`: cases whose build asks for what is not
 * rendered here, by what ours must name as the reason it is not sure (never a difference).
 */
export function krustyCases(folder: string, count: number, notRendered: Record<string, string> = {}): void {
  const cases = readdirSync(folder).sort();
  test(`all ${count} cases are here`, () => assert.equal(cases.length, count));
  for (const name of cases) {
    test(name, () => {
      const dir = join(folder, name);
      const c = JSON.parse(readFileSync(join(dir, 'case.json'), 'utf8')) as { root: string; error?: string };
      const root = join(dir, c.root);
      const uri = pathToFileURL(join(root, 'kustomization.yaml')).href;
      if (c.error !== undefined) {
        // The error as the user sees it: an Error on the kustomization built, in kubectl's words.
        const a = new Analysis();
        for (const f of filesIn(dir)) a.indexFile(pathToFileURL(f).href, readFileSync(f, 'utf8'));
        const errors = a
          .fileDiagnostics(uri, undefined, { complete: true })
          .filter((d) => severityOf(d) === 'error')
          .map((d) => `${d.code} ${d.message}`);
        assert.equal(errors.length, 1, errors.join('\n'));
        assert.ok(errors[0].includes(c.error), errors[0]);
        if (hasKubectl) {
          const real = kubectl(root);
          assert.notEqual(real.status, 0);
          assert.ok(real.stderr.includes(c.error), real.stderr);
        }
        return;
      }
      const expected = sorted(docs(readFileSync(join(dir, 'expected.out.yaml'), 'utf8')));
      const ours = renderKustomization(uri, read);
      assert.deepEqual(ours.errors, []);
      if (notRendered[name]) {
        assert.ok(
          ours.unsure.some((u) => u !== undefined && u.includes(notRendered[name])),
          'said not sure',
        );
        return;
      }
      assert.deepEqual(
        ours.unsure.filter((u) => u !== undefined),
        [],
        'rendered with certainty',
      );
      assert.deepEqual(sorted(ours.resources), expected);
      if (hasKubectl) {
        const real = kubectl(root);
        assert.equal(real.status, 0, real.stderr);
        assert.deepEqual(sorted(docs(real.stdout)), expected, 'kubectl agrees with the fixture');
      }
    });
  }
}
