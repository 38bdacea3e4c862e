// The StorageAccount manifest the service, protocol and analysis tests share: valid as it is, with the
// fields a test varies as options (a name, a TLS version to get wrong, the domain, the access tier).
export interface AccountOptions {
  name?: string;
  /** The domain of the group (`storage.<domain>/v20220901`). */
  domain?: string;
  minimumTlsVersion?: string;
  /** `null` leaves the field out. */
  accessTier?: string | null;
}

export const storageAccount = ({
  name = 'acct',
  domain = 'example.org',
  minimumTlsVersion = 'TLS1_2',
  accessTier = 'Hot',
}: AccountOptions = {}): string => `apiVersion: storage.${domain}/v20220901
kind: StorageAccount
metadata:
  name: ${name}
spec:
  location: westus2
  kind: StorageV2
  sku:
    name: Standard_LRS
  owner:
    name: rg
${accessTier === null ? '' : `  accessTier: ${accessTier}\n`}  minimumTlsVersion: ${minimumTlsVersion}
`;

/**
 * A CustomResourceDefinition of one served and stored version (`v1` unless named) whose `openAPIV3Schema` is
 * `root`, written at its indentation (10 spaces); `scope` Namespaced unless named.
 */
export const rootCrdText = (o: {
  group: string;
  kind: string;
  plural: string;
  root: string;
  version?: string;
  scope?: 'Namespaced' | 'Cluster';
  name?: string;
}): string =>
  `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: ${o.name ?? `${o.plural}.${o.group}`}
spec:
  group: ${o.group}
  names: {kind: ${o.kind}, plural: ${o.plural}}
  scope: ${o.scope ?? 'Namespaced'}
  versions:
    - name: ${o.version ?? 'v1'}
      served: true
      storage: true
      schema:
        openAPIV3Schema:
${o.root}`;

/**
 * A CustomResourceDefinition of one served and stored version `v1` whose schema is an object with a `spec`
 * object; `spec` is the rest of that object's schema (`required`, `x-kubernetes-validations`, `properties`…),
 * written at its indentation (14 spaces).
 */
export const crdText = (o: { group: string; kind: string; plural: string; spec: string }): string =>
  rootCrdText({
    ...o,
    root: `          type: object
          properties:
            spec:
              type: object
${o.spec}`,
  });

/**
 * A Helm template's lines with literal mistakes a fix may change (enum values in the wrong case): beside an
 * action in a flow mapping (line 10), in an `else` branch (line 14) and on a line of their own (line 16).
 */
export const FIXABLE_TEMPLATE_LINES: readonly string[] = [
  'apiVersion: storage.cloud.example.com/v20220901',
  'kind: StorageAccount',
  'metadata:',
  '  name: {{ .Release.Name }}',
  'spec:',
  '  location: {{ .Values.location | quote }}',
  '  owner:',
  '    name: {{ .Values.rg }}',
  '  kind: StorageV2',
  '  sku: { name: {{ .Values.sku }}, tier: standard }',
  '  {{- if .Values.tier }}',
  '  accessTier: {{ .Values.tier }}',
  '  {{- else }}',
  '  accessTier: cool',
  '  {{- end }}',
  '  minimumTlsVersion: tls1_2',
];

/** A read-only `status` block holding an action: removing it (its fix) would remove the action. */
export const STATUS_WITH_ACTION: readonly string[] = ['status:', '  provisioningState: {{ .Values.state }}'];
