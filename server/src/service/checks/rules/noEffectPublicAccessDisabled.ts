// BatchAccount `networkProfile` takes effect only when public network access is enabled; Domain and
// Topic `inboundIpRules` are considered only then (document 3).
import { find, type Rule } from './ruleContext';

const FIELD: Record<string, string> = {
  BatchAccount: 'networkProfile',
  Domain: 'inboundIpRules',
  Topic: 'inboundIpRules',
};

export const noEffectPublicAccessDisabled: Rule = {
  codes: ['no-effect-public-access-disabled'],
  kinds: Object.keys(FIELD),
  check({ root, out, def }) {
    const field = FIELD[def.kind];
    const access = find(root, ['spec', 'publicNetworkAccess']);
    const setting = find(root, ['spec', field]);
    if (access?.scalar !== 'Disabled' || !setting) return;
    out.report(
      'no-effect-public-access-disabled',
      setting.keySpan,
      `\`spec.${field}\` has no effect while \`spec.publicNetworkAccess\` is \`Disabled\`; it applies only when public network access is enabled.`,
    );
  },
};
