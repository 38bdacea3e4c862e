// What each rule reports when run on its own over manifests, for ruleCodes.test.ts (the repository's
// fixtures and examples) and the audit (the operator's samples): each rule must report only the codes it
// declares, which the registry of codes, the documentation and `--fix` rely on.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { isMap, isSeq, type YAMLMap } from 'yaml';
import type { Code } from '../../server/src/service/core/codes';
import { Reporter } from '../../server/src/service/core/diag';
import { parseFile } from '../../server/src/service/core/parse';
import { RULES } from '../../server/src/service/checks/rules';
import { identify } from '../../server/src/service/checks/identity';
import { checkFile, createWorkspaceIndex } from '../../server/src/service/workspace/checks';
import { CROSS_FILE_RULES } from '../../server/src/service/workspace/rules';
import { NO_OBJECT_FACTS, type CrossFileContext } from '../../server/src/service/workspace/rules/crossFileContext';
import { entry } from '../../server/src/service/core/yamlNodes';

/** The codes each per-document rule reports on every manifest of these files. */
export function perDocumentCodes(files: readonly string[]): Map<(typeof RULES)[number], Set<Code>> {
  const reported = new Map(RULES.map((r) => [r, new Set<Code>()]));
  for (const file of files) {
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
  return reported;
}

/**
 * The codes each cross-file rule reports, each list of files being one workspace; asserts on the way that
 * the registry (checkFile) reports nothing outside these rules.
 */
export function crossFileCodes(
  workspaces: readonly (readonly string[])[],
): Map<(typeof CROSS_FILE_RULES)[number], Set<Code>> {
  const reported = new Map(CROSS_FILE_RULES.map((r) => [r, new Set<Code>()]));
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
            objects: NO_OBJECT_FACTS,
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
  return reported;
}

/** `the rule of <codes> reports <code>` for each code a rule reported without declaring it. */
export const undeclared = (reported: Map<{ codes: readonly Code[] }, Set<Code>>): string[] =>
  [...reported].flatMap(([rule, codes]) =>
    [...codes].filter((c) => !rule.codes.includes(c)).map((c) => `the rule of ${rule.codes.join(', ')} reports ${c}`),
  );
