// Each rule reports only the codes it declares (the registry of codes, the documentation and `--fix`
// rely on the declaration), per-document and cross-file alike: every rule runs on every manifest of the
// fixtures, the examples and the operator samples, with a reporter that records what it reports. Each
// rule must report something there, so the check is not vacuous.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from 'node:test';
import { isMap, isSeq, type YAMLMap } from 'yaml';
import type { Code } from '../../server/src/service/codes';
import { Reporter } from '../../server/src/service/diag';
import { parseFile } from '../../server/src/service/parse';
import { RULES } from '../../server/src/service/rules';
import { identify } from '../../server/src/service/identity';
import { checkFile } from '../../server/src/service/workspace/checks';
import { createWorkspaceIndex } from '../../server/src/service/workspace/checks';
import { CROSS_FILE_RULES } from '../../server/src/service/workspace/rules';
import type { CrossFileContext } from '../../server/src/service/workspace/rules/crossFileContext';
import { entry } from '../../server/src/service/yamlNodes';
import { CORPUS, REPO, yamlFiles } from '../helpers/files';

const sets = [
  join(REPO, 'test', 'fixtures', 'diagnostics'),
  join(REPO, 'test', 'fixtures', 'workspace'),
  join(REPO, 'examples'),
  ...(existsSync(CORPUS) ? [CORPUS] : []),
];

test('each per-document rule reports only the codes it declares', () => {
  const reported = new Map(RULES.map((r) => [r, new Set<Code>()]));
  for (const file of sets.flatMap(yamlFiles)) {
    for (const chunk of parseFile(readFileSync(file, 'utf8')).docs) {
      const doc = chunk.doc;
      const root = doc.contents;
      if (!isMap(root)) continue;
      const id = identify(root);
      if (id.status !== 'ok') continue;
      const items = id.list ? entry(root, 'items')?.value : undefined;
      const manifests: YAMLMap[] = id.list ? (isSeq(items) ? items.items.filter(isMap) : []) : [root];
      for (const m of manifests) {
        for (const rule of RULES) {
          if (rule.kinds && !rule.kinds.includes(id.def.kind)) continue;
          const out = new Reporter();
          rule.check({ def: id.def, doc, root: m, out, text: chunk.text });
          for (const d of out.diags) reported.get(rule)!.add(d.code);
        }
      }
    }
  }
  for (const [rule, codes] of reported) {
    const name = rule.codes.join(', ');
    assert.ok(codes.size > 0, `the rule of ${name} reports nothing on the fixtures`);
    for (const code of codes) assert.ok(rule.codes.includes(code), `the rule of ${name} reports ${code}`);
  }
});

test('each cross-file rule reports only the codes it declares', () => {
  const reported = new Map(CROSS_FILE_RULES.map((r) => [r, new Set<Code>()]));
  // Each folder of cross-file fixtures is one workspace; the examples and the samples one each.
  const cases = join(REPO, 'test', 'fixtures', 'workspace');
  const workspaces = [...readdirSync(cases).map((c) => yamlFiles(join(cases, c))), ...sets.slice(2).map(yamlFiles)];
  for (const files of workspaces) {
    const index = createWorkspaceIndex();
    for (const f of files) index.setText(pathToFileURL(f).href, readFileSync(f, 'utf8'));
    for (const f of files) {
      const uri = pathToFileURL(f).href;
      const indexed = index.get(uri)!;
      for (const rule of CROSS_FILE_RULES) {
        for (const m of indexed.manifests) {
          if (rule.kinds && !rule.kinds.includes(m.kind)) continue;
          const ctx: CrossFileContext = {
            index,
            uri,
            scope: indexed.scope,
            m,
            reportMissing: true,
            report: (code) => void reported.get(rule)!.add(code),
            where: () => 'there',
          };
          rule.check(ctx);
        }
      }
      // The registry runs the same rules: nothing reported outside them.
      const all = new Set(CROSS_FILE_RULES.flatMap((r) => r.codes));
      for (const d of checkFile(index, uri, { complete: true })) assert.ok(all.has(d.code), d.code);
    }
  }
  for (const [rule, codes] of reported) {
    const name = rule.codes.join(', ');
    assert.ok(codes.size > 0, `the rule of ${name} reports nothing on the fixtures`);
    for (const code of codes) assert.ok(rule.codes.includes(code), `the rule of ${name} reports ${code}`);
  }
});
