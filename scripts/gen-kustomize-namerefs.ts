// Writes server/src/model/kube/kustomizeNameReference.json: where `kubectl kustomize` follows a renamed object
// into the fields that name it (its nameReference transformer's built-in configuration,
// api/internal/konfig/builtinpluginconsts/namereference.go in kubernetes-sigs/kustomize): for each kind that
// may be renamed, the fields of other kinds that hold its name. Facts, kept as the file gives them.
//
//   git --git-dir=<kustomize clone>/.git show HEAD:api/internal/konfig/builtinpluginconsts/namereference.go > /tmp/namereference.go
//   npx tsx scripts/gen-kustomize-namerefs.ts /tmp/namereference.go [--check]
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

const OUT = join(__dirname, '..', 'server', 'src', 'model', 'kube', 'kustomizeNameReference.json');
const [input, flag] = process.argv.slice(2);
if (!input) throw new Error('usage: gen-kustomize-namerefs.ts <namereference.go> [--check]');
const go = readFileSync(input, 'utf8');
const yaml = /nameReferenceFieldSpecs = `([^`]*)`/.exec(go)?.[1];
if (!yaml) throw new Error(`${input}: no nameReferenceFieldSpecs`);

type Gvk = { group?: string; version?: string; kind?: string };
const gvk = (o: Record<string, unknown>): Gvk => {
  const out: Gvk = {};
  for (const k of ['group', 'version', 'kind'] as const) if (typeof o[k] === 'string' && o[k] !== '') out[k] = o[k];
  return out;
};
const refs = (parse(yaml) as { nameReference: Record<string, unknown>[] }).nameReference.map((r) => ({
  ...gvk(r),
  fieldSpecs: (r.fieldSpecs as Record<string, unknown>[]).map((f) => ({
    path: String(f.path),
    ...gvk(f),
    ...(f.create === true ? { create: true } : {}),
  })),
}));
const text = `${JSON.stringify(refs)}\n`;
if (flag === '--check') {
  if (readFileSync(OUT, 'utf8') !== text) {
    console.error(`${OUT} is not what ${input} gives: run without --check`);
    process.exit(1);
  }
} else writeFileSync(OUT, text);
