// The language server's entry point, as the extension starts it (`node dist/server.js --stdio`): a
// connection over the process's streams (lsp/transport.ts: a stream that falls out of step ends the
// process, so the client restarts it), the server built from it (lsp/startServer.ts), and what belongs to
// the process: V8's heap growth (lsp/heap.ts) and a last word on errors nothing else caught.
// With `--mcp` it is the MCP server instead (mcp/server.ts), as the extension registers it for agent mode
// (client/src/mcpServer.ts): the .vsix ships one bundle of the language service, not two, and the SDK beside it.
import { steadyHeap } from './lsp/heap';
import { startServer } from './lsp/startServer';
import type { ServerState } from './lsp/state';
import { createServerConnection } from './lsp/transport';

if (process.argv.includes('--mcp')) {
  // Loaded only here: the MCP SDK (dist/mcpSdk.js) is never loaded by the language server.
  import('./mcp/server')
    .then(({ serveMcp }) => serveMcp(process.cwd(), process.env))
    .then(
      (code) => {
        process.exitCode = code;
      },
      (e: unknown) => {
        process.stderr.write(`cloud-manifests mcp: internal error: ${e instanceof Error ? e.message : String(e)}\n`);
        process.exitCode = 2;
      },
    );
} else {
  steadyHeap();
  const running: { server?: ServerState } = {};
  const connection = createServerConnection(() => running.server?.life.shutdown ?? false);
  process.on('uncaughtException', (e) => connection.console.error(`cloud-manifests: uncaught ${e.stack ?? e}`));
  running.server = startServer(connection);
}
