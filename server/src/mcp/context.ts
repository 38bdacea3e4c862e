// What every tool of the MCP server is given: the start folder and environment, and the roots of the call
// (roots.ts), asked of the client when it offers them.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { rootsOf, startRoot, type Root } from './roots';

export interface McpContext {
  /** The folder the server was started in: the root when the client gives none. */
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** The roots of a call: the client's (`roots/list`), else the start folder. */
  roots(): Promise<Root[]>;
}

/** How long the server waits for the client's roots before taking the start folder. */
const ROOTS_TIMEOUT_MS = 10_000;

export function contextOf(server: McpServer, cwd: string, env: NodeJS.ProcessEnv): McpContext {
  return {
    cwd,
    env,
    async roots() {
      if (!server.server.getClientCapabilities()?.roots) return startRoot(cwd);
      const listed = await server.server.listRoots(undefined, { timeout: ROOTS_TIMEOUT_MS });
      // A client that offers roots and lists none gives no folder: nothing may be read.
      return rootsOf(listed.roots.map((r) => r.uri));
    },
  };
}
