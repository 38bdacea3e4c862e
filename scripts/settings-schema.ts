// The JSON Schema of the settings file `.cloud-manifests.json` (schemas/cloud-manifests.settings.json),
// derived, not written again: the settings and their descriptions, types, enums and defaults are the
// editor's (`contributes.configuration` of package.json, without the `cloudManifests.` prefix; dotted
// names such as `trace.server` become nested objects), the codes under `rules` come from the code
// registry, and the keys must be exactly those the CLI's settings reader accepts (KNOWN_KEYS).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { KNOWN_KEYS, SETTINGS_FILE } from '../server/src/cli/config';
import { CODES, codeList } from '../server/src/service/core/codes';

export const SETTINGS_SCHEMA_FILE = 'cloud-manifests.settings.json';

type Schema = Record<string, unknown> & { properties?: Record<string, Schema> };

const PREFIX = 'cloudManifests.';

export function settingsSchema(): Schema {
  const pkg = JSON.parse(readFileSync(join(__dirname, '..', 'package.json'), 'utf8'));
  const editor: Record<string, Schema> = pkg.contributes.configuration.properties;
  const properties: Record<string, Schema> = {
    $schema: { type: 'string', description: 'The JSON Schema of this file.' },
  };
  for (const [name, def] of Object.entries(editor)) {
    if (!name.startsWith(PREFIX)) throw new Error(`setting ${name} lacks the ${PREFIX} prefix`);
    const path = name.slice(PREFIX.length).split('.');
    let into = properties;
    for (const part of path.slice(0, -1)) {
      into[part] ??= { type: 'object', properties: {}, additionalProperties: false };
      into = into[part].properties!;
    }
    into[path[path.length - 1]] = { ...def };
  }
  // `rules`: every code by name, with what it catches, so editors complete and explain them.
  const rules = properties.rules;
  const level = rules?.additionalProperties as Schema | undefined;
  if (!level?.enum) throw new Error('cloudManifests.rules no longer maps codes to an enum of levels');
  rules.properties = Object.fromEntries(
    codeList().map((code) => [
      code,
      { ...level, description: `${CODES[code].title} Default: ${CODES[code].severity}.` },
    ]),
  );
  rules.additionalProperties = false;

  const keys = Object.keys(properties).sort();
  const known = [...KNOWN_KEYS].sort();
  if (keys.join() !== known.join())
    throw new Error(`settings file keys differ: schema ${keys.join(', ')}; CLI reader ${known.join(', ')}`);
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    title: `Cloud Resource Manifests settings (${SETTINGS_FILE})`,
    description: `Settings of the cloud-manifests checker and language server: the editor's cloudManifests settings without the prefix.`,
    type: 'object',
    properties,
    additionalProperties: false,
  };
}

export const settingsSchemaText = () => JSON.stringify(settingsSchema(), null, 2) + '\n';
