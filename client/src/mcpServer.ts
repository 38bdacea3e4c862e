// The MCP server (dist/server.js --mcp) registered with VS Code, so that agent mode lists its tools with nothing to
// configure. The API arrived in VS Code 1.101 and this extension runs on 1.91 and later: the types below
// are the few it uses, declared here (the @types/vscode of engines.vscode has none), and the registration
// is skipped where the running VS Code lacks the API.
import * as vscode from 'vscode';

/** `vscode.McpStdioServerDefinition` (VS Code 1.101). */
interface McpStdioServerDefinition {
  cwd?: vscode.Uri;
}
type McpStdioServerDefinitionClass = new (
  label: string,
  command: string,
  args?: string[],
  env?: Record<string, string | number | null>,
  version?: string,
) => McpStdioServerDefinition;

/** `vscode.lm.registerMcpServerDefinitionProvider` (VS Code 1.101). */
interface McpLm {
  registerMcpServerDefinitionProvider(
    id: string,
    provider: { provideMcpServerDefinitions(): McpStdioServerDefinition[] },
  ): vscode.Disposable;
}

/** The provider's id, as `contributes.mcpServerDefinitionProviders` in package.json declares it. */
export const MCP_PROVIDER_ID = 'cloudManifests.mcp';

/**
 * Registers the MCP server: Node as VS Code runs extensions (its own executable as Node), the language
 * server's bundle with `--mcp` (the .vsix holds one bundle of the service), in the first workspace folder
 * (the client's roots tell the server the others). Undefined where VS Code has no such API.
 */
export function registerMcpServer(extensionPath: string, version: string): vscode.Disposable | undefined {
  try {
    const api = vscode as unknown as { lm?: Partial<McpLm>; McpStdioServerDefinition?: McpStdioServerDefinitionClass };
    const Definition = api.McpStdioServerDefinition;
    const lm = api.lm;
    if (typeof lm?.registerMcpServerDefinitionProvider !== 'function' || typeof Definition !== 'function')
      return undefined;
    const server = vscode.Uri.joinPath(vscode.Uri.file(extensionPath), 'dist', 'server.js').fsPath;
    return register(lm as McpLm, Definition, server, version);
  } catch {
    // VS Code 1.100 has the API as a proposal, which throws for an extension that did not enable it.
    return undefined;
  }
}

/** The provider of the one definition, given again whenever VS Code asks (its workspace folders may change). */
function register(
  lm: McpLm,
  Definition: McpStdioServerDefinitionClass,
  server: string,
  version: string,
): vscode.Disposable {
  return lm.registerMcpServerDefinitionProvider(MCP_PROVIDER_ID, {
    provideMcpServerDefinitions() {
      const def = new Definition(
        'Cloud Resource Manifests',
        process.execPath,
        [server, '--mcp'],
        { ELECTRON_RUN_AS_NODE: '1' },
        version,
      );
      const folder = vscode.workspace.workspaceFolders?.[0];
      if (folder?.uri.scheme === 'file') def.cwd = folder.uri;
      return [def];
    },
  });
}
