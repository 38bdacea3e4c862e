// `npm test`'s first step: the typecheck, the lint and Prettier's check (the package.json scripts of those
// names) at once rather than one after the other — each is a single-threaded process of 20 s or so of CPU, so
// on two cores this takes about half the time. Each one's output is printed whole, in order, once all have
// ended; it fails when any of them fails, naming which.
import { spawn } from 'node:child_process';

const SCRIPTS = ['typecheck', 'lint', 'format:check'];
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const run = (script) =>
  new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(npm, ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    const out = [];
    child.stdout.on('data', (d) => out.push(d));
    child.stderr.on('data', (d) => out.push(d));
    child.on('close', (code) =>
      resolve({ script, code: code ?? 1, out: Buffer.concat(out), s: (Date.now() - started) / 1000 }),
    );
  });

const results = await Promise.all(SCRIPTS.map(run));
for (const r of results) {
  process.stdout.write(
    `── npm run ${r.script}: ${r.code === 0 ? 'passed' : `failed (${r.code})`}, ${r.s.toFixed(0)} s ──\n`,
  );
  process.stdout.write(r.out);
}
const failed = results.filter((r) => r.code !== 0).map((r) => r.script);
if (failed.length > 0) {
  console.error(`failed: ${failed.map((s) => `npm run ${s}`).join(', ')}`);
  process.exit(1);
}
