// Kustomize's own table of the replacement filter (api/filters/replacement/replacement_test.go of Kustomize
// v5.5.0, the one kubectl 1.32 embeds: its 46 cases, read from test/fixtures/kustomize/replacement-filter)
// run through ours (service/workspace/kustomize/replacements.ts): where Kustomize's test expects an error,
// ours fails with kubectl's words; where it expects an output, ours is the same resources, rendered with
// certainty. The build annotations of previous ids that
// Kustomize's resources carry are the ids a rendered resource had (render.ts keeps them beside it).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { parseAllDocuments, parse } from 'yaml';
import type { Json, JsonObject } from '../../server/src/service/workspace/kustomize/jsonPatch';
import { runReplacements, type ReplacementResource } from '../../server/src/service/workspace/kustomize/replacements';

interface Case {
  name: string;
  input: string;
  replacements: string;
  expected?: string;
  expectedErr?: string;
}
const { cases } = JSON.parse(
  readFileSync(join(__dirname, '..', 'fixtures', 'kustomize', 'replacement-filter', 'cases.json'), 'utf8'),
) as { cases: Case[] };

const docs = (text: string): JsonObject[] =>
  parseAllDocuments(text)
    .map((d) => d.toJS() as JsonObject)
    .filter((d) => d !== null && d !== undefined);

function resourcesOf(text: string): ReplacementResource[] {
  return docs(text).map((value) => {
    const a = ((value.metadata as JsonObject | undefined)?.annotations ?? {}) as Record<string, string>;
    const names = a['internal.config.kubernetes.io/previousNames']?.split(',');
    if (!names) return { value };
    const ns = a['internal.config.kubernetes.io/previousNamespaces']?.split(',') ?? [];
    const kinds = a['internal.config.kubernetes.io/previousKinds']?.split(',') ?? [];
    return { value, previous: names.map((name, i) => ({ name, namespace: ns[i], kind: kinds[i] })) };
  });
}

describe("Kustomize's replacement filter table: our replacements do what its tests expect", () => {
  test('the whole table is here', () => assert.equal(cases.length, 46));
  for (const c of cases)
    test(c.name, () => {
      const list = ((parse(c.replacements) as { replacements?: Json[] } | null)?.replacements ?? []) as Json[];
      const got = runReplacements(resourcesOf(c.input), list, false);
      if (c.expectedErr !== undefined) {
        assert.ok(got.failure, `Kustomize fails with "${c.expectedErr}"; ours does not fail`);
        assert.equal(got.failure.unsure, false, 'a certain failure');
        assert.ok(
          got.failure.kubectl.includes(c.expectedErr) || got.failure.message.includes(c.expectedErr),
          `Kustomize: ${c.expectedErr}\nours: ${got.failure.kubectl}`,
        );
        return;
      }
      assert.equal(got.failure, undefined, `Kustomize builds it; ours: ${got.failure?.message}`);
      assert.deepEqual(
        got.unsure.filter((u) => u !== undefined),
        [],
        'reproduced with certainty',
      );
      assert.deepEqual(got.values, docs(c.expected ?? ''));
    });
});
