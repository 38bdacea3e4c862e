// What a masked template's derived strings read as to the user. A value action is masked by characters
// that each stand for the action's character at its place (mask.ts), so any string the service derives
// from the masked text (a name, a namespace, a resource path, an owner's name joined with `-blob`, a
// message) holds the action written in it: read back here, in one place, as the user wrote it
// (`{{ .Values.name }}-blob`), whatever the surface (outline, code lens, owner tree, hover, messages).
import { MASK_FIRST, MASK_LAST } from './mask';

const MASKED_CHARS = /[\uE000-\uF8FF]/g;
const HAS_MASK = /[\uE000-\uF8FF]/;

/** A string with every masked action in it written as the user wrote it. */
export function asWritten(s: string): string {
  if (!HAS_MASK.test(s)) return s;
  return s.replace(MASKED_CHARS, (c) => {
    const code = c.charCodeAt(0);
    // The last mask character stands for any character beyond the range (rare in an action): shown as `…`.
    return code === MASK_LAST ? '…' : String.fromCharCode(code - MASK_FIRST);
  });
}

/**
 * A payload shown to the user (symbols, code lenses, owner tree nodes, hover) with every string in it
 * `asWritten`. Only for what is shown: an edit's text must never be rewritten (it would write the action's
 * text where the mask was computed: literalEdits.ts decides what edits a template may take).
 */
export function shownAsWritten<T>(value: T): T {
  if (typeof value === 'string') return asWritten(value) as T;
  if (Array.isArray(value)) {
    // Arrays are mapped in place of a copy only where something changes (a large owner tree stays as is).
    let out: unknown[] | undefined;
    value.forEach((v, i) => {
      const w = shownAsWritten(v);
      if (w !== v) (out ??= value.slice())[i] = w;
    });
    return (out ?? value) as T;
  }
  if (value && typeof value === 'object') {
    let out: Record<string, unknown> | undefined;
    for (const [k, v] of Object.entries(value)) {
      const w = shownAsWritten(v);
      if (w !== v) (out ??= { ...(value as Record<string, unknown>) })[k] = w;
    }
    return (out ?? value) as T;
  }
  return value;
}
