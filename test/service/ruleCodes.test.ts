// Each rule reports only the codes it declares (the registry of codes, the documentation and `--fix`
// rely on the declaration), per-document and cross-file alike: every rule runs on every manifest of the
// fixtures and the examples, with a reporter that records what it reports. Each rule must report something
// there, so the check is not vacuous. (The audit runs the same on the operator's samples.)
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import type { Code } from '../../server/src/service/core/codes';
import { REPO, yamlFiles } from '../helpers/files';
import { crossFileCodes, perDocumentCodes, undeclared } from '../helpers/ruleCodes';

const sets = [
  join(REPO, 'test', 'fixtures', 'diagnostics'),
  join(REPO, 'test', 'fixtures', 'workspace'),
  join(REPO, 'examples'),
];

const assertDeclared = (reported: Map<{ codes: readonly Code[] }, Set<Code>>) => {
  for (const [rule, codes] of reported)
    assert.ok(codes.size > 0, `the rule of ${rule.codes.join(', ')} reports nothing on the fixtures`);
  assert.deepEqual(undeclared(reported), []);
};

test('each per-document rule reports only the codes it declares', () => {
  assertDeclared(perDocumentCodes(sets.flatMap(yamlFiles)));
});

test('each cross-file rule reports only the codes it declares', () => {
  // Each folder of cross-file fixtures is one workspace; the examples one more.
  const cases = join(REPO, 'test', 'fixtures', 'workspace');
  assertDeclared(crossFileCodes([...readdirSync(cases).map((c) => yamlFiles(join(cases, c))), yamlFiles(sets[2])]));
});
