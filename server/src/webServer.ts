// The language server in the browser (vscode.dev, github.dev): a Web Worker the web extension starts
// (client/src/web/extension.ts), talking to it by messages. The same server as on Node (lsp/startServer.ts);
// the build (scripts/build.mjs, platform `browser`) puts web/twins/ in place of the modules that read the
// disk, run worker threads or git: files are listed and read through the editor (web/editorFiles.ts). The
// same bundle is the server's analysis worker when started under that name (web/analysisWorker.ts).
import './web/immediate';
import {
  BrowserMessageReader,
  BrowserMessageWriter,
  createConnection,
  ProposedFeatures,
} from 'vscode-languageserver/browser';
import { cancelQueued } from './lsp/lifecycle';
import { startServer } from './lsp/startServer';
import { isAnalysisWorker, runAnalysisWorker } from './web/analysisWorker';
import { useConnection } from './web/editorFiles';

if (isAnalysisWorker()) runAnalysisWorker();
else {
  // The worker's own scope (no DOM types in this project: lib ES2022).
  const scope = globalThis as never;
  const connection = createConnection(
    ProposedFeatures.all,
    new BrowserMessageReader(scope),
    new BrowserMessageWriter(scope),
    cancelQueued,
  );
  useConnection(connection);
  startServer(connection);
}
