// `list_kinds` and `explain`: the kinds a workspace root knows (mcp/kinds.ts) and a field of one, as the
// editor's hover tells it (service/host/kindFacts.ts).
import { z } from '../sdk';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { McpContext } from '../context';
import { explain, listKinds } from '../../service/host/kindFacts';
import { kubeDescriptions, rootKinds } from '../kinds';
import { confine } from '../roots';
import { READ_ONLY } from '../schemas';
import { answer } from '../answer';

const KIND_ENTRY = z.object({
  kind: z.string(),
  apiVersion: z.string(),
  version: z.string(),
  source: z.enum(['built-in', 'crd', 'kubernetes']),
  crd: z.object({ name: z.string(), uri: z.string().optional(), served: z.boolean(), storage: z.boolean() }).optional(),
});

const ROOT = z
  .string()
  .optional()
  .describe('The workspace root (folder) whose CRDs and settings count (default: the first root).');
const KUBERNETES_VERSION = z
  .string()
  .optional()
  .describe("The Kubernetes release whose kinds count, e.g. 1.31 (default: the settings', else 1.36).");

/** The root a call names (confined), else the first. */
async function rootOf(ctx: McpContext, root: string | undefined) {
  const roots = await ctx.roots();
  if (root !== undefined) return confine(roots, root).root;
  if (roots.length === 0) throw new Error('the client gave no workspace root: nothing may be read');
  return roots[0];
}

export function registerKinds(server: McpServer, ctx: McpContext): void {
  server.registerTool(
    'list_kinds',
    {
      title: 'List the known kinds',
      description:
        "Every kind the workspace knows: the operator's built-in kinds, the kinds of the CustomResourceDefinitions in the workspace (and its settings' crds), and, with kubernetes: true, Kubernetes' own kinds of the targeted release; each with its apiVersion, version and where it comes from.",
      inputSchema: {
        root: ROOT,
        kubernetes: z.boolean().optional().describe("Include Kubernetes' own kinds (Deployment, Service…)."),
        kubernetesVersion: KUBERNETES_VERSION,
      },
      outputSchema: {
        kinds: z.array(KIND_ENTRY),
        notRead: z.array(z.string()).describe('Files that could not be read for their CRDs, with why.'),
      },
      annotations: READ_ONLY,
    },
    async (input) => {
      const { kinds, domain, errors } = await rootKinds(await rootOf(ctx, input.root), input.kubernetesVersion);
      return answer({ kinds: listKinds(kinds, { domain, kubernetes: input.kubernetes }), notRead: errors });
    },
  );

  server.registerTool(
    'explain',
    {
      title: 'Explain a kind or a field',
      description:
        "What a field of a kind is, as the editor's hover says: its type, whether it is required, allowed values, default, limits, the groups of exclusive members, the fields it holds, CEL rules, description; and the kind's owner kinds. For the operator's kinds, the workspace's CRD kinds and Kubernetes' kinds. An empty field path explains the kind itself.",
      inputSchema: {
        kind: z.string().min(1).describe('The kind, e.g. StorageAccount or Deployment.'),
        apiVersion: z
          .string()
          .optional()
          .describe('Its apiVersion (default: the version the workspace knows; the newest stable for Kubernetes).'),
        field: z
          .string()
          .optional()
          .describe('A field path from the manifest root, e.g. spec.networkAcls.ipRules[].action (empty: the kind).'),
        root: ROOT,
        kubernetesVersion: KUBERNETES_VERSION,
      },
      outputSchema: {
        found: z.boolean(),
        reason: z.string().optional().describe('Why nothing was found, with what there is.'),
        kind: KIND_ENTRY.optional(),
        ownerKinds: z.array(z.string()).optional().describe('Kinds that may own it (spec.owner); "any" for any.'),
        ownedKinds: z.array(z.string()).optional().describe('Kinds it may own.'),
        field: z
          .object({
            path: z.string(),
            type: z.string(),
            required: z.boolean(),
            description: z.string(),
            enum: z.array(z.object({ value: z.string(), description: z.string().optional() })).optional(),
            default: z.union([z.string(), z.number(), z.boolean()]).optional(),
            defaultDescription: z.string().optional(),
            limits: z.array(z.string()),
            exclusive: z.array(z.object({ mode: z.enum(['exactlyOne', 'atMostOne']), members: z.array(z.string()) })),
            fields: z.array(z.object({ name: z.string(), type: z.string(), required: z.boolean() })),
            createOnly: z.boolean(),
            deprecated: z.string().optional(),
            rules: z.array(z.object({ rule: z.string(), message: z.string().optional() })),
          })
          .optional(),
        text: z.string().optional().describe("The editor's hover, as plain text."),
      },
      annotations: READ_ONLY,
    },
    async (input) => {
      const { kinds, domain } = await rootKinds(await rootOf(ctx, input.root), input.kubernetesVersion);
      const r = explain(kinds, {
        kind: input.kind,
        apiVersion: input.apiVersion,
        path: input.field ?? '',
        domain,
        descriptions: kubeDescriptions,
      });
      return answer(r);
    },
  );
}
