// The language server's entry point, as the extension starts it (`node dist/server.js --stdio`): a
// connection over the process's streams, the server built from it (lsp/startServer.ts), and what belongs to
// the process: V8's heap growth (lsp/heap.ts) and a last word on errors nothing else caught.
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { steadyHeap } from './lsp/heap';
import { startServer } from './lsp/startServer';

steadyHeap();
const connection = createConnection(ProposedFeatures.all);
process.on('uncaughtException', (e) => connection.console.error(`cloud-manifests: uncaught ${e.stack ?? e}`));
startServer(connection);
