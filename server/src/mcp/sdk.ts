// The MCP SDK and zod, as the MCP server uses them: every value import of either goes through this file,
// which the build makes a bundle of its own (dist/mcpSdk.js, scripts/build.mjs) that the CLI's and the
// language server's bundles require only when they serve MCP. So `check` and the language server never
// load (nor parse) the SDK, and the .vsix holds the language service once.
export { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
export { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
export { z } from 'zod';
