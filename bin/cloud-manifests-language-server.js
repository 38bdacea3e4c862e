#!/usr/bin/env node
// `cloud-manifests-language-server`: the language server (dist/server.js) for any LSP client. It speaks
// over stdio unless another transport is given (vscode-languageserver also reads --node-ipc, --socket=N and
// --pipe=NAME), so editors can run the bare command.
'use strict';
const { existsSync } = require('node:fs');
const { join } = require('node:path');

const args = process.argv.slice(2);
const server = join(__dirname, '..', 'dist', 'server.js');

if (args.includes('--version') || args.includes('-v')) {
  process.stdout.write(`${require('../package.json').version}\n`);
} else if (args.includes('--help') || args.includes('-h')) {
  process.stdout.write(
    'Usage: cloud-manifests-language-server [--stdio | --node-ipc | --socket=PORT | --pipe=NAME]\n' +
      'The Cloud Resource Manifests language server (LSP 3.17). Without an option it speaks over stdio.\n',
  );
} else if (!existsSync(server)) {
  process.stderr.write(`cloud-manifests-language-server: ${server} is missing (run npm run build in the package)\n`);
  process.exitCode = 2;
} else {
  if (!args.some((a) => /^--(stdio|node-ipc|socket=|pipe=)/.test(a))) process.argv.push('--stdio');
  require(server);
}
