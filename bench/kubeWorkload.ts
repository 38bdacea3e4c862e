// Kubernetes' own kinds at scale (issue 44, point 7): one file of Deployments and Services (alternately),
// every 5th Deployment with one error (`imagePullPolicy: Sometimes`, not in the API server's enumeration),
// opened in one server and edited in the middle, each edit breaking one more Deployment. The built-in kinds
// go through the same walk as the operator's kinds, so the bound is the operator's 5,000-resource row's.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { LspSession, sleep, type ServerSpec } from './lsp';

export const GOOD_POLICY = 'IfNotPresent';
export const BAD_POLICY = 'Sometimes';
const POLICY_PREFIX = '          imagePullPolicy: ';

/** Deployment `d` (0-based, counting Deployments only) carries the error: every 5th one. */
const broken = (d: number) => d % 5 === 4;

export interface KubeWorkload {
  resources: number;
  text: string;
  lines: number;
  errors: number;
  /** Line of each clean Deployment's `imagePullPolicy`, in file order. */
  cleanPolicyLines: number[];
}

/** `resources` manifests, a Deployment and a Service in turn; `variant` makes the names (and the text) new. */
export function kubeWorkload(resources: number, variant = 0): KubeWorkload {
  const lines: string[] = [];
  const cleanPolicyLines: number[] = [];
  let errors = 0;
  for (let i = 0; i < resources; i++) {
    const name = `web${String(Math.floor(i / 2) + 1).padStart(5, '0')}${variant ? `v${variant}` : ''}`;
    if (i % 2 === 0) {
      const d = i / 2;
      lines.push(
        '---',
        'apiVersion: apps/v1',
        'kind: Deployment',
        'metadata:',
        `  name: ${name}`,
        `  labels: {app: ${name}}`,
        'spec:',
        '  replicas: 2',
        '  selector:',
        `    matchLabels: {app: ${name}}`,
        '  template:',
        '    metadata:',
        `      labels: {app: ${name}}`,
        '    spec:',
        '      containers:',
        '        - name: web',
        '          image: nginx:1.27',
      );
      if (broken(d)) errors++;
      else cleanPolicyLines.push(lines.length);
      lines.push(
        `${POLICY_PREFIX}${broken(d) ? BAD_POLICY : GOOD_POLICY}`,
        '          ports:',
        '            - containerPort: 8080',
        '          resources:',
        '            limits: {cpu: 500m, memory: 256Mi}',
      );
    } else {
      lines.push(
        '---',
        'apiVersion: v1',
        'kind: Service',
        'metadata:',
        `  name: ${name}`,
        'spec:',
        `  selector: {app: ${name}}`,
        '  ports:',
        '    - port: 80',
        '      targetPort: 8080',
      );
    }
  }
  return { resources, text: lines.join('\n') + '\n', lines: lines.length, errors, cleanPolicyLines };
}

/** The k-th edit (k = 1, 2, …): a clean Deployment from the middle of the file on gets the wrong policy. */
export function kubeEditAt(
  w: KubeWorkload,
  k: number,
): { line: number; character: number; length: number; newText: string } {
  const line = w.cleanPolicyLines[Math.floor(w.cleanPolicyLines.length / 2) + k - 1];
  if (line === undefined) throw new Error(`edit ${k} runs off the end of a ${w.resources}-resource file`);
  return { line, character: POLICY_PREFIX.length, length: GOOD_POLICY.length, newText: BAD_POLICY };
}

export interface KubeEditResult {
  open: number;
  edit: number[];
  sanity: string[];
}

const errorCount = (ds: Diagnostic[]) => ds.filter((d) => d.severity === undefined || d.severity === 1).length;

/**
 * One server: warmed up on a file of the same kinds (200 resources, fewer for a smaller file) (the built-in kinds' data loaded there),
 * then the `resources`-resource file opened once and edited `edits` times.
 */
export async function kubeEditSession(
  spec: ServerSpec,
  resources: number,
  edits: number,
  dir: string,
): Promise<KubeEditResult> {
  const uri = (name: string) => pathToFileURL(join(dir, `${name}.yaml`)).href;
  const s = new LspSession(spec);
  const sanity: string[] = [];
  const edit: number[] = [];
  try {
    await s.start();
    const warm = uri('kube-warmup');
    const ww = kubeWorkload(Math.min(200, resources), 901);
    await s.open(warm, ww.text);
    for (let k = 1; k <= 3; k++) await s.change(warm, kubeEditAt(ww, k), () => true);
    await s.close(warm);
    const w = kubeWorkload(resources, 902);
    const f = uri(`kube-${resources}`);
    const r = await s.open(f, w.text);
    const atOpen = errorCount(r.diagnostics);
    if (atOpen !== w.errors) sanity.push(`kube ${resources}: ${atOpen} errors at open, expected ${w.errors}`);
    await sleep(50);
    for (let k = 1; k <= edits; k++) {
      const want = atOpen + k;
      const e = await s.change(f, kubeEditAt(w, k), (ds) => errorCount(ds) === want);
      edit.push(e.ms);
      await sleep(20);
    }
    return { open: r.ms, edit, sanity };
  } finally {
    await s.stop();
  }
}
