// Domain, Topic: `inputSchemaMapping` maps the fields of a custom event schema (document 3, Events 1); with
// another `inputSchema` it has no effect.
import { valueFix } from '../fixes/values';
import { find, type Rule } from './ruleContext';

export const inputMappingWithoutCustomSchema: Rule = {
  codes: ['input-mapping-without-custom-schema'],
  kinds: ['Domain', 'Topic'],
  check({ root, out, text }) {
    const mapping = find(root, ['spec', 'inputSchemaMapping']);
    if (!mapping) return;
    const written = find(root, ['spec', 'inputSchema']);
    const schema = written?.scalar;
    // A value outside the enum (or a case variant) is reported by enum-value / enum-case already.
    const known = ['CloudEventSchemaV1_0', 'EventGridSchema'];
    if (schema !== undefined && !known.includes(String(schema))) return;
    const found = schema === undefined ? 'is not set' : `is "${String(schema)}"`;
    out.report(
      'input-mapping-without-custom-schema',
      mapping.keySpan,
      `\`spec.inputSchemaMapping\` applies to a custom event schema, and \`spec.inputSchema\` ${found}; set \`inputSchema: CustomEventSchema\` or remove the mapping.`,
      undefined,
      // Where `inputSchema` is written: its value (the report is on the mapping, the edit on the schema).
      written && schema !== undefined ? valueFix(text, written.valueSpan, ['CustomEventSchema'], false) : undefined,
    );
  },
};
