// The MCP server as VS Code finds it (issue 49): with the packaged extension installed and nothing configured,
// "MCP: List Servers" lists "Cloud Resource Manifests"; started from there, VS Code runs it (the extension
// host's Node on the .vsix's dist/server.js --mcp) and discovers as many tools as the server offers an SDK
// client. VS Code has the provider API from 1.101 and code-server 4.101 and later need Node 22, so this suite
// runs the second code-server install.sh sets up (4.103.2 on Node 22, MCP_CODE_SERVER); the other suites keep
// 4.100.3. Screenshots go to test-results/code-server-mcp/. Without the install it fails, naming the command.
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { MCP_CODE_SERVER } from '../../scripts/code-server/codeServer';
import { nbsp, repo, workbenchSuite } from './session';

const RESULTS = join(repo, 'test-results', 'code-server-mcp');
/** The label client/src/mcpServer.ts gives the definition. */
const LABEL = 'Cloud Resource Manifests';

describe('the MCP server in a real VS Code workbench (code-server 4.103 + chromium)', { timeout: 600_000 }, () => {
  const suite = workbenchSuite({
    prefix: 'cloud-manifests-mcp-',
    results: RESULTS,
    // The settings of every suite, chat.disableAIFeatures included: VS Code 1.103 lists MCP servers even so.
    codeServer: MCP_CODE_SERVER,
  });
  const { shot, step } = suite;
  const quickPick = () => suite.page.locator('.quick-input-widget');

  const rows = async () => nbsp((await quickPick().locator('.monaco-list-row').allInnerTexts()).join('\n'));

  /** Takes the row of the open picker that shows `text`, by the keyboard (a hover can cover the rows). */
  async function pick(text: string) {
    await quickPick().locator('.monaco-list-row', { hasText: text }).first().waitFor();
    await quickPick().locator('input').fill(text);
    await quickPick().locator('.monaco-list-row.focused', { hasText: text }).waitFor();
    await suite.page.keyboard.press('Enter');
  }

  /** What the Output panel's editor shows. */
  const outputText = async () =>
    nbsp(
      await suite.page
        .locator('.part.panel .monaco-editor .view-lines')
        .first()
        .innerText()
        .catch(() => ''),
    );

  /** The tools the installed extension's server offers an SDK client (the .vsix's copy, as VS Code runs it). */
  async function packagedTools(): Promise<string[]> {
    const extensions = join(suite.root, 'code-server', 'extensions');
    const dir = readdirSync(extensions).find((d) => d.includes('cloud-manifests'));
    assert.ok(dir, `the extension is installed in ${extensions}`);
    const client = new Client({ name: 'test', version: '0' });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [join(extensions, dir, 'dist', 'server.js'), '--mcp'],
        cwd: suite.ws,
        stderr: 'pipe',
      }),
    );
    try {
      return (await client.listTools()).tools.map((t) => t.name);
    } finally {
      await client.close();
    }
  }

  step('MCP: List Servers lists the extension’s server, with nothing configured', async () => {
    await suite.runCommand('MCP: List Servers');
    const text = await suite.waitFor(rows, (t) => t.includes(LABEL), `${LABEL} in MCP: List Servers`, 60_000);
    await shot('list-servers');
    assert.match(text, new RegExp(`${LABEL}\\s*Stopped`), text);
  });

  step('started from the list, it runs and VS Code discovers every tool it offers', async () => {
    const tools = await packagedTools();
    assert.ok(tools.includes('validate') && tools.includes('explain'), tools.join(', '));
    await pick(LABEL);
    await pick('Start Server');
    await quickPick().waitFor({ state: 'hidden' });
    // Starting shows the server's output (the same as its "Show Output" action).
    const log = await suite.waitFor(
      outputText,
      (t) => /Discovered \d+ tools/.test(t),
      'the server’s output saying how many tools VS Code discovered',
      60_000,
    );
    await shot('server-output');
    assert.match(log, /Connection state: Running/, log);
    assert.match(log, new RegExp(`Discovered ${tools.length} tools`), log);
    await suite.runCommand('MCP: List Servers');
    const text = await suite.waitFor(rows, (t) => t.includes(LABEL), `${LABEL} in MCP: List Servers`);
    await shot('list-servers-running');
    assert.match(text, new RegExp(`${LABEL}\\s*Running`), text);
    await suite.page.keyboard.press('Escape');
  });
});
