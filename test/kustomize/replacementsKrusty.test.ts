// Kustomize's end-to-end tests of `replacements` (api/krusty/replacementtransformer_test.go of v5.5.0: its 9
// cases, test/fixtures/kustomize-krusty/replacementtransformer) through ours (krusty.ts): generated sources,
// a diamond of overlays, prefixes, namespaces, original names, `reject`, replacements read from files.
import { join } from 'node:path';
import { describe } from 'node:test';
import { krustyCases } from './krusty';

describe("Kustomize's replacementtransformer_test.go: our rendering is its expected output", () => {
  krustyCases(join(__dirname, '..', 'fixtures', 'kustomize-krusty', 'replacementtransformer'), 9);
});
