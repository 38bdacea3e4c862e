// The cloud name (`spec.cloudName`, else `metadata.name`) must fit its kind's name limits (reference-shapes.md).
// Where `metadata.name` is the cloud name, it is checked here against Kubernetes' object-name rule too (the
// walk leaves that rule to this check: checkManifest.ts), so that a name gets one message whichever rules it
// breaks, an error when any rule that holds for the written version does, saying what to write.
import { breaksLimit, limitWords, nameMeeting, OBJECT_NAME_LIMITS } from '../../../model/nameLimits';
import type { KindDef, NameLimit } from '../../../model/types';
import { isMasked } from '../../core/maskedChars';
import { charList, clipped, neverAllowedChars, NO_ACTION, runSpan } from '../templatedValues';
import { find, type Rule } from './ruleContext';

/** Whether `metadata.name` is checked here rather than by the walk: the kind's cloud name, unwritten. */
export const namesCloud = (def: KindDef, root: unknown): boolean =>
  !!def.nameLimits && def.cloudNameDefault !== 'uuid' && !find(root, ['spec', 'cloudName']);

/** One broken limit in words. */
function brokenWords(def: KindDef, l: NameLimit): string {
  if (l.objectName) return `a Kubernetes object name is ${l.doc}`;
  if (l.laterVersions) return `API versions after ${def.apiVersionValue} take only ${l.doc} in a ${def.kind} name`;
  return `a ${def.kind} name must be ${limitWords(def, l)}`;
}

export const nameLimit: Rule = {
  codes: ['name-limit'],
  check({ root, out, def, text }) {
    if (!def.nameLimits) return;
    const cloud = find(root, ['spec', 'cloudName']);
    const objectName = !cloud && namesCloud(def, root);
    const at = cloud ?? find(root, ['metadata', 'name']);
    if (!at || typeof at.scalar !== 'string') return;
    const name = at.scalar;
    const limits = objectName ? [...OBJECT_NAME_LIMITS, ...def.nameLimits] : def.nameLimits;
    const field = cloud ? '`spec.cloudName`' : '`metadata.name`';
    // Written with a template action in it: only characters its literal parts hold that no name may hold,
    // said once, for the first limit (errors first) whose pattern refuses them.
    if (isMasked(name)) {
      const doubleQuoted = text[at.valueSpan[0]] === '"';
      const ordered = [
        ...limits.filter((l) => l.severity === 'error'),
        ...limits.filter((l) => l.severity !== 'error'),
      ];
      for (const limit of ordered) {
        const found = limit.pattern !== undefined ? neverAllowedChars(limit.pattern, name, doubleQuoted) : undefined;
        const where = found && runSpan(text, at.valueSpan, name, found.run.from, found.run.to);
        if (found && where) {
          out.report(
            'name-limit',
            where,
            `${field} has characters that are not allowed: its literal text "${clipped(found.run.text)}" holds ${charList(found.chars)}; ${brokenWords(def, limit)}. ${NO_ACTION}`,
            limit.severity,
          );
          return;
        }
      }
      return;
    }
    const broken = limits.filter((l) => breaksLimit(l, name));
    if (broken.length === 0) return;
    const length = broken.some((l) => breaksLimit({ ...l, pattern: undefined }, name));
    const chars = broken.some(
      (l) => l.pattern !== undefined && breaksLimit({ doc: '', severity: l.severity, pattern: l.pattern }, name),
    );
    const what = [
      ...(length ? [`is ${name.length} characters long`] : []),
      ...(chars ? ['has characters that are not allowed'] : []),
    ].join(' and ');
    // Said where a cloud limit is broken: why a Kubernetes name that is fine is not.
    const why =
      !cloud && broken.some((l) => !l.objectName)
        ? ` \`metadata.name\` is the ${def.kind}'s name in the cloud when \`spec.cloudName\` is absent.`
        : '';
    const better = nameMeeting(limits, name);
    out.report(
      'name-limit',
      at.valueSpan,
      `${field} ${JSON.stringify(name)} ${what}: ${broken.map((l) => brokenWords(def, l)).join('; ')}.${why}${better ? ` Write ${JSON.stringify(better)}.` : ''}`,
      broken.some((l) => l.severity === 'error') ? undefined : 'warning',
    );
  },
};
