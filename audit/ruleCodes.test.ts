// Each rule reports only the codes it declares on the operator's samples too (test/service/ruleCodes.test.ts
// does it on the repository's fixtures and examples, where each rule also must report something).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { crossFileCodes, perDocumentCodes, undeclared } from '../test/helpers/ruleCodes';
import { CORPUS, yamlFiles } from './shared';

test('on the operator samples, each per-document rule reports only the codes it declares', () => {
  assert.deepEqual(undeclared(perDocumentCodes(yamlFiles(CORPUS))), []);
});

test('on the operator samples as one workspace, each cross-file rule reports only the codes it declares', () => {
  assert.deepEqual(undeclared(crossFileCodes([yamlFiles(CORPUS)])), []);
});
