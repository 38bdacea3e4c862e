// The MCP SDK and zod are a bundle of their own, dist/mcpSdk.js (server/src/mcp/sdk.ts, every value import
// of them goes through it): in every other bundle an import of that file is left as a run-time require of
// ./mcpSdk.js beside it. The CLI and the language server load the MCP server only for `mcp` and `--mcp`
// (a dynamic import, which esbuild keeps lazy), so neither `check` nor the editor's server loads the SDK.

/** esbuild plugin: `./sdk` (or `../sdk`) imported from server/src/mcp/ becomes `require('./mcpSdk.js')`. */
export const mcpSdkExternal = {
  name: 'mcp-sdk-external',
  setup(b) {
    b.onResolve({ filter: /^(\.\.\/)*\.?\.?\/?sdk$/ }, (args) =>
      /[\\/]server[\\/]src[\\/]mcp([\\/]|$)/.test(args.resolveDir)
        ? { path: './mcpSdk.js', external: true }
        : undefined,
    );
  },
};
