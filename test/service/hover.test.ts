// Hover as a user sees it: the markdown shown over a key, an enum value, `apiVersion` and `kind` (`|` marks
// the cursor in the fixtures), and the range it applies to.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { hover } from '../../server/src/service/features/hover';
import { parseFile } from '../../server/src/service/core/parse';
import { cursor } from '../helpers/cursor';

function hoverAt(src: string): { markdown: string; hovered: string } | undefined {
  const { text, offset } = cursor(src);
  const h = hover(parseFile(text), offset);
  return h && { markdown: h.markdown, hovered: text.slice(h.start, h.end) };
}

function must(src: string) {
  const h = hoverAt(src);
  assert.ok(h, 'a hover is shown');
  return h;
}

const STORAGE = `apiVersion: storage.example.org/v20220901
kind: StorageAccount
metadata:
  name: acct
`;

test('key: path, type, optional, meaning, limits', () => {
  const h = must(
    `${STORAGE}spec:\n  networkAcls:\n    defaultAction: Deny\n    ipRules:\n      - val|ue: 10.0.0.0/24\n`,
  );
  assert.equal(h.hovered, 'value');
  assert.match(h.markdown, /`spec\.networkAcls\.ipRules\[\]\.value`/);
  assert.match(h.markdown, /string/);
  assert.match(h.markdown, /Optional/);
  assert.match(h.markdown, /10\.0\.0\.0\/24/);
});

test('key: required, list limits and required members', () => {
  const h = must(`apiVersion: appconfiguration.example.org/v20240601
kind: Snapshot
metadata:
  name: snap
spec:
  owner:
    name: store
  fil|ters:
    - key: app/*
`);
  assert.match(h.markdown, /`spec\.filters`/);
  assert.match(h.markdown, /`list of objects`/);
  assert.match(h.markdown, /\*\*Required\*\*/);
  assert.match(h.markdown, /1 to 3 items/);
  assert.match(h.markdown, /`key`/);
});

test('key: numeric limits, set only at creation', () => {
  const h = must(`apiVersion: appconfiguration.example.org/v20240601
kind: Snapshot
metadata:
  name: snap
spec:
  retentionP|eriod: 3600
`);
  assert.match(h.markdown, /`integer`/);
  assert.match(h.markdown, /3600 to 7776000/);
  assert.match(h.markdown, /Set only at creation/);
});

test('key: allowed values with meanings, default, cannot be reverted, deprecated', () => {
  const tls = must(`${STORAGE}spec:\n  minimumTls|Version: TLS1_2\n`);
  assert.match(tls.markdown, /Allowed values/);
  assert.match(tls.markdown, /`TLS1_2`/);
  assert.match(tls.markdown, /Default:\*\* `TLS1_0`/);
  const large = must(`${STORAGE}spec:\n  largeFile|SharesState: Enabled\n`);
  assert.match(large.markdown, /Cannot be reverted/);
  const dep = must(
    `apiVersion: storage.example.org/v20220901\nkind: StorageAccountsBlobService\nspec:\n  automaticSnapshot|PolicyEnabled: true\n`,
  );
  assert.match(dep.markdown, /Deprecated/);
  assert.match(dep.markdown, /isVersioningEnabled/);
});

test('enum value: its meaning and the other allowed values of the document version', () => {
  const conv = must(
    `apiVersion: authorization.example.org/v20220401\nkind: RoleAssignment\nspec:\n  operatorSpec:\n    namingConvention: sta|ble\n`,
  );
  assert.equal(conv.hovered, 'stable');
  assert.match(conv.markdown, /uuid derived from group, kind, namespace, name and owner/);
  assert.match(conv.markdown, /Other allowed values/);
  assert.match(conv.markdown, /`random` — a random uuid/);

  const doc = (v: string) =>
    `apiVersion: authorization.example.org/${v}\nkind: RoleAssignment\nspec:\n  principalType: Us|er\n`;
  assert.match(must(doc('v20220401')).markdown, /AgentUser/);
  assert.doesNotMatch(must(doc('v1api20220401')).markdown, /AgentUser/);
  assert.match(must(doc('v1api20220401')).markdown, /ServicePrincipal/);
});

test('apiVersion: group, API version, path shape, owner kind', () => {
  const h = must(`apiVer|sion: storage.example.org/v20220901\nkind: StorageAccount\n`);
  assert.equal(h.hovered, 'apiVersion');
  assert.match(h.markdown, /StorageAccount/);
  assert.match(h.markdown, /2022-09-01/);
  assert.match(h.markdown, /`storage\.example\.org`/);
  assert.match(
    h.markdown,
    /\/subscriptions\/\{subscriptionId\}\/resourceGroups\/\{resourceGroupName\}\/providers\/Provider\.Storage\/storageAccounts\/\{accountName\}/,
  );
  assert.match(h.markdown, /Owner:\*\* a `ResourceGroup`/);
  // On the value too.
  const v = must(`apiVersion: storage.example.org/v2022|0901\nkind: StorageAccount\n`);
  assert.equal(v.hovered, 'storage.example.org/v20220901');
  assert.match(v.markdown, /2022-09-01/);
});

test('kind: the kind, any-resource owners, no owner, path not shown', () => {
  const ra = must(`apiVersion: authorization.example.org/v1api20220401\nkind: RoleAss|ignment\n`);
  assert.equal(ra.hovered, 'RoleAssignment');
  assert.match(ra.markdown, /2022-04-01/);
  assert.match(ra.markdown, /any resource/);
  assert.match(ra.markdown, /roleAssignments/);
  assert.match(ra.markdown, /v20220401/, 'other versions');
  const rg = must(`apiVersion: resources.example.org/v1api20200601\nki|nd: ResourceGroup\n`);
  assert.match(rg.markdown, /Owner:\*\* none/);
  const queue = must(`apiVersion: storage.example.org/v20220901\nkind: StorageAccountsQueue|Service\n`);
  assert.match(queue.markdown, /not shown/);
  assert.match(queue.markdown, /`StorageAccount`/);
  const list = must(`apiVersion: storage.example.org/v20220901\nkind: StorageAccount|List\nitems: []\n`);
  assert.match(list.markdown, /StorageAccountList/);
});

test('map entries and list items', () => {
  const tag = must(`${STORAGE}spec:\n  tags:\n    e|nv: prod\n`);
  assert.match(tag.markdown, /`spec\.tags\.env`/);
  const item = must(
    `apiVersion: storage.example.org/v20220901\nkind: StorageAccountList\nitems:\n- metadata:\n    name: a\n  spec:\n    sk|u:\n      name: Standard_LRS\n`,
  );
  assert.match(item.markdown, /`items\[\]\.spec\.sku`/);
});

test('a document that does not parse still hovers', () => {
  const h = must(`${STORAGE}spec:\n  locat\n  s|ku:\n    name: Standard_LRS\n`);
  assert.match(h.markdown, /`spec\.sku`/);
});

test('nothing for documents that are not ours, nor for unknown keys', () => {
  assert.equal(hoverAt(`services:\n  we|b:\n    image: nginx\n`), undefined);
  assert.equal(hoverAt(`apiVersion: cert-manager.io/v1\nki|nd: Certificate\n`), undefined);
  assert.equal(hoverAt(`${STORAGE}spec:\n  loca|ton: westus\n`), undefined);
});

test("a position at a token's end belongs to the token: right after a key, at the end of a value", () => {
  // Ctrl+K Ctrl+I where the caret is after typing: `accessTier|:` and `Hot|`.
  const key = must(`${STORAGE}spec:\n  accessTier|: Hot\n  kind: StorageV2\n`);
  assert.equal(key.hovered, 'accessTier');
  assert.match(key.markdown, /spec\.accessTier/);
  const value = must(`${STORAGE}spec:\n  accessTier: Hot|\n  kind: StorageV2\n`);
  assert.equal(value.hovered, 'Hot');
  assert.match(value.markdown, /\*\*`Hot`\*\*/);
  // At the end of the file, without a final newline.
  assert.equal(must(`${STORAGE}spec:\n  accessTier: Hot|`).hovered, 'Hot');
  // In a document that does not parse (read from its lines), too.
  const broken = must(`${STORAGE}spec:\n  accessTier|: Hot\n  kind: "StorageV2\n`);
  assert.equal(broken.hovered, 'accessTier');
});

test("hover shows the field path and a plain type, not the spec's generated type names", () => {
  const tier = must(
    `apiVersion: storage.example.org/v20220901\nkind: StorageAccountsFileServicesShare\nspec:\n  access|Tier: Hot\n`,
  );
  assert.match(tier.markdown, /^\*\*`spec\.accessTier`\*\* — `string \(enum\)` — \*Optional\*/);
  assert.doesNotMatch(tier.markdown, /FileShareProperties_AccessTier/);
  const value = must(
    `apiVersion: storage.example.org/v20220901\nkind: StorageAccountsFileServicesShare\nspec:\n  accessTier: H|ot\n`,
  );
  assert.doesNotMatch(value.markdown, /FileShareProperties_AccessTier/);
  const sku = must(`${STORAGE}spec:\n  s|ku:\n    name: Standard_LRS\n`);
  assert.match(sku.markdown, /^\*\*`spec\.sku`\*\* — `object` — \*\*Required\*\*/);
  const owner = must(`${STORAGE}spec:\n  ow|ner:\n    name: rg\n`);
  assert.match(owner.markdown, /— `reference` —/);
  const tags = must(`${STORAGE}spec:\n  ta|gs:\n    a: b\n`);
  assert.match(tags.markdown, /— `map of string to string` —/);
});

test('a list of objects: what an item holds, each field with its type, required ones marked, and its limits', () => {
  const ip = must(`apiVersion: eventgrid.example.org/v20200601
kind: Domain
metadata:
  name: d
spec:
  inboundIp|Rules:
    - ipMask: 10.0.0.0/24
      action: Allow
`);
  assert.match(ip.markdown, /`list of objects`/);
  assert.match(ip.markdown, /\*\*Each item holds:\*\*/);
  assert.match(
    ip.markdown,
    /- `ipMask` — `string \(cidr\)` — [^\n]*CIDR notation; a CIDR range such as `10\.0\.0\.0\/24`/,
  );
  assert.match(ip.markdown, /- `action` — `string \(enum\)` — [^\n]*one of `Allow`/);
  const cors = must(`apiVersion: storage.example.org/v20220901
kind: StorageAccountsBlobService
metadata:
  name: b
spec:
  cors:
    cors|Rules: []
`);
  // Every CORS rule field is required when a rule is present.
  for (const k of ['allowedHeaders', 'allowedMethods', 'allowedOrigins', 'exposedHeaders', 'maxAgeInSeconds'])
    assert.match(cors.markdown, new RegExp(`- \`${k}\` — [^\\n]*\\*\\*required\\*\\*`));
  const rules = must(`apiVersion: alertsmanagement.example.org/v20230301
kind: PrometheusRuleGroup
metadata:
  name: g
spec:
  ru|les: []
`);
  assert.match(rules.markdown, /- `expression` — `string \(promql\)` — \*\*required\*\*/);
  assert.match(rules.markdown, /- `severity` — `integer` — [^\n]*0 to 4/);
  assert.doesNotMatch(rules.markdown, /- `alert` — [^\n]*required/);
});

test('a core v1 List: each item hovers as the kind it names', () => {
  const list = `apiVersion: v1
kind: List
items:
  - apiVersion: cert-manager.io/v1
    kind: Certificate
    metadata:
      na@me: settings
  - apiVersion: storage.example.org/v20220901
    kind: Storage#Account
    metadata:
      name: acct
    spec:
      access$Tier: Hot
  - apiVersion: eventgrid.example.org/v20200601
    kind: Domain
    spec:
      publicNetwork%Access: Enabled
`;
  const at = (marker: string) => {
    const text = list.replace(/[@#$%]/g, (m) => (m === marker ? '|' : ''));
    return hoverAt(text);
  };
  assert.equal(at('@'), undefined);
  assert.match(at('#')!.markdown, /^\*\*StorageAccount\*\* — `storage\.example\.org\/v20220901`/);
  assert.match(at('$')!.markdown, /`items\[\]\.spec\.accessTier`/);
  assert.match(at('$')!.markdown, /BlobStorage/);
  assert.match(at('%')!.markdown, /`items\[\]\.spec\.publicNetworkAccess`[\s\S]*domain/);
});
