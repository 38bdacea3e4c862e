// The fixes of messages that name what to write (issue 31, in a real VS Code they offered only "Disable"):
// a Prometheus duration where ISO 8601 is wanted, a container's `Private` access, an HTTP method near none,
// a number below its minimum, the upstream name of a network-rule bypass; each applied and validated again,
// and the safe ones through fix-all (`check --fix`) too. Then the order of a did-you-mean among versions, one
// "Disable" for diagnostics that call for the same edit, and "Disable" never preferred nor first.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { applyEdits } from '../../server/src/service/core/edits';
import { codeActions } from '../../server/src/service/features/codeActions';
import { fixAllEdits } from '../../server/src/service/workspace/fixAll';
import { parseFile } from '../../server/src/service/core/parse';
import { closest, nearest } from '../../server/src/service/core/suggest';
import { validateFile } from '../../server/src/service/checks/validate';
import { verifyAction } from './verify';

const RULES = `apiVersion: alertsmanagement.cloud.example.com/v20230301
kind: PrometheusRuleGroup
metadata:
  name: g
spec:
  location: westus2
  owner:
    name: rg
  scopesReferences:
    - armId: /subscriptions/00000000-0000-0000-0000-000000000000/resourceGroups/rg/providers/Provider.Monitor/accounts/amw
  rules:
    - alert: Down
      expression: up == 0
      for: FOR
`;
const ACCOUNT = `apiVersion: storage.cloud.example.com/v20220901
kind: StorageAccount
metadata:
  name: stapp
spec:
  location: westus2
  owner:
    name: rg
  kind: StorageV2
  sku:
    name: Standard_LRS
  minimumTlsVersion: TLS1_2
  networkAcls:
    defaultAction: Deny
    bypass: BYPASS
`;
const BLOB = `apiVersion: storage.cloud.example.com/v20220901
kind: StorageAccountsBlobService
metadata:
  name: st-blob
spec:
  owner:
    name: st
  deleteRetentionPolicy:
    enabled: true
    days: DAYS
  cors:
    corsRules:
      - allowedOrigins: ["*"]
        allowedMethods: [GET, METHOD]
        allowedHeaders: ["*"]
        exposedHeaders: ["*"]
        maxAgeInSeconds: 10
`;
const CONTAINER = `apiVersion: storage.cloud.example.com/v20220901
kind: StorageAccountsBlobServicesContainer
metadata:
  name: st-c
spec:
  owner:
    name: st-blob
  publicAccess: ACCESS
`;

/** The diagnostic of `code`, its message, and its actions' titles (the preferred one marked `*`). */
function offered(text: string, code: string) {
  const file = parseFile(text);
  const diags = validateFile(file);
  const d = diags.find((x) => x.code === code);
  assert.ok(d, `no ${code} in ${diags.map((x) => `${x.code}: ${x.message}`).join('\n')}`);
  const actions = codeActions(file, diags, [d.start, d.end]).filter((a) => a.diag === d);
  for (const a of actions) assert.deepEqual(verifyAction(text, diags, a), [], a.title);
  return {
    message: d.message,
    titles: actions.map((a) => `${a.title}${a.isPreferred ? ' *' : ''}`),
    apply: (title: string) => applyEdits(text, actions.find((a) => a.title === title)!.edits),
    fixAll: () => applyEdits(text, fixAllEdits(file, diags)),
  };
}

describe('a message that names what to write offers it', () => {
  test('`for: 5m`: the same duration in ISO 8601, named and written, in fix-all too', () => {
    const o = offered(RULES.replace('FOR', '5m'), 'format');
    assert.match(o.message, /must be an ISO 8601 duration; write `PT5M`/);
    assert.deepEqual(o.titles, ['Change to `PT5M` *', 'Disable format for this line']);
    assert.match(o.apply('Change to `PT5M`'), /\n {6}for: PT5M\n/);
    assert.match(o.fixAll(), /\n {6}for: PT5M\n/);
    // Written in the value's quoting; hours and minutes, days, lower-case ISO.
    assert.match(offered(RULES.replace('FOR', '"1h30m"'), 'format').fixAll(), /for: "PT1H30M"/);
    assert.match(offered(RULES.replace('FOR', '1d'), 'format').fixAll(), /for: P1D\n/);
    assert.match(offered(RULES.replace('FOR', 'pt10m'), 'format').fixAll(), /for: PT10M\n/);
  });

  test('a duration that is no other form keeps the message with its example, and no fix', () => {
    const o = offered(RULES.replace('FOR', 'soon'), 'format');
    assert.match(o.message, /must be an ISO 8601 duration such as `PT5M`\.$/);
    assert.deepEqual(o.titles, ['Disable format for this line']);
  });

  test("`publicAccess: Private`: the portal's name of `None`, named, offered and safe", () => {
    const o = offered(CONTAINER.replace('ACCESS', 'Private'), 'enum-value');
    assert.match(o.message, /Did you mean `None`\?/);
    assert.deepEqual(o.titles, ['Change to `None` *', 'Disable enum-value for this line']);
    assert.match(o.fixAll(), /publicAccess: None\n/);
  });

  test('`FETCH` near no method: each method listed is offered, none preferred, none in fix-all', () => {
    const text = BLOB.replace('DAYS', '7').replace('METHOD', 'FETCH');
    const o = offered(text, 'enum-value');
    assert.deepEqual(o.titles, [
      ...['DELETE', 'GET', 'HEAD', 'MERGE', 'OPTIONS', 'PATCH', 'POST', 'PUT'].map((m) => `Change to \`${m}\``),
      'Disable enum-value for this line',
    ]);
    assert.match(o.apply('Change to `GET`'), /allowedMethods: \[GET, GET\]/);
    assert.equal(o.fixAll(), text);
  });

  test('`days: 0` below the minimum: write the minimum; above the maximum: the maximum (not in fix-all)', () => {
    const low = offered(BLOB.replace('DAYS', '0').replace('METHOD', 'PUT'), 'value-range');
    assert.deepEqual(low.titles, ['Write 1 (the minimum) *', 'Disable value-range for this line']);
    assert.match(low.apply('Write 1 (the minimum)'), /\n {4}days: 1\n/);
    const text = BLOB.replace('DAYS', '400').replace('METHOD', 'PUT');
    const high = offered(text, 'value-range');
    assert.match(high.apply('Write 365 (the maximum)'), /\n {4}days: 365\n/);
    assert.equal(high.fixAll(), text);
  });

  test('the bypass item `AzureServices`: the item `CloudServices` it names upstream, alone or in a list', () => {
    const o = offered(ACCOUNT.replace('BYPASS', 'AzureServices'), 'delimited-item');
    assert.match(o.message, /Did you mean `CloudServices`\?/);
    assert.deepEqual(o.titles, ['Change to `CloudServices` *', 'Disable delimited-item for this line']);
    assert.match(o.fixAll(), /bypass: CloudServices\n/);
    const list = offered(ACCOUNT.replace('BYPASS', '"Logging, AzureServices, Metrics"'), 'delimited-item');
    assert.match(list.fixAll(), /bypass: "Logging, CloudServices, Metrics"\n/);
    // A typo of an item is its did-you-mean.
    assert.match(offered(ACCOUNT.replace('BYPASS', 'Loging'), 'delimited-item').fixAll(), /bypass: Logging\n/);
  });
});

describe('did-you-mean among ordered values', () => {
  test('`TLS1_3` suggests `TLS1_2` (the nearest version, the highest), never the weakest', () => {
    const text = ACCOUNT.replace('TLS1_2', 'TLS1_3').replace('BYPASS', 'Logging');
    const o = offered(text, 'enum-value');
    assert.match(o.message, /Did you mean `TLS1_2`\?/);
    assert.deepEqual(o.titles.slice(0, 3), ['Change to `TLS1_2` *', 'Change to `TLS1_1`', 'Change to `TLS1_0`']);
  });

  test('ties go to the nearest number; values without numbers keep their order', () => {
    assert.equal(nearest('TLS1_3', ['TLS1_0', 'TLS1_1', 'TLS1_2']), 'TLS1_2');
    assert.equal(nearest('TLS1_0', ['TLS1_1', 'TLS1_2']), 'TLS1_1');
    assert.equal(nearest('v1beta3', ['v1beta1', 'v1beta2', 'v2beta3']), 'v1beta2');
    assert.equal(nearest('Hott', ['Hot', 'Cool']), 'Hot');
    assert.deepEqual(closest('TLS1_9', ['TLS1_0', 'TLS1_1', 'TLS1_2'], 2), ['TLS1_2', 'TLS1_1']);
  });
});

describe('"Disable" entries', () => {
  test('two diagnostics of one code on one line get one "Disable", resolving both', () => {
    // One item written twice: two problems of one code on one line.
    const text = ACCOUNT.replace('BYPASS', '"AzureServices, AzureServices"');
    const file = parseFile(text);
    const diags = validateFile(file).filter((d) => d.code === 'delimited-item');
    assert.equal(diags.length, 2);
    const disables = codeActions(file, diags).filter((a) => a.title.startsWith('Disable '));
    assert.deepEqual(
      disables.map((a) => [a.title, [a.diag, ...(a.also ?? [])].length]),
      [['Disable delimited-item for this line', 2]],
    );
  });

  test('never preferred, and after every fix of the range (the entry an editor focuses is a fix)', () => {
    // A format error with no fix, then on the same line an enum value near none: the choice comes first.
    const text = ACCOUNT.replace('BYPASS', 'Logging').replace(
      '    defaultAction: Deny\n',
      '    defaultAction: Deny\n    ipRules: [{value: 10.0.0.300, action: Block}]\n',
    );
    const file = parseFile(text);
    const diags = validateFile(file);
    assert.deepEqual(
      diags.map((d) => d.code),
      ['format', 'enum-value'],
    );
    const titles = codeActions(file, diags).map((a) => `${a.title}${a.isPreferred ? ' *' : ''}`);
    assert.deepEqual(titles, ['Change to `Allow`', 'Disable format for this line', 'Disable enum-value for this line']);
  });
});

describe('the other messages that name one value to write (the audit)', () => {
  const ALERTS = RULES.replace('FOR', 'PT5M').replace(
    '  scopesReferences:',
    '  interval: INTERVAL\n  scopesReferences:',
  );
  const BLOCK = ACCOUNT.replace('BYPASS', 'Logging')
    .replace('kind: StorageV2', 'kind: BlockBlobStorage')
    .replace('name: Standard_LRS', 'name: Premium_LRS\n    tier: Standard')
    .replace('  minimumTlsVersion: TLS1_2\n', '  minimumTlsVersion: TLS1_2\n  accessTier: Hot\n');
  const TOPIC = `apiVersion: eventgrid.cloud.example.com/v20200601
kind: Topic
metadata:
  name: mapped-topic
spec:
  location: westeurope
  owner:
    name: rg-events
  inputSchema: EventGridSchema
  inputSchemaMapping:
    json:
      inputSchemaMappingType: Json
      subject:
        sourceField: sub
`;
  const cases: [string, string, string, string, RegExp][] = [
    [
      'a duration over its maximum: the maximum',
      ALERTS.replace('INTERVAL', 'PT30M'),
      'duration-range',
      'Change to `PT15M`',
      /interval: PT15M\n/,
    ],
    [
      'a duration under its minimum: the minimum',
      ALERTS.replace('INTERVAL', 'PT10S'),
      'duration-range',
      'Change to `PT1M`',
      /interval: PT1M\n/,
    ],
    [
      'the SKU tier the name gives',
      BLOCK,
      'sku-tier-mismatch',
      'Change to `Premium`',
      /name: Premium_LRS\n {4}tier: Premium\n/,
    ],
    [
      "a BlockBlobStorage account's fixed tier",
      BLOCK,
      'access-tier-block-blob-premium',
      'Change to `Premium`',
      /accessTier: Premium\n/,
    ],
    [
      'an immutability policy created Unlocked',
      ACCOUNT.replace('BYPASS', 'Logging') +
        '  immutableStorageWithVersioning:\n    enabled: true\n    immutabilityPolicy:\n      state: Locked\n      immutabilityPeriodSinceCreationInDays: 3\n',
      'immutability-policy-locked',
      'Change to `Unlocked`',
      /state: Unlocked\n/,
    ],
    [
      'the custom event schema a mapping needs',
      TOPIC,
      'input-mapping-without-custom-schema',
      'Change to `CustomEventSchema`',
      /inputSchema: CustomEventSchema\n/,
    ],
  ];
  for (const [what, text, code, title, after] of cases)
    test(`${code}: ${what}, offered first (not in fix-all: the message names another way too)`, () => {
      const o = offered(text, code);
      assert.equal(o.titles[0], `${title} *`);
      assert.match(o.apply(title), after);
      assert.doesNotMatch(o.fixAll(), after);
    });
});

test('promql-operator: a comparison of two scalars gets the `bool` the message names', () => {
  const text = RULES.replace('expression: up == 0', 'expression: 1 == 1').replace('FOR', 'PT5M');
  const o = offered(text, 'promql-operator');
  assert.equal(o.titles[0], 'Write `== bool` *');
  assert.match(o.apply('Write `== bool`'), /expression: 1 == bool 1\n/);
});
