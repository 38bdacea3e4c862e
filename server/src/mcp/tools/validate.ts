// `validate`: the problems of files (or of a manifest given inline) exactly as `check --format json` reports
// them, each with its certain fix.
import { z } from '../sdk';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { McpContext } from '../context';
import { checkInput, jsonReport } from '../check';
import { PROBLEM, READ_ONLY, SUMMARY } from '../schemas';
import { answer } from '../answer';

export const CHECK_INPUT = {
  paths: z
    .array(z.string())
    .optional()
    .describe('Files or folders to check together, relative to the first workspace root or absolute inside a root.'),
  content: z.string().optional().describe('A manifest text to check instead of files (one or more YAML documents).'),
  fileName: z
    .string()
    .optional()
    .describe('The name the inline content is reported under (e.g. storage/account.yaml).'),
  kubernetesVersion: z
    .string()
    .optional()
    .describe(
      'The Kubernetes release the manifests are applied to, e.g. 1.31 (default: the settings file, else 1.36).',
    ),
  baseRef: z
    .string()
    .optional()
    .describe(
      "The git ref each file is compared with for the change checks (default HEAD or the settings' compareWith; empty: none).",
    ),
};

export function registerValidate(server: McpServer, ctx: McpContext): void {
  server.registerTool(
    'validate',
    {
      title: 'Validate manifests',
      description:
        "Checks cloud resource manifests, CRDs' custom resources, Kubernetes manifests, Kustomize overlays and Helm templates offline, as `cloud-manifests check --format json` does: every problem with its code, severity, range (1-based) and message, and the fix's edits where exactly one fix is certain. Give paths (files or folders, checked together as one workspace) or inline content.",
      inputSchema: CHECK_INPUT,
      outputSchema: {
        summary: SUMMARY,
        problems: z.array(PROBLEM),
        notChecked: z.array(z.string()).describe('Files that could not be read, with why.'),
      },
      annotations: READ_ONLY,
    },
    async (input, extra) => {
      const { result } = await checkInput(ctx, input, extra.signal);
      const { json, problems } = jsonReport(result);
      const { errors, warnings, info, hints, filesWithProblems, filesChecked } = json.summary;
      return answer({
        summary: { errors, warnings, info, hints, filesWithProblems, filesChecked },
        problems,
        notChecked: result.notChecked,
      });
    },
  );
}
