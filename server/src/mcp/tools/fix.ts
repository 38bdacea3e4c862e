// `fix`: the certain fixes of files (the editor's fix-all, `check --fix`), returned as edits; written only
// with `write: true`, through `check --fix`'s own write (cli/fix.ts: atomic, refused when the file changed
// since it was read, only inside the roots).
import { z } from '../sdk';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { McpContext } from '../context';
import { checkInput, editOf } from '../check';
import { EDIT } from '../schemas';
import { answer } from '../answer';
import { fixWorkspace, lineOps } from '../../cli/fix';
import { fixText } from '../../service/host/fixAll';
import type { LineIndex } from '../../service/core/lineIndex';
import type { Edit } from '../../service/core/edits';

/** The edits turning `before` into `after`: each run of changed lines replaced (line operations of the diff). */
function lineEdits(before: string, after: string, lines: LineIndex): Edit[] {
  const a = before.split('\n');
  const ops = lineOps(a, after.split('\n'));
  const edits: Edit[] = [];
  let line = 0;
  for (let k = 0; k < ops.length;) {
    if (ops[k][0] === ' ') {
      line++;
      k++;
      continue;
    }
    const from = line;
    const added: string[] = [];
    for (; k < ops.length && ops[k][0] !== ' '; k++) {
      if (ops[k][0] === '-') line++;
      else added.push(ops[k][1]);
    }
    const start = lines.offsetAt({ line: from, character: 0 });
    const end = line < a.length ? lines.offsetAt({ line, character: 0 }) : before.length;
    const text = added.map((l) => `${l}\n`).join('');
    // The last line of a text without a final newline keeps having none.
    edits.push({ start, end, newText: line >= a.length && !after.endsWith('\n') ? text.slice(0, -1) : text });
  }
  return edits;
}

export function registerFix(server: McpServer, ctx: McpContext): void {
  server.registerTool(
    'fix',
    {
      title: 'Fix the certain problems',
      description:
        "The fixes that are certain (the editor's fix-all, `cloud-manifests check --fix`: enum case, quoting, seconds, a single did-you-mean), returned as edits per file. Nothing is written unless `write` is true; then the files are written as `check --fix` writes them (refused when a file changed since it was read).",
      inputSchema: {
        paths: z.array(z.string()).min(1).describe('Files or folders inside the workspace roots.'),
        write: z.boolean().optional().describe('Write the fixes into the files (default false: only return them).'),
      },
      outputSchema: {
        written: z.boolean(),
        fixed: z.number().int().describe('Problems fixed (or that would be).'),
        files: z.array(z.object({ file: z.string(), edits: z.array(EDIT) })),
        notFixed: z.array(z.string()).describe('Files left as they are, with why.'),
      },
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    async (input, extra) => {
      const { result, roots } = await checkInput(ctx, { paths: input.paths }, extra.signal);
      const { run } = result;
      const files: { file: string; edits: ReturnType<typeof editOf>[] }[] = [];
      const notFixed: string[] = [];
      let fixed = 0;
      run.workspace.files.forEach((file, i) => {
        const before = file.parsed.text;
        const entry = run.host.file(run.uris[i]).entry(before);
        if (entry === 'tooLarge' || entry === 'unread') return;
        const r = fixText(run.host, run.uris[i], before);
        if (r.unparsable) {
          if (r.fixesIfParsed) notFixed.push(`${file.display}: not fixed, it does not parse`);
          return;
        }
        if (r.fixed === 0 || r.text === before) return;
        fixed += r.fixed;
        files.push({
          file: file.display,
          edits: lineEdits(before, r.text, file.parsed.lines).map((e) => editOf(file.parsed.lines, e)),
        });
      });
      if (!input.write) return answer({ written: false, fixed, files, notFixed });
      const w = fixWorkspace(run, 'write', { roots: roots.map((r) => r.real) });
      return answer({
        written: w.files > 0,
        fixed: w.fixed,
        files,
        notFixed: [...notFixed, ...w.skipped, ...w.notWritten],
      });
    },
  );
}
