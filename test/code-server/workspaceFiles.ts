// The workspace the real-editor tests open: a few of the examples (a resource group, a storage account
// with its blob service and containers, a configuration store) plus two files with known mistakes: one
// the test opens, one it never opens (only "Check Workspace Manifests" reports it), and a settings file
// with a mistake its schema catches.
import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const repo = join(__dirname, '..', '..');

export const MISTAKES_FILE = 'mistakes.yaml';
export const CLOSED_FILE = 'monitoring/closed-mistakes.yaml';
/** The checker's settings file, with a rule level the contributed schema does not allow. */
export const SETTINGS_FILE = '.cloud-manifests.json';
export const SETTINGS_TEXT = '{\n  "rules": {\n    "enum-case": "loud"\n  }\n}\n';

export const MISTAKES = `# Deliberate mistakes: each is reported by the language server.
apiVersion: storage.cloud.example.com/v20220901
kind: StorageAccount
metadata:
  name: draftstore
  namespace: default
spec:
  location: westus2
  owner:
    name: rg-app
  kind: StorageV2
  sku:
    name: Standard_XYZ
  accessTier: hot
  minimumTlsVersion: TLS1_2
  publicNetworkAccess: Enabled
---
apiVersion: storage.cloud.example.com/v20220901
kind: StorageAccountsBlobService
metadata:
  name: draftstore-blob
  namespace: default
spec:
  owner:
    name: draftstore
  deleteRetentionPolicy:
    enabled: true
    days: 400
`;

/** Expected diagnostics of MISTAKES: 1-based line, code. */
export const MISTAKES_EXPECTED = [
  { line: 13, code: 'enum-value', text: 'Standard_XYZ' },
  { line: 14, code: 'enum-case', text: 'hot' },
  { line: 28, code: 'value-range', text: '400' },
];

export const CLOSED = `apiVersion: alertsmanagement.cloud.example.com/v20230301
kind: PrometheusRuleGroup
metadata:
  name: api-alerts
  namespace: default
spec:
  location: westus2
  owner:
    name: rg-app
  interval: PT30M
  scopesReferences:
    - armId: /subscriptions/00000000-0000-0000-0000-000000000000/resourceGroups/rg-app/providers/Provider.Monitor/accounts/prom
  rules:
    - alert: ApiDown
      expression: up{job="api"} == 0
      severity: 7
`;

export const CLOSED_EXPECTED = [
  { line: 10, code: 'duration-range', text: 'PT30M' },
  { line: 16, code: 'value-range', text: '7' },
];

/** Writes the workspace into `dir`. */
export function makeWorkspace(dir: string): string {
  mkdirSync(join(dir, 'storage'), { recursive: true });
  mkdirSync(join(dir, 'monitoring'), { recursive: true });
  cpSync(join(repo, 'examples', 'resource-group.yaml'), join(dir, 'resource-group.yaml'));
  cpSync(join(repo, 'examples', 'appconfiguration.yaml'), join(dir, 'appconfiguration.yaml'));
  cpSync(join(repo, 'examples', 'storage', 'account.yaml'), join(dir, 'storage', 'account.yaml'));
  cpSync(join(repo, 'examples', 'storage', 'blob.yaml'), join(dir, 'storage', 'blob.yaml'));
  writeFileSync(join(dir, MISTAKES_FILE), MISTAKES);
  writeFileSync(join(dir, CLOSED_FILE), CLOSED);
  writeFileSync(join(dir, SETTINGS_FILE), SETTINGS_TEXT);
  return dir;
}
