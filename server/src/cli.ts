// The `cloud-manifests` command (bundled to dist/cliMain.js, which dist/cli.js runs: cliLoader.ts). Never shows a stack trace: usage, settings
// and file errors are one-line messages with exit code 2 (see cli/main.ts); anything unexpected is
// reported the same way (set CLOUD_MANIFESTS_DEBUG=1 for the stack).
import { run } from './cli/main';

function internalError(e: unknown): void {
  const message = e instanceof Error ? e.message : String(e);
  process.stderr.write(`cloud-manifests: internal error: ${message.split('\n')[0]}\n`);
  if (process.env.CLOUD_MANIFESTS_DEBUG && e instanceof Error && e.stack) process.stderr.write(`${e.stack}\n`);
  process.exitCode = 2;
}

// A reader that goes away (`cloud-manifests check | head`) is not an error.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  internalError(e);
});

run({
  argv: process.argv.slice(2),
  cwd: process.cwd(),
  env: process.env,
  stdin: () => process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
}).then((code) => {
  process.exitCode = code;
}, internalError);
