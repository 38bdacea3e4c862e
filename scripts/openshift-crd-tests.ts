// OpenShift's declarative CRD tests (openshift/api: `<group>/<version>/tests/<crd>/<feature gate>.yaml`, each
// `onCreate` case an object the API server must accept, or refuse with `expectedError` in its message) run
// against the product, each on its CRD as that feature gate generates it
// (`zz_generated.featuregated-crd-manifests/<crd>/<feature gate>.yaml`). A differential measure, not a test:
// the data stays in OpenShift's repository. `npx tsx scripts/openshift-crd-tests.ts <openshift/api checkout>
// [--list KIND]` prints how many cases agree (an accepted object gets no error; a refused one gets an error
// saying what the API server says), and the others by cause. `onUpdate` cases (transition rules, status) are
// counted apart, not run.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parse, stringify } from 'yaml';
import { Analysis } from '../server/src/service/analysis';
import { severityOf, type Diag } from '../server/src/service/core/diag';

const root = process.argv[2];
const listKind = process.argv.indexOf('--list') > 0 ? process.argv[process.argv.indexOf('--list') + 1] : undefined;
if (!root) {
  console.error('usage: npx tsx scripts/openshift-crd-tests.ts <openshift/api checkout> [--list KIND]');
  process.exit(2);
}

interface Suite {
  crdName: string;
  tests?: { onCreate?: Case[]; onUpdate?: unknown[] };
}
interface Case {
  name: string;
  initial: string;
  expectedError?: string;
}

function suites(dir: string, out: string[] = []): string[] {
  for (const n of readdirSync(dir)) {
    const p = join(dir, n);
    if (n === '.git' || n === 'vendor' || n === 'node_modules') continue;
    if (statSync(p).isDirectory()) suites(p, out);
    else if (/\/tests\/[^/]+\/[^/]+\.yaml$/.test(p)) out.push(p);
  }
  return out;
}

/** The part of the API server's error a product message must say, and the kind of error it is. */
function expectation(e: string): { kind: string; text: string; field?: string } {
  let s = e.trim();
  const invalid = s.lastIndexOf(' is invalid: ');
  if (invalid >= 0) s = s.slice(invalid + ' is invalid: '.length);
  s = s.replace(/^\[/, '').replace(/, <nil>: Invalid value: "null": some validation rules were not checked.*$/, '');
  s = s.replace(/\]$/, '');
  const field = /^([A-Za-z0-9_.[\]-]+): /.exec(s)?.[1];
  const body = field ? s.slice(field.length + 2) : s;
  // A rule's message (`Invalid value: "object": <message>`), whatever words it holds.
  const cel = /^Invalid value: "(?:object|string|integer|number|array|boolean)": ([\s\S]*)$/.exec(body);
  if (cel && !/ in body /.test(body)) return { kind: 'message', text: cel[1], field };
  if (/^Required value/.test(body)) return { kind: 'required', text: body, field };
  if (/^Unsupported value/.test(body)) return { kind: 'enum', text: body, field };
  if (/^Too many/.test(body) || /should have at most/.test(body)) return { kind: 'too-many', text: body, field };
  if (/^Too long/.test(body) || /may not be (longer|more) than/.test(body))
    return { kind: 'too-long', text: body, field };
  if (/should have at least \d+ properties|should have at least \d+ items/.test(body))
    return { kind: 'too-few', text: body, field };
  if (/should be at least \d+ chars long/.test(body)) return { kind: 'too-short', text: body, field };
  if (/^Duplicate value/.test(body)) return { kind: 'duplicate', text: body, field };
  if (/in body should match/.test(body)) return { kind: 'pattern', text: body, field };
  if (/in body must be of type/.test(body)) return { kind: 'type', text: body, field };
  if (/should be (greater|less) than or equal to|must be (greater|less) than/.test(body))
    return { kind: 'range', text: body, field };
  return { kind: 'message', text: cel ? cel[1] : body, field };
}

const CODES: Readonly<Record<string, string[]>> = {
  required: ['missing-required', 'crd-validation'],
  enum: ['enum-value', 'enum-case', 'crd-validation'],
  'too-many': ['item-count', 'map-limits', 'crd-validation'],
  'too-long': ['string-length', 'crd-validation'],
  'too-few': ['item-count', 'map-limits', 'crd-validation'],
  'too-short': ['string-length', 'crd-validation'],
  duplicate: ['duplicate-item', 'crd-validation'],
  pattern: ['pattern', 'crd-validation'],
  type: ['wrong-type', 'format'],
  range: ['value-range', 'crd-validation'],
};

const lastSegment = (f: string) =>
  f
    .replace(/\[\d+\]$/, '')
    .split('.')
    .pop() ?? f;

function said(d: Diag, x: ReturnType<typeof expectation>): boolean {
  if (x.kind === 'message')
    return d.message.replace(/\s+/g, ' ').includes(x.text.replace(/\s+/g, ' ').replace(/\.$/, ''));
  if (!CODES[x.kind].includes(d.code)) return false;
  if (d.code === 'crd-validation' && !d.message.includes(x.text.split(':')[0])) return false;
  return !x.field || d.message.includes(lastSegment(x.field));
}

const counts = new Map<string, number>();
const add = (k: string) => counts.set(k, (counts.get(k) ?? 0) + 1);
const examples = new Map<string, string[]>();
const note = (k: string, s: string) => {
  const l = examples.get(k) ?? [];
  if (l.length < 6) l.push(s);
  examples.set(k, l);
};

for (const file of suites(root)) {
  const suite = parse(readFileSync(file, 'utf8'), { uniqueKeys: false }) as Suite;
  const gate = file.split('/').pop()!;
  const gv = file.slice(0, file.lastIndexOf('/tests/'));
  const crdFile = join(gv, 'zz_generated.featuregated-crd-manifests', suite.crdName, gate);
  if (!existsSync(crdFile)) {
    add('suite without its CRD');
    continue;
  }
  const a = new Analysis();
  a.indexFile(`file:///os/${suite.crdName}.yaml`, readFileSync(crdFile, 'utf8'));
  a.applyCrds();
  for (let i = 0; i < (suite.tests?.onUpdate ?? []).length; i++) add('onUpdate (not run)');
  for (const c of suite.tests?.onCreate ?? []) {
    const obj = parse(c.initial, { uniqueKeys: false }) as Record<string, unknown>;
    const meta = (obj.metadata ?? {}) as Record<string, unknown>;
    obj.metadata = { ...meta, name: meta.name ?? 'cluster' };
    const text = stringify(obj);
    const diags = a.fileDiagnostics('file:///os/object.yaml', a.parse(text));
    const errors = diags.filter((d) => severityOf(d) === 'error');
    const notRun = diags.filter((d) => d.code === 'crd-rule-not-run');
    const where = `${suite.crdName} ${gate}: ${c.name}`;
    const shown = (ds: Diag[]) => ds.map((d) => `${d.code}: ${d.message.slice(0, 220)}`).join(' | ');
    if (listKind && !String(obj.kind).includes(listKind)) continue;
    if (c.expectedError === undefined) {
      if (errors.length === 0) add(notRun.length ? 'accepted: agree, a rule not run' : 'accepted: agree');
      else {
        add('accepted: FALSE ERROR');
        note('accepted: FALSE ERROR', `${where}\n      ${shown(errors)}`);
      }
      continue;
    }
    const x = expectation(c.expectedError);
    if (errors.some((d) => said(d, x))) add('refused: agree');
    else if (errors.length > 0) {
      add(`refused: other words (${x.kind})`);
      note(
        `refused: other words (${x.kind})`,
        `${where}\n      want: ${c.expectedError.slice(0, 200)}\n      got:  ${shown(errors)}`,
      );
    } else {
      const k = `refused: MISSED (${x.kind})${notRun.length ? ', a rule not run' : ''}`;
      add(k);
      note(
        k,
        `${where}\n      want: ${c.expectedError.slice(0, 200)}${notRun.length ? `\n      not run: ${shown(notRun)}` : ''}`,
      );
    }
  }
}

for (const [k, n] of [...counts].sort()) console.log(`${String(n).padStart(5)}  ${k}`);
for (const [k, l] of examples) {
  console.log(`\n== ${k}`);
  for (const s of l) console.log(`  ${s}`);
}
