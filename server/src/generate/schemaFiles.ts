// The full content of `schemas/`: one schema per kind and version, one per `<Kind>List`, a dispatching
// `all.json` (any manifest of ours, chosen by `apiVersion` and `kind`) and `index.json`.
import { apiVersionPattern, kindSchema, listSchema, schemaFileName, type JsonSchema } from './jsonSchema';
import { allKinds } from '../model/registry';
import type { KindDef } from '../model/types';

const stringify = (s: unknown) => JSON.stringify(s, null, 2) + '\n';

function strip(s: JsonSchema): JsonSchema {
  const { $schema: _omit, ...rest } = s;
  return rest;
}

/** The schema files of the built-in kinds, or of other kinds (a workspace's CRDs: `cloud-manifests schemas`). */
export function schemaFiles(kinds: readonly KindDef[] = allKinds): Map<string, string> {
  const files = new Map<string, string>();
  const index: unknown[] = [];
  const dispatch: JsonSchema[] = [];
  for (const def of kinds) {
    const one = kindSchema(def);
    const list = listSchema(def);
    files.set(schemaFileName(def), stringify(one));
    files.set(schemaFileName(def, true), stringify(list));
    index.push({
      area: def.area,
      version: def.version,
      kind: def.kind,
      apiVersionValue: def.apiVersionValue,
      apiVersionPattern: apiVersionPattern(def),
      schema: schemaFileName(def),
      listSchema: schemaFileName(def, true),
    });
    for (const [kind, s] of [
      [def.kind, one],
      [`${def.kind}List`, list],
    ] as const) {
      dispatch.push({
        if: {
          type: 'object',
          properties: { apiVersion: { type: 'string', pattern: apiVersionPattern(def) }, kind: { const: kind } },
          required: ['apiVersion', 'kind'],
        },
        then: strip(s),
      });
    }
  }
  files.set('index.json', stringify({ kinds: index }));
  files.set(
    'all.json',
    stringify({
      $schema: 'http://json-schema.org/draft-07/schema#',
      title: 'Any cloud resource manifest (chosen by apiVersion and kind)',
      type: 'object',
      allOf: dispatch,
    }),
  );
  return files;
}
