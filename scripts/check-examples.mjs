// `npm run check:examples`: the CLI on examples/, as a newcomer's first command runs it, then one line saying
// what its errors are. examples/mistakes/ holds deliberate mistakes (each marked `# mistake:`), so the check
// must end with errors there and nowhere else: any other verdict (no error, an error in another example, a
// crash or a usage error) fails this script. `node scripts/check-examples.mjs [FOLDER]` checks another folder
// laid out the same way.
import { spawnSync } from 'node:child_process';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const folder = relative(process.cwd(), process.argv[2] ?? join(root, 'examples')) || '.';
const cli = join(root, 'dist', 'cli.js');
const fail = (why) => {
  console.error(`check:examples: ${why}`);
  process.exit(1);
};

// What the user reads: the checker's own report.
const shown = spawnSync(process.execPath, [cli, 'check', folder], { stdio: 'inherit' });
if (shown.status !== 1)
  fail(
    `expected exit 1 (the deliberate mistakes of ${folder}/mistakes/ are errors), got ${shown.status ?? shown.signal}`,
  );

// What the verdict is: the same check as JSON.
const json = spawnSync(process.execPath, [cli, 'check', folder, '--format', 'json'], { encoding: 'utf8' });
const report = JSON.parse(json.stdout);
const mistakes = `${folder}/mistakes/`.replace(/^\.\//, '');
const elsewhere = [...new Set(report.problems.map((p) => p.file).filter((f) => !f.startsWith(mistakes)))];
if (elsewhere.length > 0) fail(`problems outside ${mistakes}: ${elsewhere.join(', ')}`);
const { errors, warnings } = report.summary;
if (errors === 0) fail(`no error in ${mistakes}: its deliberate mistakes are no longer reported`);
const files = [...new Set(report.problems.map((p) => p.file))].join(', ');
console.log(
  `As expected: the ${errors} error${errors === 1 ? '' : 's'} and ${warnings} warning${warnings === 1 ? '' : 's'} above are the deliberate mistakes ${files} shows (each marked "# mistake:"); every other example is clean.`,
);
