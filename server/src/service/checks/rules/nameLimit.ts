// The cloud name (`spec.cloudName`, else `metadata.name`) must fit its kind's name limits (reference-shapes.md).
import { isMasked } from '../../core/maskedChars';
import { charList, clipped, neverAllowedChars, NO_ACTION, runSpan } from '../templatedValues';
import { find, type Rule } from './ruleContext';

export const nameLimit: Rule = {
  codes: ['name-limit'],
  check({ root, out, def, text }) {
    if (!def.nameLimits) return;
    const at = find(root, ['spec', 'cloudName']) ?? find(root, ['metadata', 'name']);
    if (!at || typeof at.scalar !== 'string') return;
    const name = at.scalar;
    const field = find(root, ['spec', 'cloudName'])
      ? 'spec.cloudName'
      : 'metadata.name (the cloud name when `cloudName` is absent)';
    // Written with a template action in it: only characters its literal parts hold that no name may hold.
    if (isMasked(name)) {
      const doubleQuoted = text[at.valueSpan[0]] === '"';
      for (const limit of def.nameLimits) {
        const found = limit.pattern !== undefined ? neverAllowedChars(limit.pattern, name, doubleQuoted) : undefined;
        const where = found && runSpan(text, at.valueSpan, name, found.run.from, found.run.to);
        if (found && where)
          out.report(
            'name-limit',
            where,
            `\`${field}\` has characters that are not allowed: its literal text "${clipped(found.run.text)}" holds ${charList(found.chars)}; a ${def.kind} name must be ${limit.doc}. ${NO_ACTION}`,
            limit.severity,
          );
      }
      return;
    }
    for (const limit of def.nameLimits) {
      const tooShort = limit.minLength !== undefined && name.length < limit.minLength;
      const tooLong = limit.maxLength !== undefined && name.length > limit.maxLength;
      const badChars = limit.pattern !== undefined && !new RegExp(limit.pattern).test(name);
      if (tooShort || tooLong || badChars) {
        const what = tooShort || tooLong ? `is ${name.length} characters long` : 'has characters that are not allowed';
        out.report(
          'name-limit',
          at.valueSpan,
          `\`${field}\` ${JSON.stringify(name)} ${what}; a ${def.kind} name must be ${limit.doc}.`,
          limit.severity,
        );
      }
    }
  },
};
