// A `status` block in a manifest is written by the service; whatever the user writes there is ignored.
import { removeEntryFix } from '../fixes/remove';
import { keyName } from '../../core/yamlNodes';
import { find, type Rule } from './ruleContext';

export const statusReadOnly: Rule = {
  codes: ['status-read-only'],
  check({ root, out, def, text }) {
    const status = find(root, ['status']);
    if (!status) return;
    out.report(
      'status-read-only',
      status.keySpan,
      `\`status\` of a ${def.kind} is read-only: the service writes it and ignores what the manifest says. Remove it.`,
      undefined,
      removeEntryFix(
        text,
        root,
        root.items.findIndex((p) => keyName(p) === 'status'),
        'Remove the read-only `status` block',
      ),
    );
  },
};
