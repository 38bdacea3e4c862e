// `cloud-manifests mcp`: a Model Context Protocol server over stdio for coding agents, on the official SDK.
// Its tools answer from the same language service as the CLI and the editor (mcp/check.ts runs `check`
// itself; explain and list_kinds read the hover's facts, render_kustomization the overlays' rendering):
// offline, read-only but for `fix` with `write: true`, and confined to the client's roots (roots.ts).
import { McpServer, StdioServerTransport } from './sdk';
import { VERSION } from '../cli/version';
import { contextOf } from './context';
import { registerResources } from './resources';
import { registerChanges } from './tools/changes';
import { registerCel } from './tools/cel';
import { registerFix } from './tools/fix';
import { registerKinds } from './tools/kinds';
import { registerRender } from './tools/render';
import { registerValidate } from './tools/validate';

const INSTRUCTIONS =
  'Checks Kubernetes-style manifests of the cloud operator (and CRDs, Kubernetes kinds, Kustomize overlays, Helm templates) offline. ' +
  'Call validate on the files you wrote before you finish; explain a field before writing it; fix applies only certain fixes.';

/** The server with every tool and resource registered, not yet connected. */
export function createMcpServer(cwd: string, env: NodeJS.ProcessEnv): McpServer {
  const server = new McpServer(
    { name: 'cloud-manifests', title: 'Cloud Resource Manifests', version: VERSION },
    { instructions: INSTRUCTIONS, capabilities: { tools: {}, resources: {} } },
  );
  const ctx = contextOf(server, cwd, env);
  registerValidate(server, ctx);
  registerChanges(server, ctx);
  registerFix(server, ctx);
  registerKinds(server, ctx);
  registerRender(server, ctx);
  registerCel(server, ctx);
  registerResources(server);
  return server;
}

/** Serves over standard input and output until the client closes them; resolves then. */
export async function serveMcp(cwd: string, env: NodeJS.ProcessEnv): Promise<number> {
  const server = createMcpServer(cwd, env);
  const transport = new StdioServerTransport();
  // The client closing standard input ends the session (the SDK's transport does not watch for it).
  const closed = new Promise<void>((resolve) => {
    server.server.onclose = () => resolve();
    process.stdin.on('end', () => resolve());
  });
  await server.connect(transport);
  await closed;
  await server.close();
  return 0;
}
