// The MCP server's bundle (dist/mcp.js), apart from the CLI's so that `check` does not load the SDK: run
// directly (`node dist/mcp.js`, as the VS Code extension registers it) it serves the folder it is started
// in over stdio; `cloud-manifests mcp` (dist/cli.js) loads it and calls `serveMcp`.
import { serveMcp } from './mcp/server';

export { serveMcp };

if (require.main === module) {
  serveMcp(process.cwd(), process.env).then(
    (code) => {
      process.exitCode = code;
    },
    (e: unknown) => {
      process.stderr.write(`cloud-manifests mcp: internal error: ${e instanceof Error ? e.message : String(e)}\n`);
      process.exitCode = 2;
    },
  );
}
