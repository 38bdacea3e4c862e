// An error thrown while a CRD rule runs, told apart by its cause: one the CEL spec defines as a runtime error
// (integer overflow, division by zero, no such key, an index out of range, a library function's own error)
// is the API server's too, so the manifest is rejected with it; anything else comes from our engine (an
// overload cel-js lacks at run time, a value it cannot hold, a bug), and then the rule gives no verdict. A
// false error being worse than a missed one, only the causes listed here are the manifest's.
import { LibraryError } from './library/define';
import { isGoDuration } from './literals';
import { ValueTooLarge } from './ruleSize';

/** What a thrown error means for the manifest. */
export type Thrown =
  /** The API server fails the same way: `message` in cel-go's words. */
  | { real: string }
  /** Our engine's limit: the rule cannot be judged here (`why` says what). */
  | { unsupported: string };

type CelJsError = Error & { code?: string; node?: { input?: string; range?: { start: number; end: number } } };

const firstLine = (e: Error): string => String(e.message ?? '').split('\n')[0];

/** cel-go's message for a list index out of range: `index '3' out of range in list size '1'`. */
function indexMessage(message: string): string {
  // cel-js writes an empty list's size as `undefined`.
  const m = /index (-?\d+) (?:>= size (\w+)|< 0)/.exec(message);
  if (!m) return 'index out of range';
  const size = m[2] === undefined ? undefined : /^\d+$/.test(m[2]) ? m[2] : '0';
  return size !== undefined ? `index '${m[1]}' out of range in list size '${size}'` : `index '${m[1]}' out of range`;
}

/**
 * The meaning of `e`, thrown by a rule evaluated with `self` the node's value. `root`: `self` is a resource's
 * root, whose `metadata` the API server fills (a generated `name`, the request's `namespace`) where the
 * manifest may not write it: a key missing there is not the manifest's fault.
 */
export function classifyThrown(e: unknown, root: boolean): Thrown {
  if (e instanceof LibraryError) return { real: e.message };
  // A value the product does not build (ruleSize.ts); the API server may.
  if (e instanceof ValueTooLarge) return { unsupported: e.message };
  if (!(e instanceof Error)) return { unsupported: String(e) };
  const err = e as CelJsError;
  const message = firstLine(err);
  switch (err.code) {
    case 'numeric_overflow':
      return { real: /unsigned|uint/i.test(message) ? 'unsigned integer overflow' : 'integer overflow' };
    case 'division_by_zero':
      return { real: 'division by zero' };
    case 'modulo_by_zero':
      return { real: 'modulus by zero' };
    case 'index_out_of_bounds':
      return { real: indexMessage(message) };
    case 'no_such_key': {
      const key = /^No such key: (.*)$/.exec(message)?.[1] ?? '';
      const at =
        err.node?.range && err.node.input ? err.node.input.slice(err.node.range.start, err.node.range.end) : '';
      if (root && /^\s*self\s*\.\s*metadata\b/.test(at))
        return {
          unsupported: `\`${at.trim()}\`: the API server fills \`metadata\` (a generated name, the namespace of the request)`,
        };
      // An escaped name (`__if__`, `a__dash__b`) in a field our values do not escape (under preserved
      // unknown fields, an embedded resource): the API server may hold it under its escaped name.
      if (/__(?:dash|dot|slash|underscores|[a-z]+)__/.test(key))
        return { unsupported: `\`${key}\` is an escaped name the product does not resolve in unknown fields` };
      return { real: `no such key: ${key}` };
    }
    case 'index_out_of_range':
      // cel-js's `indexOf`/`lastIndexOf` refuse an offset out of range that cel-go (0.22 on) clamps.
      return /^string\.substring/.test(message) ? { real: message } : { unsupported: message };
    case 'int_conversion_error':
    case 'uint_conversion_error':
    case 'double_conversion_error':
    case 'bool_conversion_error':
      return { real: message };
    case 'optional_value_missing':
      return { real: 'optional.none() dereference' };
    case 'invalid_duration': {
      // cel-js's parser is not Go's: only a string Go refuses too is the manifest's error.
      const text = /^Invalid duration string: (.*)$/.exec(message)?.[1];
      return text !== undefined && !isGoDuration(text)
        ? { real: `invalid duration argument: ${text}` }
        : { unsupported: message };
    }
    case 'invalid_timestamp':
      return { unsupported: message };
    default:
      break;
  }
  // Our RE2 `matches` (celRegex.ts): a pattern Go cannot compile, at run time.
  if (/^invalid regular expression: /.test(message) && err.code === undefined) return { real: message };
  return { unsupported: message };
}
