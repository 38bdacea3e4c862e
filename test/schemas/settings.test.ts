// The settings file's JSON Schema (schemas/cloud-manifests.settings.json, contributed for
// `.cloud-manifests.json` through jsonValidation): it compiles in strict mode, has every editor setting
// and every code, and agrees with the CLI's settings reader (cli/config.ts) on good and bad files alike:
// what the schema accepts the checker reads, and what the checker refuses the schema flags.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import Ajv from 'ajv';
import { KNOWN_KEYS, loadSettings } from '../../server/src/cli/config';
import { CliError } from '../../server/src/cli/errors';
import { codeList } from '../../server/src/service/core/codes';

const ROOT = join(__dirname, '..', '..');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const schema = JSON.parse(readFileSync(join(ROOT, 'schemas', 'cloud-manifests.settings.json'), 'utf8'));
const validate = new Ajv({ strict: true, allErrors: true }).compile(schema);
const dir = mkdtempSync(join(tmpdir(), 'cloud-manifests-settings-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** The CLI's verdict on a settings file with this content: undefined when read, else its message. */
function cliVerdict(content: unknown): string | undefined {
  const file = join(dir, 'settings.json');
  writeFileSync(file, JSON.stringify(content));
  try {
    loadSettings(dir, { config: file, rules: {} });
    return undefined;
  } catch (e) {
    if (e instanceof CliError) return e.message;
    throw e;
  }
}

/** The example settings file of a page (the first JSON block after `after`). */
function example(page: string, after: string): unknown {
  const text = readFileSync(join(ROOT, page), 'utf8');
  const at = text.indexOf(after);
  const m = /```json\n([\s\S]*?)```/.exec(text.slice(at));
  assert.ok(at >= 0 && m, `${page} has no settings file example after "${after}"`);
  return JSON.parse(m[1]);
}

test('package.json contributes the schema for .cloud-manifests.json', () => {
  assert.deepEqual(pkg.contributes.jsonValidation, [
    { fileMatch: '.cloud-manifests.json', url: './schemas/cloud-manifests.settings.json' },
  ]);
});

test('the schema has every key the CLI reads, every editor setting, and every code under rules', () => {
  assert.deepEqual(Object.keys(schema.properties).sort(), [...KNOWN_KEYS].sort());
  for (const name of Object.keys(pkg.contributes.configuration.properties)) {
    const path = name.replace(/^cloudManifests\./, '').split('.');
    const at = path.reduce(
      (s: { properties: Record<string, unknown> } | undefined, p) => s?.properties[p] as never,
      schema,
    );
    assert.ok(at, `${name} is not in the settings file schema`);
  }
  assert.deepEqual(Object.keys(schema.properties.rules.properties), codeList());
  assert.equal(schema.properties.rules.additionalProperties, false);
});

const GOOD: [string, unknown][] = [
  ['empty', {}],
  ['the example of docs/settings.md', example('docs/settings.md', 'The settings file uses')],
  ['the example of README.md', example('README.md', '## Settings')],
  [
    'every setting',
    {
      $schema: './node_modules/cloud-manifests/schemas/cloud-manifests.settings.json',
      apiDomain: 'cloud.example.com',
      rules: {
        'enum-case': 'off',
        'yaml-syntax': 'error',
        'owner-not-found': 'hint',
        'status-read-only': 'warning',
        'unknown-field': 'info',
      },
      ownerResolution: 'off',
      exclude: ['legacy/**', 'vendor'],
      trace: { server: 'verbose' },
    },
  ],
  ['every code off', { rules: Object.fromEntries(codeList().map((c) => [c, 'off'])) }],
];

const BAD: [string, unknown, RegExp][] = [
  ['an unknown setting', { rulez: {} }, /unknown setting "rulez"/],
  ['an unknown code', { rules: { 'enum-cse': 'off' } }, /unknown code "enum-cse"/],
  ['an unknown level', { rules: { 'enum-case': 'loud' } }, /"loud" is not one of/],
  ['rules as a list', { rules: ['enum-case'] }, /rules must map codes/],
  ['a wrong ownerResolution', { ownerResolution: 'warning' }, /ownerResolution must be "info" or "off"/],
  ['exclude as a string', { exclude: 'legacy/**' }, /exclude must be a list/],
  ['apiDomain as a number', { apiDomain: 42 }, /apiDomain must be a string/],
  ['a list instead of an object', ['apiDomain'], /must be a JSON object/],
];

for (const [name, content] of GOOD)
  test(`good settings validate and the checker reads them: ${name}`, () => {
    assert.ok(validate(content), JSON.stringify(validate.errors));
    assert.equal(cliVerdict(content), undefined);
  });

for (const [name, content, message] of BAD)
  test(`bad settings fail the schema and the checker alike: ${name}`, () => {
    assert.equal(validate(content), false, 'the schema accepts it');
    assert.match(cliVerdict(content) ?? 'the checker reads it', message);
  });

test('a setting the schema flags is explained where it is: the path and what is allowed', () => {
  validate({ rules: { 'enum-case': 'loud' } });
  assert.ok(
    validate.errors?.some((e) => e.instancePath === '/rules/enum-case' && e.keyword === 'enum'),
    JSON.stringify(validate.errors),
  );
  validate({ rules: { 'enum-cse': 'off' } });
  assert.ok(
    validate.errors?.some(
      (e) =>
        e.instancePath === '/rules' &&
        e.keyword === 'additionalProperties' &&
        e.params.additionalProperty === 'enum-cse',
    ),
  );
});
