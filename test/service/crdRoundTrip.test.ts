// The built-in kinds written as CRDs (model/crd/export.ts) and read back as kinds give the diagnostics of the
// built-in model on the diagnostics fixtures and examples/, except those of the rules no OpenAPI schema can state (listed
// here by code). Both ways: nothing the schema can state is lost, and nothing is reported that the built-in
// model does not report.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'node:test';
import { crdsOf } from '../../server/src/model/crd/export';
import { kindsOfCrd } from '../../server/src/model/crd/kinds';
import { allKinds, Registry } from '../../server/src/model/registry';
import { identify } from '../../server/src/service/checks/identity';
import { ChunkStore, parseFile } from '../../server/src/service/core/parse';
import { RULES } from '../../server/src/service/checks/rules';
import { validateFile, type Diag } from '../../server/src/service/checks/validate';
import { yamlFiles } from '../helpers/files';

const DOMAIN = 'cloud.example.com';
const fixtures = join(__dirname, '..', 'fixtures', 'diagnostics');
const examples = join(__dirname, '..', '..', 'examples');
const crds = crdsOf(allKinds, DOMAIN);
const fromCrds = new Registry(crds.flatMap((c) => kindsOfCrd(c)));

/**
 * What no schema can state: the spec's cross-field rules and embedded languages, exclusive members and
 * reference shapes, values of another version, duration bounds, `;`-separated items, name limits, key
 * lengths, the formats Kubernetes does not have, patterns and unknown fields the spec only warns about.
 */
const UNSTATABLE: ReadonlySet<string> = new Set([
  'exclusive-members',
  'missing-member',
  'reference-shape',
  'enum-other-version',
  'duration-range',
  'delimited-item',
  'name-limit',
  'map-limits',
  'format',
  'pattern',
  'unknown-field',
]);

/**
 * Checks of codes a schema states that the built-in model makes from what no schema can say, told by their
 * message: a date bound (`notBefore`: "… or later"), and a value checked inside a member the built-in model
 * recognises in an item written flat (its path names a key the text does not hold).
 */
function unstatable(d: Diag, text: string): boolean {
  if (/ or later\.$/.test(d.message)) return true;
  const label = /^`([^`]+)`/.exec(d.message)?.[1];
  return !!label && label.split(/[.[\]]/).some((k) => k && !/^\d+$/.test(k) && !text.includes(`${k}:`));
}

/** The codes of the spec's cross-field rules and embedded languages (service/checks/rules/). */
const RULE_CODES: ReadonlySet<string> = new Set(RULES.flatMap((r) => r.codes));

/** Each diagnostic of a document both registries know as the same kind, as `start-end code`. */
function shown(text: string, registry?: Registry): string[] {
  const file = registry ? parseFile(text, { store: new ChunkStore(registry) }) : parseFile(text);
  const docs = file.docs.filter((d) => {
    const root = d.doc.contents;
    return identify(root, fromCrds).status === 'ok' && identify(root).status === 'ok';
  });
  const inside = (x: Diag) => docs.some((d) => x.start >= d.offset && x.start < d.offset + d.text.length);
  return validateFile(file)
    .filter((x) => inside(x) && !unstatable(x, text))
    .map((x) => `${x.start}-${x.end} ${x.code}`);
}

test('crds round trip: every built-in kind-version comes back as a kind of its group', () => {
  for (const def of allKinds) {
    const back = fromCrds.lookup(`${def.area}.${DOMAIN}/${def.version}`, def.kind);
    assert.equal(back.status, 'ok', `${def.kind} ${def.version}`);
  }
});

/** Statable diagnostics compared over all fixtures (the comparison is not empty). */
const compared: string[] = [];

for (const path of [...yamlFiles(fixtures), ...yamlFiles(examples)]) {
  test(`crds round trip: ${relative(join(fixtures, '..', '..', '..'), path)}`, () => {
    const text = readFileSync(path, 'utf8');
    const builtin = shown(text);
    const back = shown(text, fromCrds);
    const statable = (s: string) => !UNSTATABLE.has(s.split(' ')[1]) && !RULE_CODES.has(s.split(' ')[1]);
    // Where `metadata.name` is the cloud name, the built-in model says the object-name rule (pattern, length)
    // within its one name-limit message on the name (rules/nameLimit.ts): a CRD's kind says it apart.
    const folded = new Set(builtin.filter((s) => s.endsWith(' name-limit')).map((s) => s.split(' ')[0]));
    assert.deepEqual(
      back.filter((s) => statable(s) && !folded.has(s.split(' ')[0])).sort(),
      builtin.filter(statable).sort(),
      'the schema-stated checks give the same diagnostics',
    );
    compared.push(...builtin.filter(statable).map((x) => `${relative(fixtures, path).replace(/ /g, '_')} ${x}`));
    const extra = back.filter((s) => !builtin.includes(s) && !folded.has(s.split(' ')[0]));
    assert.deepEqual(
      extra.filter((s) => !UNSTATABLE.has(s.split(' ')[1])),
      [],
      'nothing the built-in model does not report',
    );
  });
}

test('crds round trip: the comparison covers the schema-stated codes', () => {
  const codes = new Set(compared.map((s) => s.split(' ')[2]));
  for (const code of [
    'wrong-type',
    'missing-required',
    'enum-value',
    'enum-case',
    'value-range',
    'string-length',
    'item-count',
    'duplicate-item',
  ])
    assert.ok(codes.has(code), `${code} among ${[...codes].join(', ')}`);
  assert.ok(compared.length > 100, `${compared.length} diagnostics compared`);
});
