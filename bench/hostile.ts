// `npm run bench:hostile`: the hostile inputs of issue 30 (and their kin), each written into a fresh workspace,
// checked by the CLI (wall time and peak RSS by /usr/bin/time -v) and by the server over stdio (time to the end
// of the workspace scan and the heavy file's diagnostics, the slowest hover on another small open manifest
// meanwhile, peak RSS, time from `exit` to the process's end). Prints a markdown table. Not part of `npm test`.
//
//   npm run bench:hostile                     every case
//   npm run bench:hostile -- helm-100k ...    the cases whose name contains one of the words
//   options: --cli-only, --server-only, --keep (leave the workspaces in the temporary folder)
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { LspSession, sleep, withTimeout } from './lsp';
import { OUR_CLI, ourSpec } from './measure';
import { HUGE_VALUE_RULES, HUGE_VALUE_SIZES, hugeValueCrd, hugeValueManifest } from '../test/helpers/hugeValues';

const REPO = join(__dirname, '..');
const HOSTILE_CRDS = join(REPO, 'test', 'fixtures', 'crds', 'hostile');
/** The budgets of issue 30: a check ends within 5 s and 500 MB; a hover is answered within 2 s. */
const BUDGET = { seconds: 5, rssMb: 500, hoverMs: 2000 };

const API = 'storage.cloud.example.com/v20220901';
const account = (name: string, extra = '') =>
  `apiVersion: ${API}\nkind: StorageAccount\nmetadata:\n  name: ${name}\nspec:\n  location: westus2\n  kind: StorageV2\n  sku:\n    name: Standard_LRS\n  owner:\n    name: rg-app\n${extra}`;
const GROUP =
  'apiVersion: resources.cloud.example.com/v1api20200601\nkind: ResourceGroup\nmetadata:\n  name: rg-app\nspec:\n  location: westus2\n';
/** The small manifest hovered while the heavy work runs: line 1 is `kind: StorageAccount`. */
const SMALL = account('acctsmall');

export interface Case {
  name: string;
  /** What the input is, for the table. */
  what: string;
  make(ws: string): void;
  /** A file (relative to the workspace) the server opens, beside the scan: the heavy document. */
  open?: string;
  /** Extra CLI arguments (before the path). */
  cliArgs?: string[];
  /** The server's `cloudManifests` settings (user settings). */
  settings?: Record<string, unknown>;
}

const put = (ws: string, rel: string, text: string) => {
  mkdirSync(dirname(join(ws, rel)), { recursive: true });
  writeFileSync(join(ws, rel), text);
};
const base = (ws: string) => {
  put(ws, 'rg.yaml', GROUP);
  put(ws, 'small.yaml', SMALL);
};

const HELM_HEAD = `apiVersion: ${API}\nkind: StorageAccount\nmetadata:\n  name: {{ .Values.name }}\n  labels:\n`;
const HELM_TAIL = `spec:\n  location: westus2\n  kind: StorageV2\n  sku:\n    name: Standard_LRS\n  owner:\n    name: rg-app\n  accessTier: Hott\n`;
const chart = (ws: string, template: string) => {
  base(ws);
  put(ws, 'chart/Chart.yaml', 'apiVersion: v2\nname: app\nversion: 0.1.0\n');
  put(ws, 'chart/templates/t.yaml', template);
};
const helmLines = (n: number) => {
  const lines: string[] = [];
  for (let i = 0; i < n; i++) lines.push(`    l${i}: "{{ .Values.v${i} }}x"\n`);
  return HELM_HEAD + lines.join('') + HELM_TAIL;
};

const kustomization = (
  ws: string,
  text: string,
  files: Record<string, string> = { 'o/sa.yaml': account('acctsa') },
) => {
  base(ws);
  put(ws, 'o/kustomization.yaml', text);
  for (const [rel, t] of Object.entries(files)) put(ws, rel, t);
};

export const CASES: Case[] = [
  {
    name: 'overlay-chain-17',
    what: '17 kustomizations, each listing the one below 3 times (`../l`, `../l/.`, `../l/./.`)',
    open: 'l16/kustomization.yaml',
    make(ws) {
      base(ws);
      put(ws, 'l0/kustomization.yaml', 'resources:\n  - sa.yaml\n');
      put(ws, 'l0/sa.yaml', account('acctsa'));
      for (let i = 1; i <= 16; i++)
        put(
          ws,
          `l${i}/kustomization.yaml`,
          `namePrefix: p\nresources:\n  - ../l${i - 1}\n  - ../l${i - 1}/.\n  - ../l${i - 1}/./.\n`,
        );
    },
  },
  {
    name: 'overlay-repeat-4096',
    what: 'one file listed 4,096 times in `resources`',
    open: 'o/kustomization.yaml',
    make: (ws) => kustomization(ws, `resources:\n${'  - sa.yaml\n'.repeat(4096)}`),
  },
  {
    name: 'target-regex',
    what: 'patch `target.name: (a|a)*b` against a 40-character name',
    open: 'o/kustomization.yaml',
    make: (ws) =>
      kustomization(
        ws,
        `resources:\n  - sa.yaml\npatches:\n  - target:\n      kind: StorageAccount\n      name: "(a|a)*b"\n    patch: |-\n      - op: replace\n        path: /spec/location\n        value: eastus\n`,
        { 'o/sa.yaml': account('a'.repeat(40)) },
      ),
  },
  {
    name: 'json6902-30k',
    what: '30,000 JSON 6902 operations in one patch file (1.4 MB)',
    open: 'o/ops.yaml',
    make(ws) {
      const ops = ['- op: add\n  path: /spec/tags\n  value: {}\n'];
      for (let i = 0; i < 30_000; i++) ops.push(`- op: add\n  path: /spec/tags/t${i}\n  value: v${i}\n`);
      kustomization(
        ws,
        `resources:\n  - sa.yaml\npatches:\n  - path: ops.yaml\n    target:\n      kind: StorageAccount\n`,
        {
          'o/sa.yaml': account('acctsa'),
          'o/ops.yaml': ops.join(''),
        },
      );
    },
  },
  {
    name: 'targeted-patches-100k',
    what: '100,000 targeted inline JSON 6902 patches (9.8 MB kustomization)',
    open: 'o/kustomization.yaml',
    make(ws) {
      const p: string[] = [];
      for (let i = 0; i < 100_000; i++)
        p.push(`  - target: {name: acctsa}\n    patch: '[{op: add, path: /spec/tags/t, value: ${i}}]'\n`);
      kustomization(ws, `resources:\n  - sa.yaml\npatches:\n${p.join('')}`);
    },
  },
  {
    name: 'inline-patches-50k',
    what: '50,000 inline strategic-merge patches (8.6 MB kustomization)',
    open: 'o/kustomization.yaml',
    make(ws) {
      const p: string[] = [];
      for (let i = 0; i < 50_000; i++)
        p.push(
          `  - patch: |-\n      apiVersion: ${API}\n      kind: StorageAccount\n      metadata:\n        name: acctsa\n      spec:\n        tags:\n          n: "${i}"\n`,
        );
      kustomization(ws, `resources:\n  - sa.yaml\npatches:\n${p.join('')}`);
    },
  },
  // The same shapes just under the size past which a kustomization or patch file is not read at all
  // (MAX_PATCH_TEXT, 250,000 characters): the most work a file that is rendered can ask for.
  {
    name: 'json6902-under-limit',
    what: '4,800 JSON 6902 operations in one patch file, just under the limit that is read',
    open: 'o/ops.yaml',
    make(ws) {
      const ops = ['- op: add\n  path: /spec/tags\n  value: {}\n'];
      for (let i = 0; i < 4_800; i++) ops.push(`- op: add\n  path: /spec/tags/t${i}\n  value: v${i}\n`);
      kustomization(
        ws,
        `resources:\n  - sa.yaml\npatches:\n  - path: ops.yaml\n    target:\n      kind: StorageAccount\n`,
        { 'o/sa.yaml': account('acctsa'), 'o/ops.yaml': ops.join('') },
      );
    },
  },
  {
    name: 'targeted-patches-under-limit',
    what: '2,800 targeted inline JSON 6902 patches, a kustomization just under the limit that is read',
    open: 'o/kustomization.yaml',
    make(ws) {
      const p: string[] = [];
      for (let i = 0; i < 2_800; i++)
        p.push(`  - target: {name: acctsa}\n    patch: '[{op: add, path: /spec/tags/t, value: ${i}}]'\n`);
      kustomization(ws, `resources:\n  - sa.yaml\npatches:\n${p.join('')}`);
    },
  },
  {
    name: 'inline-patches-under-limit',
    what: '1,350 inline strategic-merge patches, a kustomization just under the limit that is read',
    open: 'o/kustomization.yaml',
    make(ws) {
      const p: string[] = [];
      for (let i = 0; i < 1_350; i++)
        p.push(
          `  - patch: |-\n      apiVersion: ${API}\n      kind: StorageAccount\n      metadata:\n        name: acctsa\n      spec:\n        tags:\n          n: "${i}"\n`,
        );
      kustomization(ws, `resources:\n  - sa.yaml\npatches:\n${p.join('')}`);
    },
  },
  {
    name: 'label-selector-100k',
    what: 'a `labelSelector` of 100,000 terms',
    open: 'o/kustomization.yaml',
    make(ws) {
      const terms = Array.from({ length: 100_000 }, (_, i) => `k${i}!=x`).join(',');
      kustomization(
        ws,
        `resources:\n  - sa.yaml\npatches:\n  - target:\n      labelSelector: "${terms}"\n    patch: |-\n      - op: replace\n        path: /spec/location\n        value: eastus\n`,
      );
    },
  },
  {
    name: 'path-200k-segments',
    what: 'a JSON 6902 path of 200,000 segments (its message cut)',
    open: 'o/ops.yaml',
    make: (ws) =>
      kustomization(
        ws,
        `resources:\n  - sa.yaml\npatches:\n  - path: ops.yaml\n    target:\n      kind: StorageAccount\n`,
        {
          'o/sa.yaml': account('acctsa'),
          'o/ops.yaml': `- op: replace\n  path: /spec/nothere${'/x'.repeat(200_000)}\n  value: 1\n`,
        },
      ),
  },
  {
    name: 'crd-rules-and-patterns',
    what: "CRD rules: nested `all()` on 1,500 items, `matches('^(a+)+$')`, nested `map` building strings; patterns `^(a|a)*$`, `^a*…a*b$` (test/fixtures/crds/hostile)",
    open: 'crds/probe-errors.yaml',
    make(ws) {
      base(ws);
      cpSync(HOSTILE_CRDS, join(ws, 'crds'), { recursive: true });
    },
  },
  {
    name: 'crd-rules-new-libraries',
    what: "CRD rules of this session's CEL additions at scale: a 1 MB rule, `sortBy` of 5,000 items, a two-variable `all()` nested over 1,000 map entries, optional entries nested 200 deep, `format` of a 5,000-item list",
    open: 'crds/probe.yaml',
    make(ws) {
      base(ws);
      put(ws, 'crds/crd.yaml', newLibrariesCrd());
      const items = Array.from({ length: 5_000 }, (_, i) => (i * 7919) % 5_000).join(', ');
      const m = Array.from({ length: 1_000 }, (_, i) => `    k${i}: v${i}`).join('\n');
      put(
        ws,
        'crds/probe.yaml',
        `apiVersion: hostile.example.org/v1\nkind: Heavy\nmetadata: {name: heavy}\nspec:\n  n: 3\n  items: [${items}]\n  m:\n${m}\n`,
      );
    },
  },
  {
    name: 'crd-rule-entries',
    what: 'a CRD whose `x-kubernetes-validations` entries are refused as entries: 1,000 rules each with a bad `reason`, a blank `message`, `optionalOldSelf` without `oldSelf` and a 200-character `fieldPath` naming no field, under `allOf` and the items of an atomic list, in three versions of one schema, and one 300 KB `fieldPath`',
    open: 'crds/crd.yaml',
    make(ws) {
      base(ws);
      put(ws, 'crds/crd.yaml', ruleEntriesCrd());
    },
  },
  {
    name: 'crd-string-formats',
    what: 'a 50,000-character value for each string format a CRD names (uri, email, hostname, duration with a rule, byte, uuid, isbn, creditcard, rgbcolor, date-time, cidr, ipv4, ipv6, mac…), each shaped to make its check work hardest',
    open: 'crds/probe.yaml',
    make(ws) {
      base(ws);
      const [crd, probe] = stringFormatsProbe();
      put(ws, 'crds/crd.yaml', crd);
      put(ws, 'crds/probe.yaml', probe);
    },
  },
  {
    name: 'helm-40k-lines',
    what: 'a Helm template of 40,000 lines of actions (2 MB)',
    open: 'chart/templates/t.yaml',
    make: (ws) => chart(ws, helmLines(40_000)),
  },
  {
    name: 'helm-100k-lines',
    what: 'a Helm template of 100,000 lines of actions (5.4 MB)',
    open: 'chart/templates/t.yaml',
    make: (ws) => chart(ws, helmLines(100_000)),
  },
  {
    name: 'helm-100k-actions-one-line',
    what: '100,000 actions on one line (1.5 MB)',
    open: 'chart/templates/t.yaml',
    make: (ws) => chart(ws, `${HELM_HEAD}    a: "${'{{ .Values.x }}'.repeat(100_000)}"\n${HELM_TAIL}`),
  },
  {
    name: 'helm-30k-nested-if',
    what: '30,000 nested `if`/`else`',
    open: 'chart/templates/t.yaml',
    make(ws) {
      const parts = [HELM_HEAD];
      for (let i = 0; i < 30_000; i++) parts.push(`{{- if .Values.a${i} }}\n    a${i}: x\n{{- else }}\n`);
      chart(ws, `${parts.join('')}    z: "y"\n${'{{- end }}\n'.repeat(30_000)}${HELM_TAIL}`);
    },
  },
  {
    name: 'helm-comment-20k',
    what: 'a `{{/* … */}}` comment spanning 20,000 templates',
    open: 'chart/templates/t.yaml',
    make: (ws) =>
      chart(ws, `{{/*\n${'name: {{ .Values.x }}\n'.repeat(20_000)}*/}}\n${HELM_HEAD}    a: b\n${HELM_TAIL}`),
  },
  {
    name: 'helm-comment-actions',
    what: 'a comment holding an action on a valid template (nothing to report but `Hott`)',
    open: 'chart/templates/t.yaml',
    make: (ws) => chart(ws, `{{/*\nname: {{ .Values.x }}\n*/}}\n${HELM_HEAD}    a: b\n${HELM_TAIL}`),
  },
  {
    name: 'nesting-1000',
    what: 'a value nested 1,000 deep',
    open: 'deep.yaml',
    make(ws) {
      base(ws);
      let deep = '';
      for (let i = 0; i < 1000; i++) deep += `${'  '.repeat(i + 2)}k${i}:\n`;
      put(ws, 'deep.yaml', account('acctdeep', `  tags:\n${deep}${'  '.repeat(1002)}x\n`));
    },
  },
  {
    name: 'settings-crds-outside',
    what: '`.cloud-manifests.json` `{"crds": ["/", "/etc/passwd", "/proc/self/environ", "/proc/self/mem"]}`',
    make(ws) {
      base(ws);
      put(
        ws,
        '.cloud-manifests.json',
        JSON.stringify({ crds: ['/', '/etc/passwd', '/proc/self/environ', '/proc/self/mem'] }),
      );
    },
  },
  {
    name: 'docs-base-url-credentials',
    what: '`.cloud-manifests.json` `docsBaseUrl` with credentials, SARIF output',
    cliArgs: ['--format', 'sarif'],
    make(ws) {
      base(ws);
      put(ws, 'bad.yaml', account('acctbad', '  accessTier: Hott\n'));
      put(ws, '.cloud-manifests.json', JSON.stringify({ docsBaseUrl: 'https://user:pass@evil.example/docs' }));
    },
  },
  // Issue 43: the committed version (git): blobs far larger than the file, a repository leading outside,
  // a ref git would compile as a regular expression, a FIFO where git reads first.
  {
    name: 'git-blob-5mb',
    what: 'a 2 KB manifest whose committed version (HEAD) is 5 MB of keys',
    open: 'account.yaml',
    make: (ws) => committedThenChanged(ws, 5),
  },
  {
    name: 'git-blob-50mb',
    what: 'a 2 KB manifest whose committed version (HEAD) is 50 MB of keys',
    open: 'account.yaml',
    make: (ws) => committedThenChanged(ws, 50),
  },
  {
    name: 'git-3000-renamed',
    what: 'a file of 3,000 manifests, every one renamed since its committed version (HEAD)',
    open: 'accounts.yaml',
    make(ws) {
      base(ws);
      const accounts = (suffix: string) =>
        Array.from({ length: 3_000 }, (_, i) => account(`acct${i}${suffix}`)).join('---\n');
      put(ws, 'accounts.yaml', accounts(''));
      gitIn(ws, 'init', '-q', '-b', 'main');
      gitIn(ws, 'add', '.');
      gitIn(ws, '-c', 'user.email=b@example.com', '-c', 'user.name=b', 'commit', '-q', '-m', 'x');
      put(ws, 'accounts.yaml', accounts('r'));
    },
  },
  {
    name: 'git-alternates-outside',
    what: 'a clone whose objects/info/alternates leads to a repository outside the workspace',
    open: 'account.yaml',
    make(ws) {
      const outside = `${ws}-outside`;
      mkdirSync(outside);
      put(outside, 'account.yaml', account('acctsa', '  tags:\n    secret: SECRET-value-from-outside-repo\n'));
      gitIn(outside, 'init', '-q', '-b', 'main');
      gitIn(outside, 'add', '.');
      gitIn(outside, '-c', 'user.email=b@example.com', '-c', 'user.name=b', 'commit', '-q', '-m', 'x');
      rmSync(ws, { recursive: true });
      gitIn(dirname(ws), 'clone', '-q', '--shared', outside, ws);
      base(ws);
      put(ws, 'account.yaml', account('acctsa'));
    },
  },
  {
    name: 'git-ref-regex',
    what: '`.cloud-manifests.json` `{"compareWith": "HEAD^{/a{255}{255}{255}}"}` in a repository',
    open: 'account.yaml',
    make(ws) {
      committedThenChanged(ws, 0);
      put(ws, '.cloud-manifests.json', JSON.stringify({ compareWith: 'HEAD^{/a{255}{255}{255}}' }));
    },
  },
  {
    name: 'git-fifo-head',
    what: 'a FIFO at .git/HEAD',
    open: 'account.yaml',
    make(ws) {
      committedThenChanged(ws, 0);
      rmSync(join(ws, '.git', 'HEAD'));
      if (spawnSync('mkfifo', [join(ws, '.git', 'HEAD')]).status !== 0) throw new Error('mkfifo failed');
    },
  },
  // Issue 43: CRDs at scale and CRDs that do not parse.
  {
    name: 'crd-1000-versions',
    what: 'a CRD of 1,000 served versions with 10 rules each (1.2 MB), and 1,000 manifests, one per version',
    open: 'm/m0.yaml',
    make(ws) {
      base(ws);
      put(ws, 'crds/crd.yaml', manyVersionsCrd(1_000, 10));
      for (let k = 0; k < 1_000; k++)
        put(
          ws,
          `m/m${k}.yaml`,
          `apiVersion: hostile.example.org/v${k}\nkind: Many\nmetadata: {name: m${k}}\nspec:\n  n: ${k}\n  s: a\n`,
        );
    },
  },
  // CRD rules that build huge values from a modest manifest (issue 43): each not evaluated, said as information.
  ...(Object.keys(HUGE_VALUE_RULES) as (keyof typeof HUGE_VALUE_RULES)[]).map((name): Case => ({
    name: `crd-huge-${name.toLowerCase()}`,
    what: `a CRD rule \`${HUGE_VALUE_RULES[name]}\` on \`s\` of ${HUGE_VALUE_SIZES[name][0].toLocaleString('en-US')} characters and \`l\` of ${HUGE_VALUE_SIZES[name][1].toLocaleString('en-US')} items (a closed file: the workspace scan evaluates it)`,
    make(ws) {
      base(ws);
      put(ws, 'crds/crd.yaml', hugeValueCrd(HUGE_VALUE_RULES[name]));
      put(ws, 'crds/huge.yaml', hugeValueManifest(...HUGE_VALUE_SIZES[name]));
    },
  })),
  // Templated values judged on their literal parts (issue 47, item 8: checks/templatedValues.ts).
  {
    name: 'helm-templated-literals',
    what: 'a name and an IP rule of 50,000 literal parts between actions each (1.7 MB), one certain error in each',
    open: 'chart/templates/t.yaml',
    make: (ws) =>
      chart(
        ws,
        `apiVersion: ${API}\nkind: StorageAccount\nmetadata:\n  name: ${'a{{ .Values.x }}'.repeat(50_000)}_\n` +
          `spec:\n  location: westus2\n  kind: StorageV2\n  sku:\n    name: Standard_LRS\n  owner:\n    name: rg-app\n` +
          `  networkAcls:\n    defaultAction: Deny\n    ipRules:\n      - value: "${'1.{{ .Values.x }}.'.repeat(50_000)}300"\n`,
      ),
  },
  // Issue 43: the Helm lexer and mask linear in the template (the campaign's shapes, each a whole template).
  {
    name: 'helm-trim-100k',
    what: '`{{- -}}` 100,000 times on one line (0.7 MB)',
    open: 'chart/templates/t.yaml',
    make: (ws) => chart(ws, '{{- -}}'.repeat(100_000)),
  },
  {
    name: 'helm-close-512k',
    what: 'a template whose last line is `}}` 512,000 times (1 MB)',
    open: 'chart/templates/t.yaml',
    make: (ws) => chart(ws, HELM_HEAD + '}}'.repeat(512_000)),
  },
  {
    name: 'helm-unclosed-comment-512k',
    what: 'an unclosed `{{/*` followed by 512,000 lines (4 MB)',
    open: 'chart/templates/t.yaml',
    make: (ws) => chart(ws, `{{/*\n${'name: x\n'.repeat(512_000)}`),
  },
  {
    name: 'helm-negative-100k',
    what: '`{{-3}}` (the number -3, no trim marker) 100,000 times on one line (0.6 MB)',
    open: 'chart/templates/t.yaml',
    make: (ws) => chart(ws, '{{-3}}'.repeat(100_000)),
  },
  {
    name: 'crd-unparseable-1000-versions',
    what: 'the 1,000-version CRD with a duplicate key under the properties of its last version, a second one whose header does not parse, and 1,000 manifests of each',
    open: 'crds/crd.yaml',
    make(ws) {
      base(ws);
      const crd = manyVersionsCrd(1_000, 10);
      const last = crd.lastIndexOf('                n: {type: integer}\n');
      put(ws, 'crds/crd.yaml', `${crd.slice(0, last)}                s: {type: string}\n${crd.slice(last)}`);
      const other = manyVersionsCrd(1_000, 10)
        .replace(/Many/g, 'Other')
        .replace(/manies/g, 'others');
      put(ws, 'crds/other.yaml', other.replace('  scope: Namespaced', '  scope: [Namespaced'));
      for (let k = 0; k < 1_000; k++) {
        put(
          ws,
          `m/m${k}.yaml`,
          `apiVersion: hostile.example.org/v${k}\nkind: Many\nmetadata: {name: m${k}}\nspec:\n  n: ${k}\n`,
        );
        put(
          ws,
          `o/o${k}.yaml`,
          `apiVersion: hostile.example.org/v${k}\nkind: Other\nmetadata: {name: o${k}}\nspec:\n  n: ${k}\n`,
        );
      }
    },
  },
  // Kubernetes' own kinds (model/kube/): a Pod of 5,000 containers (names unique, ports by key) and a
  // ConfigMap of 50,000 keys, each value of the wrong type.
  {
    name: 'kube-wide',
    what: "a Pod of 5,000 containers and a ConfigMap of 50,000 integer values (Kubernetes' own kinds)",
    open: 'kube.yaml',
    make(ws) {
      base(ws);
      let containers = '';
      for (let i = 0; i < 5000; i++)
        containers += `    - name: c${i % 4000}\n      image: nginx\n      ports:\n        - containerPort: ${(i % 70000) + 1}\n`;
      let data = '';
      for (let i = 0; i < 50000; i++) data += `  k${i}: ${i}\n`;
      put(
        ws,
        'kube.yaml',
        `apiVersion: v1\nkind: Pod\nmetadata: {name: wide}\nspec:\n  containers:\n${containers}---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: wide}\ndata:\n${data}`,
      );
    },
  },
];

/** Runs git in `dir` (a failure stops the bench). */
function gitIn(dir: string, ...args: string[]): void {
  const r = spawnSync('git', args, { cwd: dir, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
}

/** A repository whose account.yaml is committed with `mb` MB of tags, then written back small. */
function committedThenChanged(ws: string, mb: number): void {
  base(ws);
  const tags: string[] = [];
  for (let i = 0, size = 0; size < mb * 1024 * 1024; i++) {
    const line = `    t${i}: v\n`;
    tags.push(line);
    size += line.length;
  }
  put(ws, 'account.yaml', account('acctsa', tags.length > 0 ? `  tags:\n${tags.join('')}` : ''));
  gitIn(ws, 'init', '-q', '-b', 'main');
  gitIn(ws, 'add', '.');
  gitIn(ws, '-c', 'user.email=b@example.com', '-c', 'user.name=b', 'commit', '-q', '-m', 'x');
  put(ws, 'account.yaml', account('acctsa').replace('westus2', 'eastus'));
}

interface CliResult {
  seconds: number;
  /** User and system CPU seconds (the machine may be shared: wall time then says little). */
  cpu: number;
  rssMb: number;
  exit: number | null;
  summary: string;
}

function runCli(c: Case, ws: string): CliResult {
  const args = ['-v', process.execPath, OUR_CLI, 'check', ...(c.cliArgs ?? ['--format', 'json']), '.'];
  const t0 = performance.now();
  const r = spawnSync('/usr/bin/time', args, { cwd: ws, encoding: 'utf8', maxBuffer: 256 << 20, timeout: 120_000 });
  const seconds = (performance.now() - t0) / 1000;
  const rss = Number(/Maximum resident set size \(kbytes\): (\d+)/.exec(r.stderr)?.[1] ?? NaN) / 1024;
  const exit = Number(/Exit status: (\d+)/.exec(r.stderr)?.[1] ?? NaN);
  const cpu =
    Number(/User time \(seconds\): ([\d.]+)/.exec(r.stderr)?.[1] ?? NaN) +
    Number(/System time \(seconds\): ([\d.]+)/.exec(r.stderr)?.[1] ?? NaN);
  let summary: string;
  try {
    const out = JSON.parse(r.stdout);
    if (out.runs) {
      const hosts = new Set<string>();
      for (const rule of out.runs[0].tool.driver.rules ?? []) if (rule.helpUri) hosts.add(new URL(rule.helpUri).host);
      summary = `${out.runs[0].results.length} results; helpUri hosts: ${[...hosts].join(', ') || 'none'}`;
    } else {
      const counts = new Map<string, number>();
      for (const p of out.problems as { code: string }[]) counts.set(p.code, (counts.get(p.code) ?? 0) + 1);
      summary = [...counts].map(([code, n]) => (n > 1 ? `${code} ×${n}` : code)).join(', ') || 'no problems';
    }
  } catch {
    summary = `unparsed output; stderr: ${r.stderr.split('\n').slice(0, 3).join(' ').slice(0, 200)}`;
  }
  return { seconds, cpu, rssMb: rss, exit: r.signal ? null : exit, summary };
}

interface ServerResult {
  /** From `initialized` to the end of the scan and the opened file's diagnostics. */
  seconds: number;
  /** CPU seconds of the server process until then. */
  cpu: number;
  hovers: number;
  worstHoverMs: number;
  rssMb: number;
  exitMs: number;
  problems: number;
  /** From `exit` (no `shutdown`) sent while busy, and from standard input closed while busy, to the end. */
  busyExitMs: number;
  busyCloseMs: number;
}

async function runServer(c: Case, ws: string): Promise<ServerResult> {
  // Not waiting for the settings round trip: the hovers start as soon as the server is initialized, so that
  // work done on `initialized` (the scan) is measured too.
  const session = new LspSession({
    // CLOUD_MANIFESTS_PROFILE=dir: the server writes a CPU profile there (what a slow case spends its time on).
    ...ourSpec(
      process.env.CLOUD_MANIFESTS_PROFILE
        ? ['--cpu-prof', `--cpu-prof-dir=${process.env.CLOUD_MANIFESTS_PROFILE}`]
        : [],
    ),
    settingsSection: undefined,
    configuration: (section) => (section === 'cloudManifests' ? (c.settings ?? {}) : null),
  });
  const t0 = performance.now();
  await session.start(ws);
  const small = pathToFileURL(join(ws, 'small.yaml')).href;
  await session.open(small, SMALL);
  let done = false;
  let problems = 0;
  const work = (async () => {
    await session.indexing(5_000, 120_000);
    if (c.open) {
      const uri = pathToFileURL(join(ws, c.open)).href;
      const r = await session.open(uri, readFileSync(join(ws, c.open), 'utf8'));
      problems = r.diagnostics.length;
    }
  })().finally(() => (done = true));
  let worst = 0;
  let hovers = 0;
  while (!done) {
    const h = await session.request('textDocument/hover', {
      textDocument: { uri: small },
      position: { line: 1, character: 2 },
    });
    worst = Math.max(worst, h.ms);
    hovers++;
    await sleep(100);
  }
  await work;
  const seconds = (performance.now() - t0) / 1000;
  const cpu = cpuSeconds(session.pid);
  const { hwmMb } = session.memory();
  const e0 = performance.now();
  await session.stop();
  return {
    seconds,
    cpu,
    hovers,
    worstHoverMs: worst,
    rssMb: hwmMb,
    exitMs: performance.now() - e0,
    problems,
    busyExitMs: await exitWhileBusy(c, ws, 'exit'),
    busyCloseMs: await exitWhileBusy(c, ws, 'close'),
  };
}

/**
 * A fresh server on the workspace, sent `exit` (no `shutdown`) or its standard input closed 300 ms into its
 * work (the scan, the heavy file opened): milliseconds from then to the process's end (NaN: not within 30 s).
 */
async function exitWhileBusy(c: Case, ws: string, how: 'exit' | 'close'): Promise<number> {
  const session = new LspSession({
    // CLOUD_MANIFESTS_PROFILE=dir: the server writes a CPU profile there (what a slow case spends its time on).
    ...ourSpec(
      process.env.CLOUD_MANIFESTS_PROFILE
        ? ['--cpu-prof', `--cpu-prof-dir=${process.env.CLOUD_MANIFESTS_PROFILE}`]
        : [],
    ),
    configuration: (section) => (section === 'cloudManifests' ? (c.settings ?? {}) : null),
  });
  await session.start(ws);
  if (c.open) {
    await session.conn.sendNotification('textDocument/didOpen', {
      textDocument: {
        uri: pathToFileURL(join(ws, c.open)).href,
        languageId: 'yaml',
        version: 1,
        text: readFileSync(join(ws, c.open), 'utf8'),
      },
    });
  }
  await sleep(300);
  const exited = new Promise<void>((r) => session.proc.once('exit', () => r()));
  const t0 = performance.now();
  if (how === 'exit') await session.conn.sendNotification('exit');
  else session.proc.stdin.end();
  const ms = await withTimeout(exited, 30_000, 'exit').then(
    () => performance.now() - t0,
    () => NaN,
  );
  session.conn.dispose();
  if (session.proc.exitCode === null) session.proc.kill('SIGKILL');
  return ms;
}

/** CPU seconds a process has used (user and system, from /proc). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

const fmt = (n: number, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : '—');

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const words = argv.filter((a) => !a.startsWith('--'));
  const cases = CASES.filter((c) => words.length === 0 || words.some((w) => c.name.includes(w)));
  const root = mkdtempSync(join(tmpdir(), 'cm-hostile-bench-'));
  console.log(
    `load ${loadavg()[0].toFixed(2)}; budgets: ${BUDGET.seconds} s, ${BUDGET.rssMb} MB, hover ${BUDGET.hoverMs} ms\n`,
  );
  console.log(
    '| input | size | CLI wall (CPU) | CLI max RSS | server wall (CPU) | worst hover (hovers) | server max RSS | exit while busy: exit / stdin closed | verdict |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---|');
  for (const c of cases) {
    const ws = join(root, c.name);
    mkdirSync(ws);
    c.make(ws);
    const size = c.open ? statSync(join(ws, c.open)).size : 0;
    const cli = argv.includes('--server-only') ? undefined : runCli(c, ws);
    const server = argv.includes('--cli-only') ? undefined : await withTimeout(runServer(c, ws), 180_000, c.name);
    const over =
      (cli && (cli.exit === null || cli.cpu > BUDGET.seconds || cli.rssMb > BUDGET.rssMb)) ||
      (server && (server.cpu > BUDGET.seconds || server.rssMb > BUDGET.rssMb || server.worstHoverMs > BUDGET.hoverMs));
    const cells = [
      `${c.name}: ${c.what}`,
      size ? `${fmt(size / 1e6, 2)} MB` : '',
      cli ? `${fmt(cli.seconds, 2)} s (${fmt(cli.cpu, 2)} s)` : '',
      cli ? `${fmt(cli.rssMb, 0)} MB` : '',
      server ? `${fmt(server.seconds, 2)} s (${fmt(server.cpu, 2)} s)` : '',
      server ? `${fmt(server.worstHoverMs, 0)} ms (${server.hovers})` : '',
      server ? `${fmt(server.rssMb, 0)} MB` : '',
      server ? `${fmt(server.busyExitMs, 0)} / ${fmt(server.busyCloseMs, 0)} ms` : '',
      `${over ? 'OVER BUDGET' : 'within'}${cli ? `; CLI exit ${cli.exit ?? 'killed'}: ${cli.summary}` : ''}`,
    ];
    console.log(`| ${cells.join(' | ')} |`);
    if (!argv.includes('--keep')) rmSync(ws, { recursive: true, force: true });
  }
  if (!argv.includes('--keep')) rmSync(root, { recursive: true, force: true });
  else console.log(`\nworkspaces kept in ${root}`);
}

/** A CRD of the group hostile.example.org; `versions` is its `versions:` list as written (4 spaces in). */
const hostileCrd = (kind: string, plural: string, versions: string) => `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: ${plural}.hostile.example.org
spec:
  group: hostile.example.org
  names: {kind: ${kind}, plural: ${plural}}
  scope: Namespaced
  versions:
${versions}`;

/** One served version of a CRD, its `openAPIV3Schema` written as `schema` (10 spaces in). */
const crdVersion = (name: string, storage: boolean, schema: string) => `    - name: ${name}
      served: true
      storage: ${storage}
      schema:
        openAPIV3Schema:
${schema}`;

/** A CRD whose rules use this session's CEL additions at their most expensive (bench:hostile, issue 33). */
function newLibrariesCrd(): string {
  const big = Array.from({ length: 60_000 }, (_, i) => `self.n == ${i}`).join(' || ');
  let nested = "'x'";
  for (let i = 0; i < 200; i++) nested = `[?optional.of(${nested})]`;
  const rules = [
    big,
    'self.items.sortBy(e, -e).size() == self.items.size()',
    'self.m.all(k, v, self.m.all(k2, v2, k == k2 || v != v2))',
    `size(${nested}) == 1`,
    "'%s'.format([self.items]).size() > 0",
  ];
  const list = rules.map((r) => `                - rule: ${JSON.stringify(r)}`).join('\n');
  return hostileCrd(
    'Heavy',
    'heavies',
    crdVersion(
      'v1',
      true,
      `          type: object
          properties:
            spec:
              type: object
              properties:
                n: {type: integer}
                items: {type: array, maxItems: 5000, items: {type: integer}}
                m: {type: object, maxProperties: 1000, additionalProperties: {type: string, maxLength: 8}}
              x-kubernetes-validations:
${list}
`,
    ),
  );
}

/** A CRD for `crd-rule-entries` (see its `what`). */
function ruleEntriesCrd(): string {
  const entry = (i: number) =>
    `                      - {rule: "self.v != 'x${i}'", message: " ", reason: Bad${i}, optionalOldSelf: true, fieldPath: ${JSON.stringify('.v'.repeat(100))}}`;
  const entries = Array.from({ length: 1_000 }, (_, i) => entry(i)).join('\n');
  const schema = `          type: object
          x-kubernetes-validations:
            - {rule: "true", fieldPath: ${JSON.stringify('.a'.repeat(150_000))}}
          properties:
            list:
              type: array
              items:
                type: object
                properties:
                  v: {type: string}
                allOf:
                  - x-kubernetes-validations:
${entries}
                x-kubernetes-validations:
                  - rule: self.v == oldSelf.v
`;
  return hostileCrd(
    'Entry',
    'entries',
    crdVersion('v1', true, schema) + crdVersion('v2', false, schema) + crdVersion('v3', false, schema),
  );
}

/**
 * A CRD with a field of each string format the API server checks, and a manifest whose values are 50,000
 * characters shaped against each check (long digit runs, repeated separators, unclosed quotes and comments),
 * the duration one also read by a rule (bench:hostile, issue 33).
 */
function stringFormatsProbe(): [string, string] {
  const n = 50_000;
  const values: Record<string, string> = {
    uri: `/${'%41'.repeat(n / 3)}`,
    email: `${'x '.repeat(n / 2)}<a@b>`,
    email2: `"${'a'.repeat(n)}`,
    hostname: 'a-'.repeat(n / 2),
    duration: '1'.repeat(n),
    byte: 'AAAA'.repeat(n / 4),
    bsonobjectid: 'a'.repeat(n),
    uuid: 'a'.repeat(n),
    isbn: ' -'.repeat(n / 2),
    creditcard: '1-'.repeat(n / 2),
    ssn: '1'.repeat(n),
    hexcolor: `#${'f'.repeat(n)}`,
    rgbcolor: `rgb(${' '.repeat(n)}`,
    'date-time': `2020-01-01T00:00:00${'1'.repeat(n)}`,
    cidr: `${'0'.repeat(n)}1.2.3.4/24`,
    ipv4: `${'0'.repeat(n)}1.2.3.4`,
    ipv6: '1:'.repeat(n / 2),
    mac: 'aa:'.repeat(n / 3),
    date: '2'.repeat(n),
  };
  const field = (k: string) => `f${k.replace(/-/g, '')}`;
  const props = Object.keys(values)
    .map((k) => `                ${field(k)}: {type: string, format: ${k.replace(/2$/, '')}}`)
    .join('\n');
  const crd = hostileCrd(
    'Formats',
    'formats',
    crdVersion(
      'v1',
      true,
      `          type: object
          properties:
            spec:
              type: object
              x-kubernetes-validations:
                - rule: "!has(self.fduration) || self.fduration > duration('1s')"
              properties:
${props}
`,
    ),
  );
  const spec = Object.entries(values)
    .map(([k, v]) => `  ${field(k)}: ${JSON.stringify(v)}`)
    .join('\n');
  return [crd, `apiVersion: hostile.example.org/v1\nkind: Formats\nmetadata: {name: probe}\nspec:\n${spec}\n`];
}

/** A CRD of `versions` served versions of kind `Many`, each with `rules` rules (bench:hostile, issue 43). */
function manyVersionsCrd(versions: number, rules: number): string {
  const list = Array.from(
    { length: rules },
    (_, j) =>
      `                - rule: "self.n != ${j + 1_000_000} && self.s != 'x${j}'"\n                  message: rule ${j}`,
  ).join('\n');
  const schema = `          type: object
          properties:
            spec:
              type: object
              properties:
                n: {type: integer}
                s: {type: string, maxLength: 10}
              x-kubernetes-validations:
${list}
`;
  return hostileCrd(
    'Many',
    'manies',
    Array.from({ length: versions }, (_, i) => crdVersion(`v${i}`, i === 0, schema)).join(''),
  );
}

// Last: the helpers above (consts) are initialised before a case's `make` runs.
if (require.main === module)
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
