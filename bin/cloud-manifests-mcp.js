#!/usr/bin/env node
// `cloud-manifests-mcp`: the Model Context Protocol server for coding agents (`cloud-manifests mcp`, in
// dist/cli.js), over stdio, serving the folder it is started in unless the client gives its roots.
'use strict';
const { existsSync } = require('node:fs');
const { join } = require('node:path');

const args = process.argv.slice(2);
const cli = join(__dirname, '..', 'dist', 'cli.js');

if (args.includes('--version') || args.includes('-v')) {
  process.stdout.write(`${require('../package.json').version}\n`);
} else if (args.includes('--help') || args.includes('-h')) {
  process.stdout.write(
    'Usage: cloud-manifests-mcp\n' +
      'The Cloud Resource Manifests MCP server over stdio: validate, explain, list_kinds, render_kustomization,\n' +
      'check_changes, eval_cel and fix, inside the client’s roots (else the folder it is started in).\n',
  );
} else if (!existsSync(cli)) {
  process.stderr.write(`cloud-manifests-mcp: ${cli} is missing (run npm run build in the package)\n`);
  process.exitCode = 2;
} else {
  process.argv.splice(2, process.argv.length - 2, 'mcp', ...args);
  require(cli);
}
