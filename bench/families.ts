// The kinds of single-file workload the bench opens and edits: the 16-line StorageAccounts of workload.ts,
// PrometheusRuleGroups whose rules carry realistic PromQL, and StorageAccounts with CEL operator
// expressions. Each expression names its resource in a string literal, so no expression text repeats; the
// shapes repeat (other label values, other suffixes), as they do in real rule files. Every 10th resource has one error both servers find from the schema alone, and
// each edit adds one more such error, so the sanity checks and the edit predicate work for the peer too.
import { join } from 'node:path';
import {
  ACCESS_TIER_LINE,
  deepPositions,
  editAt,
  fileWorkload,
  hasError,
  HOVER_LINE,
  PEER_SCHEMA,
  resource,
  TLS_LINE,
  type Family,
  type FileWorkload,
} from './workload';

type Position = { line: number; character: number };

export const STORAGE: Family = {
  name: 'StorageAccount',
  schema: PEER_SCHEMA,
  make: fileWorkload,
  edit: editAt,
  positions: deepPositions,
  completionLabel: 'Cool',
};

/** Builds a family from one resource's lines, the line of the edited value and the deep positions. */
function family(o: {
  name: string;
  schema: string;
  lines: (i: number, variant: number) => string[];
  /** Line (in a resource) and prefix of the value the error and the edits change, with the good and bad value. */
  editLine: number;
  editPrefix: string;
  good: string;
  bad: string;
  completion: { line: number; character: number; label: string };
  hover: { line: number; character: number };
}): Family {
  const per = o.lines(0, 0).length;
  const make = (resources: number, variant = 0): FileWorkload => {
    const parts: string[] = [];
    let errors = 0;
    for (let i = 0; i < resources; i++) {
      const lines = o.lines(i, variant);
      if (lines.length !== per) throw new Error(`${o.name}: resource ${i} has ${lines.length} lines, not ${per}`);
      if (hasError(i)) {
        lines[o.editLine] = o.editPrefix + o.bad;
        errors++;
      }
      parts.push(lines.join('\n'));
    }
    return { resources, text: parts.join('\n') + '\n', lines: resources * per, errors, family: undefined };
  };
  const fam: Family = {
    name: o.name,
    schema: o.schema,
    make: (resources, variant) => ({ ...make(resources, variant), family: fam }),
    edit(resources, k) {
      const mid = Math.floor(resources / 2);
      let i = mid;
      for (let seen = 0; ; i++) {
        if (!hasError(i)) seen++;
        if (seen === k) break;
      }
      if (i >= resources) throw new Error(`edit ${k} runs off the end of a ${resources}-resource file`);
      return { line: i * per + o.editLine, character: o.editPrefix.length, length: o.good.length, newText: o.bad };
    },
    positions(resources, count) {
      const completion: Position[] = [];
      const hover: Position[] = [];
      for (let j = 0; j < count; j++) {
        const i = resources - 1 - (j % Math.min(resources, 50));
        completion.push({ line: i * per + o.completion.line, character: o.completion.character });
        hover.push({ line: i * per + o.hover.line, character: o.hover.character });
      }
      return { completion, hover };
    },
    completionLabel: o.completion.label,
  };
  return fam;
}

const n5 = (i: number, variant: number) => String(i + 1).padStart(5, '0') + (variant ? `v${variant}` : '');

/** A PrometheusRuleGroup of four rules (two alerts, two recordings) with the kind of PromQL real groups hold. */
function ruleGroup(i: number, variant: number): string[] {
  const n = n5(i, variant);
  const job = `api-${n}`;
  return [
    '---',
    'apiVersion: alertsmanagement.cloud.example.com/v20230301',
    'kind: PrometheusRuleGroup',
    'metadata:',
    `  name: rules${n}`,
    '  namespace: default',
    'spec:',
    '  location: westus2',
    '  owner:',
    '    name: rg-bench',
    '  interval: PT1M',
    '  scopesReferences:',
    '    - armId: /subscriptions/00000000-0000-0000-0000-000000000000/resourceGroups/rg-bench/providers/Provider.Monitor/accounts/prom',
    '  rules:',
    `    - record: job:http_requests:rate5m`,
    `      expression: sum by (job, code) (rate(http_requests_total{job="${job}"}[5m]))`,
    `    - record: job:http_latency_seconds:p99`,
    `      expression: histogram_quantile(0.99, sum by (job, le) (rate(http_request_duration_seconds_bucket{job="${job}"}[5m])))`,
    `    - alert: HighErrorRate`,
    '      expression: |',
    `        sum by (job) (rate(http_requests_total{job="${job}", code=~"5.."}[5m]))`,
    `          / sum by (job) (rate(http_requests_total{job="${job}"}[5m])) > 0.05`,
    '      for: PT10M',
    '      severity: 2',
    '      enabled: true',
    '      labels:',
    '        team: payments',
    '      annotations:',
    `        summary: "Error rate above 5% on {{ $labels.job }}"`,
    `    - alert: DiskFillingUp`,
    `      expression: predict_linear(node_filesystem_avail_bytes{job="${job}", mountpoint="/"}[6h], 4 * 3600) < 0 and on (instance) up{job="${job}"} == 1`,
    '      for: PT30M',
    '      severity: 3',
  ];
}

export const RULE_GROUPS = family({
  name: 'PrometheusRuleGroup (PromQL)',
  schema: join('schemas', 'alertsmanagement', 'v20230301', 'PrometheusRuleGroup.json'),
  lines: ruleGroup,
  // `      severity: 2` of the first alert: 9 is out of range (0 to 4) for both servers.
  editLine: 23,
  editPrefix: '      severity: ',
  good: '2',
  bad: '9',
  // `      enabled: |true`: the boolean values; hover on `severity`.
  completion: { line: 24, character: '      enabled: '.length, label: 'true' },
  hover: { line: 23, character: 8 },
});

/** A StorageAccount (the 16 lines of workload.ts) with two secret and two config map CEL expressions. */
function accountWithExpressions(i: number, variant: number): string[] {
  const n = n5(i, variant);
  const base = resource(i, variant).split('\n');
  // resource() writes the error of every 10th resource itself; the family adds it (at editLine) instead.
  base[TLS_LINE] = '  minimumTlsVersion: TLS1_2';
  return [
    ...base,
    '  operatorSpec:',
    '    secretExpressions:',
    `      - name: store${n}-secrets`,
    '        key: connection',
    `        value: '"DefaultEndpointsProtocol=https;AccountName=" + self.metadata.name + ";AccountKey=" + secret.key1 + ";suffix=${n}"'`,
    `      - name: store${n}-secrets`,
    `        value: '{"blob": self.status.primaryEndpoints.internetEndpoints.blob, "web": self.status.primaryEndpoints.internetEndpoints.web, "id": "${n}"}'`,
    '    configMapExpressions:',
    `      - name: store${n}-config`,
    '        key: host',
    `        value: self.status.primaryEndpoints.internetEndpoints.?blob.orValue("").replace("https://", "").split("/")[0] + "-${n}"`,
    `      - name: store${n}-config`,
    '        key: location',
    `        value: self.spec.location + "/" + string(self.spec.isHnsEnabled) + "/${n}"`,
  ];
}

export const OPERATOR_EXPRESSIONS = family({
  name: 'StorageAccount with CEL expressions',
  schema: PEER_SCHEMA,
  lines: accountWithExpressions,
  editLine: TLS_LINE,
  editPrefix: '  minimumTlsVersion: ',
  good: 'TLS1_2',
  bad: 'TLS1_9',
  completion: { line: ACCESS_TIER_LINE, character: '  accessTier: '.length, label: 'Cool' },
  hover: { line: HOVER_LINE, character: 9 },
});
