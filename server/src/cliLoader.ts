// `cloud-manifests` as installed (dist/cli.js): runs the command's bundle (dist/cliMain.js, from cli.ts) with
// its compiled code kept between runs (io/codeCache.ts), so that a short run does not compile it all again.
import { join } from 'node:path';
import { runCached } from './io/codeCache';

runCached(join(__dirname, 'cliMain.js'), process.env);
