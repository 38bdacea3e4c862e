// The generated JSON Schemas (schemas/) and the example workspace (examples/):
// - every schema compiles with ajv in strict mode, and schemas/ is what the model generates;
// - every kind and version of the model has a schema and an example manifest;
// - every example is valid for its own schema, for all.json and for the language service (no diagnostic);
// - mutated copies of every example (a wrong enum value, a wrong type, a missing required field) are
//   rejected by the schemas and by the language service alike;
// - examples/mistakes/ demonstrates its mistakes: each `# mistake:` line is reported.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'node:test';
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import { parseAllDocuments, stringify } from 'yaml';
import { schemaFileName } from '../../server/src/generate/jsonSchema';
import { allKinds, lookup } from '../../server/src/model/registry';
import { schemaFiles } from '../../server/src/generate/schemaFiles';
import { SETTINGS_SCHEMA_FILE, settingsSchemaText } from '../../scripts/settings-schema';
import type { KindDef, ObjectType, Type } from '../../server/src/model/types';
import { parseFile } from '../../server/src/service/core/parse';
import { severityOf, type Diag } from '../../server/src/service/checks/validate';
import { validateText } from '../helpers/validate';

const ROOT = join(__dirname, '..', '..');
const SCHEMAS = join(ROOT, 'schemas');
const EXAMPLES = join(ROOT, 'examples');
const MISTAKES = join(EXAMPLES, 'mistakes');

const slashes = (p: string) => p.split('\\').join('/');
const walk = (dir: string): string[] =>
  existsSync(dir)
    ? readdirSync(dir)
        .sort()
        .flatMap((n) => (statSync(join(dir, n)).isDirectory() ? walk(join(dir, n)) : [join(dir, n)]))
    : [];

const kindKey = (d: { area: string; version: string; kind: string }) => `${d.area}/${d.version}/${d.kind}`;

// ---------------------------------------------------------------------------------------------------
// Schemas: compiled once each, in strict mode

const validators = new Map<string, ValidateFunction>();
/** The compiled schema of `schemas/<rel>` (strict mode; throws when the schema does not compile). */
function validatorFor(rel: string): ValidateFunction {
  let v = validators.get(rel);
  if (!v) {
    const ajv = new Ajv({ strict: true, allErrors: true });
    v = ajv.compile(JSON.parse(readFileSync(join(SCHEMAS, rel), 'utf8')));
    validators.set(rel, v);
  }
  return v;
}

const formatAjv = (errors: ErrorObject[] | null | undefined) =>
  (errors ?? [])
    .slice(0, 15)
    .map((e) => `  ${e.instancePath || '/'} ${e.keyword}: ${e.message}`)
    .join('\n');

interface IndexEntry {
  area: string;
  version: string;
  kind: string;
  schema: string;
  listSchema: string;
}
const readIndex = (): IndexEntry[] => JSON.parse(readFileSync(join(SCHEMAS, 'index.json'), 'utf8')).kinds;

/** The schema file (relative to schemas/) of a manifest, chosen through index.json. */
function schemaOf(def: KindDef, list: boolean): string {
  const entry = readIndex().find((e) => e.area === def.area && e.version === def.version && e.kind === def.kind);
  assert.ok(entry, `schemas/index.json has no entry for ${kindKey(def)}`);
  return list ? entry.listSchema : entry.schema;
}

const schemaJsonFiles = () =>
  walk(SCHEMAS)
    .filter((p) => p.endsWith('.json'))
    .map((p) => slashes(relative(SCHEMAS, p)));

test('every schema under schemas/ compiles with ajv in strict mode', () => {
  const files = schemaJsonFiles().filter((p) => p !== 'index.json');
  assert.ok(files.length >= allKinds.length * 2 + 1, `expected at least ${allKinds.length * 2 + 1} schemas, found ${files.length}`);
  for (const rel of files) {
    assert.doesNotThrow(() => validatorFor(rel), `schemas/${rel} does not compile in strict mode`);
  }
});

test('schemas/ is current (what the model generates, and nothing else)', () => {
  const expected = schemaFiles();
  expected.set(SETTINGS_SCHEMA_FILE, settingsSchemaText());
  const stale = [...expected]
    .filter(([p, content]) => !existsSync(join(SCHEMAS, p)) || readFileSync(join(SCHEMAS, p), 'utf8') !== content)
    .map(([p]) => p);
  const extra = schemaJsonFiles().filter((p) => !expected.has(p));
  assert.deepEqual(
    [...stale, ...extra],
    [],
    `schemas/ is stale: ${[...stale.map((p) => `${p} (differs or missing)`), ...extra.map((p) => `${p} (not generated)`)].join(', ')}. Run npm run gen:schemas.`,
  );
});

test('every kind and version has a schema, a list schema and an index entry', () => {
  const index = readIndex();
  for (const def of allKinds) {
    for (const rel of [schemaFileName(def), schemaFileName(def, true)])
      assert.ok(existsSync(join(SCHEMAS, rel)), `missing schemas/${rel} for ${kindKey(def)}`);
    const entry = index.find((e) => kindKey(e) === kindKey(def));
    assert.ok(entry, `schemas/index.json has no entry for ${kindKey(def)}`);
    assert.equal(entry.schema, schemaFileName(def));
    assert.equal(entry.listSchema, schemaFileName(def, true));
  }
  assert.equal(index.length, allKinds.length);
});

// ---------------------------------------------------------------------------------------------------
// Examples

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type JsonObject = { [k: string]: Json };
const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

interface ExampleDoc {
  /** Path relative to examples/. */
  file: string;
  /** 0-based index of the document in its file. */
  index: number;
  value: JsonObject;
  def: KindDef;
  list: boolean;
  /** Label for test names: `storage/account.yaml#0 StorageAccount appstore`. */
  label: string;
}

interface ExampleFile {
  file: string;
  text: string;
  docs: ExampleDoc[];
  /** Documents that name a known group but an unknown kind or version. */
  unknown: string[];
}

function readExamples(files: string[]): ExampleFile[] {
  return files.map((abs) => {
    const file = slashes(relative(EXAMPLES, abs));
    const text = readFileSync(abs, 'utf8');
    const docs: ExampleDoc[] = [];
    const unknown: string[] = [];
    parseAllDocuments(text).forEach((doc, index) => {
      if (!('contents' in doc)) return; // an empty stream
      const value = doc.toJS() as unknown;
      if (!isObject(value)) return;
      const id = lookup(value.apiVersion, value.kind);
      if (id.status === 'notOurs') return;
      if (id.status !== 'ok') {
        unknown.push(`${file}#${index}: ${String(value.apiVersion)} ${String(value.kind)} (${id.status})`);
        return;
      }
      const name = id.list
        ? `(${Array.isArray(value.items) ? value.items.length : 0} items)`
        : isObject(value.metadata)
          ? String(value.metadata.name)
          : '(no name)';
      docs.push({ file, index, value, def: id.def, list: id.list, label: `${file}#${index} ${String(value.kind)} ${name}` });
    });
    return { file, text, docs, unknown };
  });
}

const identity = (v: unknown): [unknown, unknown] => (isObject(v) ? [v.apiVersion, v.kind] : [undefined, undefined]);

const yamlFiles = (dir: string) => walk(dir).filter((p) => /\.ya?ml$/.test(p));
const validFiles = readExamples(yamlFiles(EXAMPLES).filter((p) => !slashes(relative(EXAMPLES, p)).startsWith('mistakes/')));
const validDocs = validFiles.flatMap((f) => f.docs);

/** The manifests a document holds: itself, or the items of a `<Kind>List`. */
const manifestsOf = (d: ExampleDoc): JsonObject[] =>
  d.list ? (Array.isArray(d.value.items) ? d.value.items.filter(isObject) : []) : [d.value];

const describeDiags = (text: string, diags: Diag[]) => {
  const lines = parseFile(text).lines;
  return diags
    .map((d) => {
      const p = lines.positionAt(d.start);
      return `  ${p.line + 1}:${p.character + 1} ${severityOf(d)} ${d.code}: ${d.message}`;
    })
    .join('\n');
};

test('examples/ holds manifests, outside examples/mistakes/ as well as inside', () => {
  assert.ok(validFiles.length >= 8, `expected the example workspace under ${EXAMPLES}`);
  assert.ok(validFiles.every((f) => !f.file.startsWith('mistakes/')));
  assert.ok(existsSync(join(MISTAKES, 'common-mistakes.yaml')), 'expected examples/mistakes/common-mistakes.yaml');
});

test('every kind and version of the model has an example (outside examples/mistakes/)', () => {
  const covered = new Set<string>();
  for (const d of validDocs) if (manifestsOf(d).length > 0) covered.add(kindKey(d.def));
  const missing = allKinds.map(kindKey).filter((k) => !covered.has(k));
  assert.deepEqual(missing, [], `no example for: ${missing.join(', ')}`);
  assert.ok(validDocs.some((d) => d.list && manifestsOf(d).length > 0), 'expected at least one <Kind>List example with items');
});

for (const f of validFiles) {
  test(`example ${f.file}: no diagnostics from the language service`, () => {
    assert.deepEqual(f.unknown, [], 'documents of an unknown kind or version');
    assert.ok(f.docs.length > 0, 'the file holds no manifest of ours');
    const diags = validateText(f.text);
    assert.equal(diags.length, 0, `diagnostics:\n${describeDiags(f.text, diags)}`);
  });
}

for (const d of validDocs) {
  test(`example ${d.label}: valid for its own schema and for all.json`, () => {
    const rel = schemaOf(d.def, d.list);
    const own = validatorFor(rel);
    assert.ok(own(d.value), `invalid for schemas/${rel}:\n${formatAjv(own.errors)}`);
    const all = validatorFor('all.json');
    assert.ok(all(d.value), `invalid for schemas/all.json:\n${formatAjv(all.errors)}`);
  });
}

// ---------------------------------------------------------------------------------------------------
// Mutations: each one must be rejected by both the schema and the language service

type MutationKind = 'enum' | 'type' | 'required';

interface Mutation {
  kind: MutationKind;
  /** Path from the manifest's `spec` to the changed field. */
  path: (string | number)[];
  describe: string;
  /** ajv keyword expected among the errors of the kind's schema. */
  keyword: string;
  /** Language-service code expected among the errors. */
  code: Diag['code'];
  apply(spec: JsonObject): void;
}

const setAt = (root: JsonObject, path: (string | number)[], value: Json | undefined) => {
  let cur: Json = root;
  for (const seg of path.slice(0, -1)) cur = (cur as Record<string | number, Json>)[seg];
  const last = path[path.length - 1];
  if (value === undefined) delete (cur as Record<string | number, Json>)[last];
  else (cur as Record<string | number, Json>)[last] = value;
};

const isEnum = (t: Type) => t.kind === 'string' && t.enum !== undefined;

/**
 * Object fields to visit, in document order, with their model fields. Fields marked `approx` are left
 * out: violations inside them are warnings by design, never errors.
 */
function* presentFields(value: JsonObject, type: ObjectType, path: (string | number)[]) {
  for (const key of Object.keys(value)) {
    const field = type.fields[key];
    if (!field || field.approx) continue;
    yield { key, field, v: value[key], at: [...path, key] };
  }
}

/** The first enum-valued scalar the document sets (depth-first, in document order). */
function findPresentEnum(value: JsonObject, type: ObjectType, path: (string | number)[]): (string | number)[] | undefined {
  for (const { field, v, at } of presentFields(value, type, path)) {
    const t = field.type;
    if (isEnum(t) && typeof v === 'string') return at;
    if (t.kind === 'object' && isObject(v)) {
      const found = findPresentEnum(v, t, at);
      if (found) return found;
    }
    if (t.kind === 'array' && Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        const item = v[i];
        if (isEnum(t.items) && typeof item === 'string') return [...at, i];
        if (t.items.kind === 'object' && isObject(item)) {
          const found = findPresentEnum(item, t.items, [...at, i]);
          if (found) return found;
        }
      }
    }
  }
  return undefined;
}

/** An optional enum field the document leaves out, in an object the document has. */
function findAbsentEnum(value: JsonObject, type: ObjectType, path: (string | number)[]): (string | number)[] | undefined {
  for (const [key, field] of Object.entries(type.fields)) {
    if (!(key in value) && !field.approx && isEnum(field.type)) return [...path, key];
  }
  for (const { field, v, at } of presentFields(value, type, path)) {
    const t = field.type;
    if (t.kind === 'object' && isObject(v)) {
      const found = findAbsentEnum(v, t, at);
      if (found) return found;
    }
    if (t.kind === 'array' && t.items.kind === 'object' && Array.isArray(v)) {
      const items = t.items;
      for (let i = 0; i < v.length; i++) {
        const item = v[i];
        const found = isObject(item) ? findAbsentEnum(item, items, [...at, i]) : undefined;
        if (found) return found;
      }
    }
  }
  return undefined;
}

/** Whether the model has any enum (outside approximate fields) reachable from `type`. */
function modelHasEnum(type: Type, seen = new Set<Type>()): boolean {
  if (seen.has(type)) return false;
  seen.add(type);
  if (isEnum(type)) return true;
  if (type.kind === 'array') return modelHasEnum(type.items, seen);
  if (type.kind === 'object') return Object.values(type.fields).some((f) => !f.approx && modelHasEnum(f.type, seen));
  return false;
}

/** String, integer and number scalars the document sets, in document order. */
function scalarFields(value: JsonObject, type: ObjectType, path: (string | number)[]): { at: (string | number)[]; t: Type }[] {
  const out: { at: (string | number)[]; t: Type }[] = [];
  for (const { field, v, at } of presentFields(value, type, path)) {
    const t = field.type;
    if ((t.kind === 'string' && typeof v === 'string') || ((t.kind === 'int' || t.kind === 'number') && typeof v === 'number'))
      out.push({ at, t });
    else if (t.kind === 'object' && isObject(v)) out.push(...scalarFields(v, t, at));
    else if (t.kind === 'array' && Array.isArray(v)) {
      v.forEach((item, i) => {
        if (t.items.kind === 'string' && typeof item === 'string') out.push({ at: [...at, i], t: t.items });
        else if (t.items.kind === 'object' && isObject(item)) out.push(...scalarFields(item, t.items, [...at, i]));
      });
    }
  }
  return out;
}

const show = (path: (string | number)[]) => `spec.${path.map((s) => (typeof s === 'number' ? `[${s}]` : s)).join('.').replace(/\.\[/g, '[')}`;

function mutationsOf(spec: JsonObject, def: KindDef): Mutation[] {
  const out: Mutation[] = [];
  // (a) wrong enum value: the first enum field set, else an optional one added.
  const present = findPresentEnum(spec, def.spec, []);
  const enumPath = present ?? findAbsentEnum(spec, def.spec, []);
  if (enumPath) {
    out.push({
      kind: 'enum',
      path: enumPath,
      describe: `${show(enumPath)}: "NotAValue"${present ? '' : ' (added)'}`,
      keyword: 'enum',
      code: 'enum-value',
      apply: (s) => setAt(s, enumPath, 'NotAValue'),
    });
  }
  // (b) wrong type: a string becomes a mapping, a number becomes a string (owner fields last).
  const scalars = scalarFields(spec, def.spec, []);
  const pick = scalars.find((s) => s.at[0] !== 'owner') ?? scalars[0];
  if (pick) {
    const wrong: Json = pick.t.kind === 'string' ? { x: 1 } : 'text';
    out.push({
      kind: 'type',
      path: pick.at,
      describe: `${show(pick.at)}: ${JSON.stringify(wrong)}`,
      keyword: 'type',
      code: 'wrong-type',
      apply: (s) => setAt(s, pick.at, wrong),
    });
  }
  // (c) missing required field: `owner` where the kind has one, else the first required field set.
  const required = Object.entries(def.spec.fields)
    .filter(([k, f]) => f.required && k in spec)
    .map(([k]) => k);
  const drop = required.includes('owner') ? 'owner' : required[0];
  if (drop) {
    out.push({
      kind: 'required',
      path: [drop],
      describe: `${show([drop])} removed`,
      keyword: 'required',
      code: 'missing-required',
      apply: (s) => setAt(s, [drop], undefined),
    });
  }
  return out;
}

interface PlannedMutation {
  doc: ExampleDoc;
  /** Index of the list item mutated, for a `<Kind>List`. */
  item?: number;
  mutation: Mutation;
}

const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

/** The mutations of every example manifest (the first item of a list), planned before any test runs. */
const planned: PlannedMutation[] = validDocs.flatMap((doc) => {
  const item = doc.list ? 0 : undefined;
  const manifest = manifestsOf(doc)[0];
  if (!manifest || !isObject(manifest.spec)) return [];
  return mutationsOf(manifest.spec, doc.def).map((mutation) => ({ doc, item, mutation }));
});

const mutationsPerKind = new Map<string, Set<MutationKind>>();
for (const p of planned) {
  const key = kindKey(p.doc.def);
  if (!mutationsPerKind.has(key)) mutationsPerKind.set(key, new Set());
  mutationsPerKind.get(key)!.add(p.mutation.kind);
}

test('example manifests are unchanged by a YAML round trip (the baseline of the mutations)', () => {
  for (const d of validDocs) {
    const text = stringify(d.value);
    const diags = validateText(text);
    assert.equal(diags.length, 0, `${d.label} after a round trip:\n${describeDiags(text, diags)}`);
  }
});

for (const { doc, item, mutation } of planned) {
  const where = item === undefined ? '' : ` items[${item}]`;
  test(`mutated ${doc.label}${where} (${mutation.kind}: ${mutation.describe}) is rejected by the schemas and the language service`, () => {
    const value = clone(doc.value);
    const manifest = item === undefined ? value : ((value.items as Json[])[item] as JsonObject);
    mutation.apply(manifest.spec as JsonObject);

    const rel = schemaOf(doc.def, doc.list);
    const own = validatorFor(rel);
    assert.equal(own(value), false, `schemas/${rel} accepts the mutated manifest`);
    assert.ok(
      own.errors?.some((e) => e.keyword === mutation.keyword),
      `schemas/${rel}: expected a "${mutation.keyword}" error; got:\n${formatAjv(own.errors)}`,
    );
    const all = validatorFor('all.json');
    assert.equal(all(value), false, 'schemas/all.json accepts the mutated manifest');

    const text = stringify(value);
    const diags = validateText(text);
    const errors = diags.filter((d) => severityOf(d) === 'error');
    assert.ok(
      errors.some((d) => d.code === mutation.code),
      `expected a ${mutation.code} error from the language service; got:\n${describeDiags(text, diags) || '  (none)'}\n--- mutated document ---\n${text}`,
    );
  });
}

test('every kind gets at least two mutations, always a missing required field, and a wrong enum where the model has enums', (t) => {
  const problems: string[] = [];
  for (const def of allKinds) {
    const key = kindKey(def);
    const applied = mutationsPerKind.get(key) ?? new Set<MutationKind>();
    t.diagnostic(`${key}: ${applied.size} mutation kinds (${[...applied].join(', ')})`);
    if (applied.size < 2) problems.push(`${key}: only ${applied.size} mutation kinds (${[...applied].join(', ')})`);
    if (!applied.has('required')) problems.push(`${key}: no missing-required mutation`);
    if (!applied.has('type')) problems.push(`${key}: no wrong-type mutation`);
    if (modelHasEnum(def.spec) && !applied.has('enum'))
      problems.push(`${key}: the model has an enum but no example sets one or has an object to add one to`);
  }
  assert.deepEqual(problems, []);
});

// ---------------------------------------------------------------------------------------------------
// examples/mistakes/: the demonstration of what the language service reports

test('examples/mistakes/common-mistakes.yaml: every `# mistake:` line is reported, and nothing else', () => {
  const text = readFileSync(join(MISTAKES, 'common-mistakes.yaml'), 'utf8');
  const file = parseFile(text);
  const diags = validateText(text);
  assert.ok(diags.some((d) => severityOf(d) === 'error'), 'the demonstration must produce errors');

  const lines = text.split(/\r?\n/);
  /** The line a `# mistake:` comment is about: its own line when it trails a value, else the next content line. */
  const marked = new Set<number>();
  lines.forEach((line, i) => {
    const m = /(^|\s)# mistake:/.exec(line);
    if (!m) return;
    const at = m.index;
    if (line.slice(0, at).trim() !== '') return void marked.add(i);
    let j = i + 1;
    while (j < lines.length && /^\s*(#.*)?$/.test(lines[j])) j++;
    marked.add(j);
  });
  assert.ok(marked.size >= 10, `expected at least 10 marked mistakes, found ${marked.size}`);

  const reported = new Set(diags.map((d) => file.lines.positionAt(d.start).line));
  const unreported = [...marked].filter((l) => !reported.has(l)).map((l) => `${l + 1}: ${lines[l].trim()}`);
  assert.deepEqual(unreported, [], 'marked mistakes the language service does not report');
  const unmarked = diags.filter((d) => !marked.has(file.lines.positionAt(d.start).line));
  assert.equal(unmarked.length, 0, `diagnostics on lines not marked as mistakes:\n${describeDiags(text, unmarked)}`);

  // Every manifest of the file carries at least one mistake.
  const ours = file.docs.filter((c) => lookup(...identity(c.doc.toJS())).status !== 'notOurs');
  assert.ok(ours.length >= 7, `expected at least 7 manifests, found ${ours.length}`);
  for (const c of ours) {
    const inside = diags.some((d) => d.start >= c.offset && d.start < c.offset + c.text.length);
    assert.ok(inside, `the manifest at line ${file.lines.positionAt(c.offset).line + 1} carries no mistake`);
  }
});
