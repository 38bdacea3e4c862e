// Random mutations of the valid examples (wrong case, misspelled key, dropped field, a second destination, a
// boolean-like word for a string…): every fix offered on the mutated text, applied, must leave YAML that
// parses, the diagnostic gone, nothing new reported and only the fixed lines changed; fix-all likewise.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import fc from 'fast-check';
import { allKinds } from '../../server/src/model/registry';
import type { Type } from '../../server/src/model/types';
import { applyEdits } from '../../server/src/service/core/edits';
import { codeActions } from '../../server/src/service/features/codeActions';
import { fixAllEdits } from '../../server/src/service/workspace/fixAll';
import { parseFile } from '../../server/src/service/core/parse';
import { validateFile } from '../../server/src/service/checks/validate';
import { verifyAction } from './verify';

const examples = join(__dirname, '..', '..', 'examples');
const valid = (dir: string): string[] =>
  readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    if (statSync(p).isDirectory()) return n === 'mistakes' ? [] : valid(p);
    return n.endsWith('.yaml') ? [readFileSync(p, 'utf8')] : [];
  });
const TEXTS = valid(examples);

const enumValues = new Set<string>();
const collect = (t: Type, depth = 0): void => {
  if (depth > 8) return;
  if (t.kind === 'string')
    for (const e of t.enum ?? []) if (e.value.length > 2 && /[A-Z]/.test(e.value)) enumValues.add(e.value);
  if (t.kind === 'object') for (const f of Object.values(t.fields)) collect(f.type, depth + 1);
  if (t.kind === 'array') collect(t.items, depth + 1);
  if (t.kind === 'map') collect(t.values, depth + 1);
};
for (const k of allKinds) collect(k.spec);

type Mutation = (text: string, pick: number) => string | undefined;
const lines = (t: string) => t.split('\n');
const choose = <T>(xs: T[], pick: number): T | undefined => (xs.length ? xs[pick % xs.length] : undefined);

const MUTATIONS: Record<string, Mutation> = {
  wrongCase(text, pick) {
    const ls = lines(text);
    const at = choose(
      ls.flatMap((l, i) => {
        const v = /: ([A-Za-z_0-9]+)\s*$/.exec(l)?.[1];
        return v && enumValues.has(v) ? [i] : [];
      }),
      pick,
    );
    if (at === undefined) return undefined;
    ls[at] = ls[at].replace(
      /: ([A-Za-z_0-9]+)(\s*)$/,
      (_, v: string, s: string) => `: ${pick % 2 ? v.toLowerCase() : v.toUpperCase()}${s}`,
    );
    return ls.join('\n');
  },
  misspelledKey(text, pick) {
    const ls = lines(text);
    const at = choose(
      ls.flatMap((l, i) => (/^\s*(?:- )?[a-zA-Z][a-zA-Z0-9]{5,}:/.test(l) ? [i] : [])),
      pick,
    );
    if (at === undefined) return undefined;
    ls[at] = ls[at].replace(/^(\s*(?:- )?)([a-zA-Z0-9]+):/, (_, p: string, k: string) => {
      const i = 1 + (pick % (k.length - 2));
      return `${p}${k.slice(0, i)}${k.slice(i + 1)}:`;
    });
    return ls.join('\n');
  },
  droppedField(text, pick) {
    const ls = lines(text);
    const at = choose(
      ls.flatMap((l, i) => (/^\s+[a-zA-Z]+: \S/.test(l) && !/^\s+- /.test(l) ? [i] : [])),
      pick,
    );
    if (at === undefined) return undefined;
    ls.splice(at, 1);
    return ls.join('\n');
  },
  secondDestination(text, pick) {
    // Few examples have a destination: take one of those whatever text was drawn.
    if (!/destination:/.test(text))
      text = choose(
        TEXTS.filter((t) => /destination:/.test(t)),
        pick,
      )!;
    const m = /^(\s*)destination:\n(\s+)(\w+):/m.exec(text);
    if (!m) return undefined;
    const extra =
      m[3] === 'webHook'
        ? 'storageQueue: {endpointType: StorageQueue, queueName: q, resourceReference: {group: storage.cloud.example.com, kind: StorageAccount, name: appstore}}'
        : 'webHook: {endpointType: WebHook, endpointUrl: {name: hook, key: url}}';
    return text.replace(
      m[0],
      `${m[0].slice(0, m[0].length - m[3].length - 1 - m[2].length)}${m[2]}${extra}\n${m[2]}${m[3]}:`,
    );
  },
  booleanLike(text, pick) {
    const ls = lines(text);
    const at = choose(
      ls.flatMap((l, i) => (/^\s+[a-zA-Z]+: [a-z][a-z0-9-]{2,}\s*$/.test(l) ? [i] : [])),
      pick,
    );
    if (at === undefined) return undefined;
    ls[at] = ls[at].replace(/: \S+\s*$/, `: ${['on', 'Off', 'y', 'NO'][pick % 4]}`);
    return ls.join('\n');
  },
};

test('fixes on random mutations of the valid examples', () => {
  let checked = 0;
  const fixedCodes = new Set<string>();
  fc.assert(
    fc.property(
      fc.nat(TEXTS.length - 1),
      fc.constantFrom(...Object.keys(MUTATIONS)),
      fc.nat(10_000),
      fc.boolean(),
      (t, name, pick, crlf) => {
        let text = MUTATIONS[name](TEXTS[t], pick);
        if (text === undefined) return;
        if (crlf) text = text.replace(/\r?\n/g, '\r\n');
        const file = parseFile(text);
        const diags = validateFile(file);
        const actions = codeActions(file, diags);
        for (const a of actions) {
          checked++;
          if (!a.title.startsWith('Disable ')) fixedCodes.add(a.diag.code);
          assert.deepEqual(verifyAction(text, diags, a), [], `${name}: ${a.diag.code} "${a.title}"\n${text}`);
        }
        const edits = fixAllEdits(file, diags);
        if (edits.length > 0) {
          const before = new Set(diags.map((d) => `${d.code}:${d.message}`));
          for (const d of validateFile(parseFile(applyEdits(text, edits))))
            assert.ok(before.has(`${d.code}:${d.message}`), `fix-all: new ${d.code}: ${d.message}`);
        }
      },
    ),
    { numRuns: 150, seed: Number(process.env.FC_SEED ?? 20261122) },
  );
  assert.ok(checked > 100, `${checked} actions checked`);
  // The mutations reach the fix families: case, misspelled keys, missing fields, exclusive members, quoting.
  for (const code of ['enum-case', 'unknown-field', 'missing-required', 'exclusive-members', 'wrong-type'])
    assert.ok(fixedCodes.has(code), `no fix offered for ${code}: ${[...fixedCodes].join(', ')}`);
});
