// `eval_cel`: a CEL rule (or the rules a CRD's schema puts on a value) run on a manifest, and an old one for
// transition rules, as the API server runs `x-kubernetes-validations` (service/host/evalRule.ts).
import { parseDocument } from 'yaml';
import { z } from '../sdk';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { McpContext } from '../context';
import { evalRule } from '../../service/host/evalRule';
import { DEFAULT_MAX_FILE_BYTES } from '../../io/read';
import { rootKinds } from '../kinds';
import { READ_ONLY } from '../schemas';
import { answer } from '../answer';

/** The first YAML document of a text as data; a tool error when it does not parse. */
function manifestOf(text: string, what: string): unknown {
  if (text.length > DEFAULT_MAX_FILE_BYTES) throw new Error(`${what} is larger than the size cap (10 MB)`);
  const doc = parseDocument(text, { uniqueKeys: true });
  if (doc.errors.length > 0) throw new Error(`${what} is not valid YAML: ${doc.errors[0].message.split('\n')[0]}`);
  // Aliases expanded at most as the checks expand them: a billion laughs stops here.
  return doc.toJS({ maxAliasCount: 100 });
}

export function registerCel(server: McpServer, ctx: McpContext): void {
  server.registerTool(
    'eval_cel',
    {
      title: 'Evaluate a CEL validation rule',
      description:
        "Runs a CEL expression, or every x-kubernetes-validations rule a CRD's schema puts on a value, against a manifest (and an old manifest for transition rules that read oldSelf), as the API server does: the same libraries, `self` typed by the kind's schema when the workspace knows the kind, and the API server's cost limits. Each rule's verdict: holds, fails (with the API server's message), error, invalid, or notRun (with why).",
      inputSchema: {
        manifest: z.string().min(1).describe('The manifest (YAML) the rule runs on.'),
        oldManifest: z.string().optional().describe('The object as stored before the change, for transition rules.'),
        rule: z.string().optional().describe("A CEL expression (default: the kind's own rules at the path)."),
        message: z.string().optional(),
        messageExpression: z.string().optional(),
        path: z
          .string()
          .optional()
          .describe('The field path of the value `self` is, e.g. spec or spec.template (default: the root).'),
      },
      outputSchema: {
        typed: z.boolean().describe("Whether self was typed by the kind's schema."),
        path: z.string(),
        results: z.array(
          z.object({
            rule: z.string(),
            outcome: z.enum(['holds', 'fails', 'error', 'invalid', 'notRun']),
            message: z.string().optional(),
          }),
        ),
        note: z.string().optional(),
      },
      annotations: READ_ONLY,
    },
    async (input) => {
      const roots = await ctx.roots();
      if (roots.length === 0) throw new Error('the client gave no workspace root: nothing may be read');
      const { kinds } = await rootKinds(roots[0]);
      const r = evalRule(kinds, {
        rule: input.rule,
        message: input.message,
        messageExpression: input.messageExpression,
        manifest: manifestOf(input.manifest, 'manifest'),
        oldManifest: input.oldManifest === undefined ? undefined : manifestOf(input.oldManifest, 'oldManifest'),
        path: input.path,
      });
      return answer({ ...r });
    },
  );
}
