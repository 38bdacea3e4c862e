// Every code action offered on every diagnostic fixture and on examples/mistakes/, applied: the YAML still
// parses, the diagnostic is gone, nothing new is reported, only the fixed lines changed. The same for the
// fix-all set, and for CRLF copies of every file.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, test } from 'node:test';
import { parseAllDocuments, visit } from 'yaml';
import { applyEdits } from '../../server/src/service/core/edits';
import { codeActions } from '../../server/src/service/features/codeActions';
import { fixAllEdits } from '../../server/src/service/workspace/fixAll';
import { parseFile } from '../../server/src/service/core/parse';
import { validateFile } from '../../server/src/service/checks/validate';
import { verifyAction } from './verify';

const repo = join(__dirname, '..', '..');
const yamlFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((n) =>
    statSync(join(dir, n)).isDirectory() ? yamlFiles(join(dir, n)) : /\.ya?ml$/.test(n) ? [join(dir, n)] : [],
  );
const files = [
  ...yamlFiles(join(repo, 'test', 'fixtures', 'diagnostics')),
  ...yamlFiles(join(repo, 'examples', 'mistakes')),
];

describe('every offered fix, applied and validated again', () => {
  let offered = 0;
  for (const path of files) {
    for (const eol of ['\n', '\r\n']) {
      test(`${relative(repo, path)}${eol === '\r\n' ? ' (CRLF)' : ''}`, () => {
        const text = readFileSync(path, 'utf8').replace(/\r?\n/g, eol);
        const file = parseFile(text);
        const diags = validateFile(file);
        const actions = codeActions(file, diags);
        const problems: string[] = [];
        for (const a of actions) {
          offered++;
          const after = applyEdits(text, a.edits);
          if (eol === '\r\n' && /[^\r]\n/.test(after)) problems.push(`${a.title}: a bare LF in a CRLF file`);
          for (const p of verifyAction(text, diags, a)) problems.push(`${a.diag.code} "${a.title}": ${p}`);
        }
        // Every diagnostic at least can be disabled for its line (a syntax error is fixed, not silenced),
        // except on a line that continues a scalar (a PromQL or CEL expression over several lines), where no
        // comment line can go.
        for (const d of diags.filter((x) => x.code !== 'yaml-syntax' && !continuesScalar(text, x.start)))
          assert.ok(
            actions.some((a) => a.diag === d || a.also?.includes(d)),
            `no action for ${d.code}: ${d.message}`,
          );
        assert.deepEqual(problems, []);
        // Fix-all: parses, reports fewer problems, none new.
        const edits = fixAllEdits(file, diags);
        if (edits.length > 0) {
          const after = applyEdits(text, edits);
          const again = validateFile(parseFile(after));
          assert.ok(again.length < diags.length, 'fix-all fixes something');
          const before = new Set(diags.map((d) => `${d.code}:${d.message}`));
          for (const d of again)
            assert.ok(before.has(`${d.code}:${d.message}`), `fix-all made a new diagnostic ${d.code}: ${d.message}`);
        }
      });
    }
  }
  test('fixes are offered', () => assert.ok(offered > 100, `${offered} actions`));
});

/** Whether the line of `offset` is a continuation line of a scalar that began on an earlier line. */
function continuesScalar(text: string, offset: number): boolean {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  for (const doc of parseAllDocuments(text)) {
    let hit = false;
    visit(doc, {
      Scalar(_, node) {
        if (node.range && node.range[0] < lineStart && lineStart <= offset && offset < node.range[1]) hit = true;
      },
    });
    if (hit) return true;
  }
  return false;
}
