// `check_changes`: the files against their committed version at a ref (`check --base REF`), the problems of
// the change alone: write-once fields changed, updates the operator refuses, renames that delete data, CRD
// transition rules, and the files not compared (with why).
import { z } from '../sdk';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { McpContext } from '../context';
import { checkInput, jsonReport } from '../check';
import { PROBLEM, READ_ONLY } from '../schemas';
import { answer } from '../answer';

/** The codes of service/checks/changes/ (codes.ts): what a change against the committed version may be told. */
export const CHANGE_CODES: ReadonlySet<string> = new Set([
  'create-only-changed',
  'update-refused',
  'resource-renamed',
  'crd-transition-rule',
  'not-compared',
]);

export function registerChanges(server: McpServer, ctx: McpContext): void {
  server.registerTool(
    'check_changes',
    {
      title: 'Check changes against a git ref',
      description:
        'Compares files with their committed version at a git ref (default HEAD), as `cloud-manifests check --base REF`: fields the cloud takes only at creation that changed, owner or cloudName changes the operator refuses, renames of resources that hold data, and CRD transition rules (oldSelf). Only these problems are returned; `validate` gives all.',
      inputSchema: {
        paths: z.array(z.string()).min(1).describe('Files or folders inside the workspace roots.'),
        baseRef: z.string().optional().describe('A branch, tag, HEAD, HEAD~n or commit id (default HEAD).'),
      },
      outputSchema: {
        baseRef: z.string(),
        filesChecked: z.number().int(),
        problems: z.array(PROBLEM),
      },
      annotations: READ_ONLY,
    },
    async (input, extra) => {
      const baseRef = input.baseRef?.trim() || 'HEAD';
      const { result } = await checkInput(ctx, { paths: input.paths, baseRef }, extra.signal);
      const { json, problems } = jsonReport(result);
      return answer({
        baseRef,
        filesChecked: json.summary.filesChecked,
        problems: problems.filter((p) => CHANGE_CODES.has(p.code)),
      });
    },
  );
}
