// `render_kustomization`: an overlay rendered as `kubectl kustomize` renders it, by the rendering the
// overlays' checks use (service/host/overlays.ts), reading files only inside the overlay's root (as the
// CLI reads what a rendering needs: cli/renderReads.ts), with the problems that stop (or may stop) the build.
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { stringify } from 'yaml';
import { z } from '../sdk';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { McpContext } from '../context';
import { createHost } from '../../service/analysis';
import { LineIndex } from '../../service/core/lineIndex';
import { maxFileBytes } from '../../service/core/settings';
import { plainText } from '../../service/core/plainText';
import { loadSettings } from '../../cli/config';
import { renderReader } from '../../cli/renderReads';
import { displayPath } from '../../io/files';
import { confine } from '../roots';
import { READ_ONLY } from '../schemas';
import { answer } from '../answer';

/** The names kubectl looks for in a folder, in its order. */
const KUSTOMIZATION_NAMES = ['kustomization.yaml', 'kustomization.yml', 'Kustomization'];

export function registerRender(server: McpServer, ctx: McpContext): void {
  server.registerTool(
    'render_kustomization',
    {
      title: 'Render a Kustomize overlay',
      description:
        'Renders a Kustomize overlay offline as `kubectl kustomize` builds it (resources, bases, patches, name prefixes and suffixes, namespaces, labels, images…): the rendered resources as YAML and as data, and what stops kubectl from building it (an error) or may (unsure: generators, components and remote bases are not rendered).',
      inputSchema: {
        path: z.string().min(1).describe('The overlay folder (or its kustomization file), inside the workspace roots.'),
      },
      outputSchema: {
        kustomization: z.string(),
        yaml: z.string().describe('The rendered resources, one YAML document each.'),
        resources: z.array(z.record(z.string(), z.unknown())),
        errors: z.array(
          z.object({
            file: z.string(),
            line: z.number().int(),
            column: z.number().int(),
            endLine: z.number().int(),
            endColumn: z.number().int(),
            code: z.string(),
            message: z.string(),
            certain: z.boolean().describe('true: kubectl refuses to build; false: it may.'),
          }),
        ),
      },
      annotations: READ_ONLY,
    },
    async (input) => {
      const { path, root } = confine(await ctx.roots(), input.path);
      const file = statSync(path).isDirectory()
        ? KUSTOMIZATION_NAMES.map((n) => join(path, n)).find((p) => existsSync(p))
        : path;
      if (!file) throw new Error(`no kustomization.yaml, kustomization.yml or Kustomization in ${input.path}`);
      const { settings } = loadSettings(root.path, { rules: {} });
      const read = renderReader(root.path, maxFileBytes(settings));
      const host = createHost({ settings, readUnindexed: read });
      const rendered = host.overlay(pathToFileURL(file).href).rendered();
      const errors = rendered.errors.map((e) => {
        const lines = new LineIndex(read(e.uri) ?? '');
        const s = lines.positionAt(e.span[0]);
        const t = lines.positionAt(e.span[1]);
        const where = e.uri.startsWith('file:') ? displayPath(root.path, fileURLToPath(e.uri)) : e.uri;
        return {
          file: where,
          line: s.line + 1,
          column: s.character + 1,
          endLine: t.line + 1,
          endColumn: t.character + 1,
          code: e.code,
          message: plainText(e.message),
          certain: !e.unsure,
        };
      });
      const yaml = rendered.resources.map((r) => stringify(r, { lineWidth: 0 })).join('---\n');
      return answer({ kustomization: displayPath(root.path, file), yaml, resources: rendered.resources, errors });
    },
  );
}
