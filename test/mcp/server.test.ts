// The MCP server as an agent uses it: the SDK's own Client over stdio spawns `cloud-manifests mcp` (dist/,
// `npm run build` first) with a workspace root given through `roots/list`, lists the tools and calls each one
// (valid and invalid input, paths outside the roots refused, a long validate cancelled). validate's answer is
// `cloud-manifests check --format json`'s on the same files; render_kustomization's is `kubectl kustomize`'s.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { parseAllDocuments } from 'yaml';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ListRootsRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { hasKubectl } from '../helpers/kubectl';

const REPO = join(__dirname, '..', '..');
const CLI = join(REPO, 'dist', 'cli.js');
const FIXTURES = join(REPO, 'test', 'fixtures');

interface Problem {
  file: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  severity: string;
  code: string;
  message: string;
  fix?: {
    title: string;
    edits: { line: number; column: number; endLine: number; endColumn: number; newText: string }[];
  };
}

/** `cloud-manifests check --format json ARGS` in `cwd`: its report. */
function cliCheck(cwd: string, args: string[]): { summary: Record<string, number>; problems: Problem[] } {
  const r = spawnSync(process.execPath, [CLI, 'check', '--format', 'json', ...args], { cwd, encoding: 'utf8' });
  assert.ok(r.status === 0 || r.status === 1, r.stderr);
  return JSON.parse(r.stdout);
}

const git = (cwd: string, ...args: string[]) => {
  const r = spawnSync('git', args, { cwd, encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
};

/** Applies 1-based line/column edits to a text. */
function applyEdits(text: string, edits: NonNullable<Problem['fix']>['edits']): string {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') starts.push(i + 1);
  const at = (l: number, c: number) => starts[l - 1] + c - 1;
  const sorted = [...edits].sort((a, b) => at(b.line, b.column) - at(a.line, a.column));
  let out = text;
  for (const e of sorted) out = out.slice(0, at(e.line, e.column)) + e.newText + out.slice(at(e.endLine, e.endColumn));
  return out;
}

const ENUM_CASE = `apiVersion: storage.cloud.example.com/v20220901
kind: StorageAccount
metadata:
  name: casey
spec:
  location: westus2
  owner:
    name: rg-app
  kind: StorageV2
  sku:
    name: Standard_LRS
  accessTier: hot
`;

let ws: string;
let outside: string;
let client: Client;
let started: string;

/** A tool's structured answer; fails on a tool error. */
async function call<T = Record<string, unknown>>(name: string, args: Record<string, unknown>): Promise<T> {
  const r = (await client.callTool({ name, arguments: args })) as CallToolResult;
  assert.ok(!r.isError, `${name} failed: ${JSON.stringify(r.content)}`);
  assert.ok(r.structuredContent, `${name} has structured content`);
  // The text is the same answer, for clients that read only text.
  assert.deepEqual(JSON.parse((r.content[0] as { text: string }).text), r.structuredContent);
  return r.structuredContent as T;
}

/** A tool error's text. */
async function refused(name: string, args: Record<string, unknown>): Promise<string> {
  const r = (await client.callTool({ name, arguments: args })) as CallToolResult;
  assert.equal(r.isError, true, `${name} should fail: ${JSON.stringify(r.structuredContent)}`);
  return (r.content[0] as { text: string }).text;
}

describe('cloud-manifests mcp', () => {
  before(async () => {
    ws = mkdtempSync(join(tmpdir(), 'cm-mcp-ws-'));
    outside = mkdtempSync(join(tmpdir(), 'cm-mcp-out-'));
    // The server is started elsewhere: the roots the client gives decide where it reads.
    started = mkdtempSync(join(tmpdir(), 'cm-mcp-start-'));
    cpSync(join(REPO, 'examples'), join(ws, 'examples'), { recursive: true });
    mkdirSync(join(ws, 'crds'));
    cpSync(join(FIXTURES, 'crds', 'cel', 'crd.yaml'), join(ws, 'crds', 'cel.yaml'));
    cpSync(join(FIXTURES, 'kustomize', 'base'), join(ws, 'kustomize', 'base'), { recursive: true });
    cpSync(join(FIXTURES, 'kustomize', 'overlays', '02-prefix'), join(ws, 'kustomize', 'overlays', '02-prefix'), {
      recursive: true,
    });
    cpSync(join(FIXTURES, 'kustomize', 'builds', 'dup-file'), join(ws, 'kustomize', 'dup-file'), { recursive: true });
    writeFileSync(join(ws, 'casey.yaml'), ENUM_CASE);
    writeFileSync(join(outside, 'secret.yaml'), ENUM_CASE);
    symlinkSync(outside, join(ws, 'link-out'));
    git(ws, 'init', '-q');
    git(ws, 'add', '.');
    git(ws, '-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-qm', 'base');

    client = new Client({ name: 'test', version: '0' }, { capabilities: { roots: { listChanged: true } } });
    client.setRequestHandler(ListRootsRequestSchema, () => ({
      roots: [{ uri: pathToFileURL(ws).href, name: 'workspace' }],
    }));
    await client.connect(
      new StdioClientTransport({ command: process.execPath, args: [CLI, 'mcp'], cwd: started, stderr: 'pipe' }),
    );
  });
  after(async () => {
    await client?.close();
    for (const d of [ws, outside, started]) rmSync(d, { recursive: true, force: true });
  });

  test('lists its tools, each with an output schema, read-only and idempotent but fix', async () => {
    const { tools } = await client.listTools();
    assert.deepEqual(tools.map((t) => t.name).sort(), [
      'check_changes',
      'eval_cel',
      'explain',
      'fix',
      'list_kinds',
      'render_kustomization',
      'validate',
    ]);
    for (const t of tools) {
      assert.equal(t.outputSchema?.type, 'object', t.name);
      assert.equal(t.annotations?.idempotentHint, true, t.name);
      assert.equal(t.annotations?.readOnlyHint, t.name !== 'fix', t.name);
    }
  });

  test('validate on examples/ answers exactly what check --format json prints', async () => {
    const cli = cliCheck(ws, ['examples']);
    const mcp = await call<{ summary: Record<string, number>; problems: Problem[] }>('validate', {
      paths: ['examples'],
    });
    assert.ok(cli.problems.length > 5, 'the examples have mistakes');
    assert.deepEqual(
      mcp.problems.map(({ fix: _fix, ...p }) => p),
      cli.problems,
    );
    const { errors, warnings, info, hints, filesWithProblems, filesChecked } = cli.summary;
    assert.deepEqual(mcp.summary, { errors, warnings, info, hints, filesWithProblems, filesChecked });
  });

  test('validate gives the certain fix as edits; inline content is checked as a file of that name', async () => {
    const r = await call<{ problems: Problem[] }>('validate', { content: ENUM_CASE, fileName: 'inline.yaml' });
    const p = r.problems.find((x) => x.code === 'enum-case');
    assert.ok(p?.fix, JSON.stringify(r.problems));
    assert.equal(p.file, 'inline.yaml');
    const fixed = applyEdits(ENUM_CASE, p.fix.edits);
    assert.match(fixed, /accessTier: Hot\n/);
    const again = await call<{ problems: Problem[] }>('validate', { content: fixed, fileName: 'inline.yaml' });
    assert.ok(!again.problems.some((x) => x.code === 'enum-case'));
  });

  test('validate refuses wrong input and paths outside the roots, links included', async () => {
    assert.match(await refused('validate', {}), /either paths .* or content/);
    assert.match(await refused('validate', { paths: ['casey.yaml'], kubernetesVersion: 'two' }), /kubernetesVersion/);
    assert.match(await refused('validate', { paths: ['casey.yaml'], baseRef: 'a..b' }), /baseRef/);
    assert.match(await refused('validate', { paths: [join(outside, 'secret.yaml')] }), /outside the workspace roots/);
    assert.match(await refused('validate', { paths: ['../'] }), /outside the workspace roots/);
    assert.match(
      await refused('validate', { paths: ['link-out/secret.yaml'] }),
      /outside the workspace roots.*real path/,
    );
    assert.match(await refused('validate', { paths: 'casey.yaml' }), /Invalid arguments/);
    // The start folder is no root when the client gives its own.
    assert.match(await refused('render_kustomization', { path: started }), /outside the workspace roots/);
  });

  test('explain: a field of the operator’s kinds, of a workspace CRD and of Kubernetes', async () => {
    const tier = await call<{ found: boolean; field: { type: string; enum: { value: string }[] } }>('explain', {
      kind: 'StorageAccount',
      apiVersion: 'storage.cloud.example.com/v20220901',
      field: 'spec.accessTier',
    });
    assert.equal(tier.found, true);
    assert.ok(tier.field.enum.some((e) => e.value === 'Hot'));
    const acct = await call<{ ownerKinds: string[] }>('explain', {
      kind: 'StorageAccount',
      apiVersion: 'storage.cloud.example.com/v20220901',
    });
    assert.deepEqual(acct.ownerKinds, ['ResourceGroup']);
    const crd = await call<{ kind: { source: string }; field: { default: string; rules: unknown[] } }>('explain', {
      kind: 'Scaler',
      field: 'spec.strategy',
    });
    assert.equal(crd.kind.source, 'crd');
    assert.equal(crd.field.default, 'Rolling');
    const spec = await call<{ field: { rules: { rule: string }[] } }>('explain', { kind: 'Scaler', field: 'spec' });
    assert.ok(spec.field.rules.some((r) => r.rule === 'self.minReplicas <= self.maxReplicas'));
    const kube = await call<{
      kind: { apiVersion: string; source: string };
      field: { type: string; description: string };
    }>('explain', { kind: 'Deployment', field: 'spec.replicas' });
    assert.deepEqual([kube.kind.apiVersion, kube.kind.source, kube.field.type], ['apps/v1', 'kubernetes', 'integer']);
    // The description hover shows, from the file the build writes beside the bundles (kubernetes-types').
    assert.match(kube.field.description, /desired pods/i);
    const none = await call<{ found: boolean; reason: string }>('explain', {
      kind: 'StorageAccount',
      field: 'spec.nope',
    });
    assert.equal(none.found, false);
    assert.match(none.reason, /no field spec\.nope; the fields there: .*accessTier/);
  });

  test('list_kinds: built in, from the workspace’s CRD file, and Kubernetes’ when asked', async () => {
    const { kinds } = await call<{ kinds: { kind: string; source: string; crd?: { uri?: string } }[] }>('list_kinds', {
      kubernetes: true,
    });
    assert.ok(kinds.some((k) => k.kind === 'StorageAccount' && k.source === 'built-in'));
    const scaler = kinds.find((k) => k.kind === 'Scaler');
    assert.equal(scaler?.source, 'crd');
    assert.ok(scaler?.crd?.uri?.endsWith('/crds/cel.yaml'));
    assert.ok(kinds.some((k) => k.kind === 'Deployment' && k.source === 'kubernetes'));
    const ours = await call<{ kinds: { source: string }[] }>('list_kinds', {});
    assert.ok(!ours.kinds.some((k) => k.source === 'kubernetes'));
  });

  test('render_kustomization renders an overlay and says what stops a build', async () => {
    const r = await call<{ yaml: string; resources: Record<string, unknown>[]; errors: unknown[] }>(
      'render_kustomization',
      { path: 'kustomize/overlays/02-prefix' },
    );
    assert.deepEqual(r.errors, []);
    const names = r.resources.map((x) => (x.metadata as { name: string }).name).sort();
    assert.deepEqual(names, ['prod-appstore', 'prod-appstore-blobs', 'prod-rg']);
    assert.deepEqual(
      parseAllDocuments(r.yaml).map((d) => d.toJS()),
      r.resources,
    );
    // The rendering is kubectl's (test/kustomize/differential.test.ts compares every overlay; this one here).
    if (hasKubectl) {
      const real = spawnSync('kubectl', ['kustomize', join(ws, 'kustomize/overlays/02-prefix')], { encoding: 'utf8' });
      assert.equal(real.status, 0, real.stderr);
      const key = (x: Record<string, unknown>) => JSON.stringify([x.kind, (x.metadata as { name: string }).name]);
      const sort = (xs: Record<string, unknown>[]) => [...xs].sort((a, b) => (key(a) < key(b) ? -1 : 1));
      assert.deepEqual(sort(r.resources), sort(parseAllDocuments(real.stdout).map((d) => d.toJS())));
    }
    const dup = await call<{ errors: { code: string; certain: boolean; file: string }[] }>('render_kustomization', {
      path: 'kustomize/dup-file',
    });
    assert.deepEqual(
      dup.errors.map((e) => [e.code, e.certain, e.file]),
      [['kustomize-duplicate-resource', true, 'kustomize/dup-file/kustomization.yaml']],
    );
    assert.match(await refused('render_kustomization', { path: 'examples' }), /no kustomization/);
  });

  test('check_changes: a write-once field changed against HEAD, as check --base HEAD says', async () => {
    const file = join(ws, 'examples', 'storage', 'account.yaml');
    const was = readFileSync(file, 'utf8');
    writeFileSync(file, was.replace('location: westus2', 'location: eastus'));
    try {
      const r = await call<{ baseRef: string; problems: Problem[] }>('check_changes', {
        paths: ['examples/storage/account.yaml'],
      });
      assert.equal(r.baseRef, 'HEAD');
      assert.deepEqual(
        r.problems.map((p) => p.code),
        ['create-only-changed'],
      );
      const cli = cliCheck(ws, ['--base', 'HEAD', 'examples/storage/account.yaml']);
      assert.deepEqual(
        r.problems.map(({ fix: _f, ...p }) => p),
        cli.problems.filter((p) => p.code === 'create-only-changed'),
      );
      assert.match(
        await refused('check_changes', { paths: ['examples'], baseRef: 'no-such-branch' }),
        /no-such-branch/,
      );
    } finally {
      writeFileSync(file, was);
    }
  });

  test('eval_cel: an expression, the kind’s own rules, a transition rule and an invalid one', async () => {
    const manifest =
      'apiVersion: cel.example.org/v1\nkind: Scaler\nmetadata: {name: s-a}\nspec:\n  minReplicas: 5\n  maxReplicas: 2\n  mode: On\n';
    type Answer = { typed: boolean; results: { rule: string; outcome: string; message?: string }[] };
    const one = await call<Answer>('eval_cel', { manifest, rule: 'self.spec.minReplicas <= self.spec.maxReplicas' });
    assert.deepEqual(one.results, [
      {
        rule: 'self.spec.minReplicas <= self.spec.maxReplicas',
        outcome: 'fails',
        message: 'failed rule: self.spec.minReplicas <= self.spec.maxReplicas',
      },
    ]);
    assert.equal(one.typed, true);
    const own = await call<Answer>('eval_cel', { manifest, path: 'spec' });
    const verdict = (rule: string) => own.results.find((r) => r.rule === rule);
    assert.deepEqual(verdict('self.minReplicas <= self.maxReplicas'), {
      rule: 'self.minReplicas <= self.maxReplicas',
      outcome: 'fails',
      message: 'minReplicas must not exceed maxReplicas',
    });
    // The schema's default (strategy: Rolling) is applied, as the API server applies it before its rules.
    assert.equal(verdict('has(self.strategy)')?.outcome, 'holds');
    assert.equal(verdict('self.maxReplicas >= oldSelf.maxReplicas')?.outcome, 'notRun');
    const transition = await call<Answer>('eval_cel', {
      manifest,
      oldManifest: manifest.replace('maxReplicas: 2', 'maxReplicas: 9'),
      rule: 'self.maxReplicas >= oldSelf.maxReplicas',
      message: 'maxReplicas may not shrink',
      path: 'spec',
    });
    assert.deepEqual(transition.results[0].outcome, 'fails');
    assert.equal(transition.results[0].message, 'maxReplicas may not shrink');
    const bad = await call<Answer>('eval_cel', { manifest, rule: 'self.spec >' });
    assert.equal(bad.results[0].outcome, 'invalid');
    assert.match(await refused('eval_cel', { manifest: 'a: [' }), /not valid YAML/);
  });

  test('fix returns the edits and writes nothing unless write is true', async () => {
    const file = join(ws, 'casey.yaml');
    const dry = await call<{
      written: boolean;
      fixed: number;
      files: {
        file: string;
        edits: Problem['fix'] extends infer F ? (F extends { edits: infer E } ? E : never) : never;
      }[];
    }>('fix', { paths: ['casey.yaml'] });
    assert.equal(dry.written, false);
    assert.equal(dry.fixed, 1);
    assert.equal(readFileSync(file, 'utf8'), ENUM_CASE);
    assert.equal(dry.files[0].file, 'casey.yaml');
    const expected = applyEdits(ENUM_CASE, dry.files[0].edits);
    assert.match(expected, /accessTier: Hot\n/);
    const wrote = await call<{ written: boolean; fixed: number }>('fix', { paths: ['casey.yaml'], write: true });
    assert.deepEqual([wrote.written, wrote.fixed], [true, 1]);
    assert.equal(readFileSync(file, 'utf8'), expected);
    assert.match(await refused('fix', { paths: ['link-out/secret.yaml'], write: true }), /outside the workspace roots/);
    assert.equal(readFileSync(join(outside, 'secret.yaml'), 'utf8'), ENUM_CASE);
  });

  test('resources: the kinds’ JSON Schemas and the docs pages', async () => {
    const { resourceTemplates } = await client.listResourceTemplates();
    assert.deepEqual(resourceTemplates.map((t) => t.uriTemplate).sort(), [
      'cloud-manifests://docs/{+file}',
      'cloud-manifests://schemas/{+file}',
    ]);
    const { resources } = await client.listResources();
    const uri = 'cloud-manifests://schemas/storage/v20220901/StorageAccount.json';
    assert.ok(resources.some((r) => r.uri === uri));
    assert.ok(resources.some((r) => r.uri === 'cloud-manifests://docs/codes/enum-case.md'));
    const schema = await client.readResource({ uri });
    assert.deepEqual(
      (JSON.parse((schema.contents[0] as { text: string }).text) as { properties: { kind: { enum: string[] } } })
        .properties.kind.enum,
      ['StorageAccount'],
    );
    await assert.rejects(client.readResource({ uri: 'cloud-manifests://docs/../package.json' }));
  });

  test('a long validate is cancelled, and the server goes on answering', async () => {
    const big = join(ws, 'big');
    mkdirSync(big);
    const account = readFileSync(join(REPO, 'examples', 'storage', 'account.yaml'), 'utf8');
    for (let i = 0; i < 3000; i++)
      writeFileSync(join(big, `a${i}.yaml`), account.replace('name: appstore', `name: appstore${i}`));
    const controller = new AbortController();
    const pending = client.callTool({ name: 'validate', arguments: { paths: ['big'] } }, undefined, {
      signal: controller.signal,
      timeout: 600_000,
    });
    setTimeout(() => controller.abort(new Error('the agent moved on')), 200);
    await assert.rejects(pending, /moved on/);
    const after = await call<{ summary: { filesChecked: number } }>('validate', { paths: ['casey.yaml'] });
    assert.equal(after.summary.filesChecked, 1);
    rmSync(big, { recursive: true, force: true });
  });
});

describe('the MCP server as the extension and the bin start it', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'cm-mcp-start-'));
    writeFileSync(join(dir, 'casey.yaml'), ENUM_CASE);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  // A client without roots: the folder the server was started in is the one root.
  for (const [how, args] of [
    ['dist/server.js --mcp (the VS Code extension)', [join(REPO, 'dist', 'server.js'), '--mcp']],
    ['bin/cloud-manifests-mcp.js', [join(REPO, 'bin', 'cloud-manifests-mcp.js')]],
  ] as const)
    test(`${how}: serves the folder it is started in, and nothing outside it`, async () => {
      const c = new Client({ name: 'test', version: '0' });
      await c.connect(
        new StdioClientTransport({ command: process.execPath, args: [...args], cwd: dir, stderr: 'pipe' }),
      );
      try {
        const r = (await c.callTool({ name: 'validate', arguments: { paths: ['.'] } })) as CallToolResult;
        const problems = (r.structuredContent as { problems: Problem[] }).problems;
        assert.deepEqual(
          problems.map((p) => [p.file, p.code]),
          [['casey.yaml', 'enum-case']],
        );
        const out = (await c.callTool({ name: 'validate', arguments: { paths: [REPO] } })) as CallToolResult;
        assert.equal(out.isError, true);
      } finally {
        await c.close();
      }
    });
});

// `check` and the language server never load the SDK: it is dist/mcpSdk.js, required only to serve MCP.
test('the MCP SDK is in dist/mcpSdk.js alone, not in the CLI, server or worker bundles', () => {
  const sdk = readFileSync(join(REPO, 'dist', 'mcpSdk.js'), 'utf8');
  assert.match(sdk, /\bMcpServer=class\b/);
  for (const bundle of ['cli.js', 'server.js', 'analysisWorker.js']) {
    const text = readFileSync(join(REPO, 'dist', bundle), 'utf8');
    assert.doesNotMatch(text, /\b(McpServer|StdioServerTransport|ZodError)=/, bundle);
  }
});
