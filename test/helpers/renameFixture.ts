// The workspace F2 rename is proved on (test/lsp/renameOverlays.test.ts, renameScalars.test.ts): a base with a
// StorageAccount and the blob service it owns, and two overlays naming it every way Kustomize can: a patch
// file, inline patches (a block and a double-quoted string), `target.name` of patches and JSON 6902 patches,
// a pattern, and the replacements' `source`/`select` names.
export const API = 'storage.cloud.example.com/v20220901';

export const RENAME_FILES: Record<string, string> = {
  'base/kustomization.yaml': 'resources:\n  - group.yaml\n  - account.yaml\n',
  'base/group.yaml':
    'apiVersion: resources.cloud.example.com/v1api20200601\nkind: ResourceGroup\nmetadata:\n  name: rg\nspec:\n  location: westus\n',
  'base/account.yaml': `apiVersion: ${API}
kind: StorageAccount
metadata:
  name: ingeststore
spec:
  location: westus
  kind: StorageV2
  sku:
    name: Standard_LRS
  accessTier: Hot
  owner:
    name: rg
---
apiVersion: ${API}
kind: StorageAccountsBlobService
metadata:
  name: ingestblobs
spec:
  owner:
    name: ingeststore
`,
  'overlays/dev/kustomization.yaml': `resources:
  - ../../base
namePrefix: dev
patches:
  - path: tier.yaml
  - target:
      kind: StorageAccount
      name: ingeststore
    patch: |-
      - op: add
        path: /spec/minimumTlsVersion
        value: TLS1_2
patchesStrategicMerge:
  - |-
    apiVersion: ${API}
    kind: StorageAccount
    metadata:
      name: ingeststore
    spec:
      allowBlobPublicAccess: false
`,
  'overlays/dev/tier.yaml': `apiVersion: ${API}\nkind: StorageAccount\nmetadata:\n  name: ingeststore\nspec:\n  accessTier: Cool\n`,
  'overlays/prod/kustomization.yaml': `resources:
  - ../../base
namePrefix: prod
patches:
  - path: ops.yaml
    target:
      group: storage.cloud.example.com
      version: v20220901
      kind: StorageAccount
      name: ingeststore
  - target: {kind: StorageAccount, name: ingeststore}
    patch: "apiVersion: ${API}\\nkind: StorageAccount\\nmetadata:\\n  name: ingeststore\\nspec:\\n  accessTier: Cool\\n"
  - target:
      kind: StorageAccount
      name: .*store
    patch: |-
      - op: add
        path: /spec/supportsHttpsTrafficOnly
        value: true
patchesJson6902:
  - target:
      group: storage.cloud.example.com
      version: v20220901
      kind: StorageAccount
      name: ingeststore
    path: json-ops.yaml
replacements:
  - source:
      kind: StorageAccount
      name: ingeststore
      fieldPath: spec.location
    targets:
      - select:
          kind: StorageAccount
          name: ingeststore
        fieldPaths:
          - metadata.annotations.region
        options:
          create: true
`,
  'overlays/prod/ops.yaml': '- op: add\n  path: /spec/minimumTlsVersion\n  value: TLS1_2\n',
  'overlays/prod/json-ops.yaml': '- op: add\n  path: /spec/allowBlobPublicAccess\n  value: false\n',
};

export interface Out {
  kind: string;
  metadata: { name: string; annotations?: Record<string, string> };
  spec: Record<string, unknown>;
}
