// The characters a Helm template's value action is masked with (workspace/helm/mask.ts), known below the
// workspace layer too: a check that meets them in a value knows that part is written by an action and
// judges the literal parts alone (checks/templatedValues.ts).

/**
 * The private-use characters (U+E000–U+F8FF: one UTF-16 unit each, printable in YAML, never in a name the
 * user writes) a value action is masked with: U+E000 + the character's code, the last one for any
 * character beyond their range.
 */
export const MASK_FIRST = 0xe000;
export const MASK_LAST = 0xf8ff;
/** A string holds a masked action (it says nothing about the rendered value: never a name to offer). */
export const isMasked = (s: string): boolean => /[\uE000-\uF8FF]/.test(s);
/** One masked character. */
export const isMaskedChar = (code: number): boolean => code >= MASK_FIRST && code <= MASK_LAST;
