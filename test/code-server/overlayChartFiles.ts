// The workspace of overlaysCharts.test.ts: a Kustomize base and an overlay whose patch has one real mistake,
// and a Helm chart whose template has one mistake in a literal part. Nothing else in it is wrong: the
// Problems panel must show exactly these two (shared with an LSP-level test that checks the same).
import { account, docs, rg } from '../workspace/helpers';

export const PATCH_FILE = 'overlays/prod/tls.yaml';
export const TEMPLATE_FILE = 'chart/templates/account.yaml';
/** An empty manifest file the workbench suite types into (empty: no problem of its own). */
export const TYPED_FILE = 'typed/new.yaml';

export const OVERLAY_CHART_FILES: Record<string, string> = {
  // A base that labels what it lists: a base all the same (the overlay lists it), never shown as an overlay.
  'base/kustomization.yaml':
    'apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\nresources:\n  - all.yaml\nlabels:\n  - pairs:\n      app: store\n',
  'base/all.yaml': docs(rg('rg'), account('appstore', 'rg', '  accessTier: Hot\n')),
  'overlays/prod/kustomization.yaml':
    'apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\nnamespace: prod\nresources:\n  - ../../base\npatches:\n  - path: tls.yaml\n',
  // A strategic-merge patch: only what changes; nothing "missing".
  [PATCH_FILE]: `apiVersion: storage.cloud.example.com/v20220901
kind: StorageAccount
metadata:
  name: appstore
spec:
  minimumTlsVersion: TLS1_9
`,
  [TYPED_FILE]: '',
  'chart/Chart.yaml': 'apiVersion: v2\nname: store\ndescription: A storage account\nversion: 0.1.0\n',
  'chart/values.yaml': 'name: store\ngroup: rg\nlocation: westus2\ntls: true\n',
  [TEMPLATE_FILE]: `apiVersion: storage.cloud.example.com/v20220901
kind: StorageAccount
metadata:
  name: {{ .Values.name }}
  labels:
    {{- include "store.labels" . | nindent 4 }}
spec:
  location: {{ .Values.location | quote }}
  kind: StorageV2
  sku:
    name: Standard_LRS
  owner:
    name: {{ .Values.group }}
  accessTier: Lukewarm
  {{- if .Values.tls }}
  minimumTlsVersion: TLS1_2
  {{- end }}
`,
};

/** The two problems (1-based line, code, the text squiggled), and nothing else. */
export const OVERLAY_CHART_EXPECTED = [
  { file: PATCH_FILE, line: 6, code: 'enum-value', text: 'TLS1_9' },
  { file: TEMPLATE_FILE, line: 14, code: 'enum-value', text: 'Lukewarm' },
];
