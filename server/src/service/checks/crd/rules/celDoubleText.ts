// cel-go's `string()` of a double: Go's `%g` (`string(1234567.0)` is `'1.234567e+06'`, `string(1e-5)` is
// `'1e-05'`, `string(-0.0)` is `'-0'`), where cel-js writes JavaScript's number text (`'1234567'`). cel-js lets
// no overload be replaced, so a parsed rule's one-argument `string()` calls are renamed to ours (as
// celStrings.ts does): a double is written here, any other value by cel-js's own `string()` (and celTime.ts's
// of time values), which keeps their errors.
import type * as CelJs from '@marcbachmann/cel-js';
import { forEachNode } from './celAst';
import { formatShortest } from './library/goDecimal';

/** Our `string()`'s name (ruleCost.ts estimates it as `string()`). */
export const GO_STRING = '__go_string__';

/** Declares our `string()` (under a name no rule can mean). */
export function declareGoDoubleText(env: CelJs.Environment): void {
  // cel-js's string() for any other value (its overloads, the libraries', celTime.ts's; its error where there
  // is none), parsed once on first use (the environment is complete by then). A double is a number in cel-js.
  const programs: { string?: CelJs.ParseResult } = {};
  env.registerFunction(`${GO_STRING}(dyn): string`, (v: unknown) => {
    if (typeof v === 'number') return formatShortest(v);
    // cel-js's own text of a string, an int and a bool, without a call through its program.
    if (typeof v === 'string' || typeof v === 'bigint' || typeof v === 'boolean') return String(v);
    return (programs.string ??= env.parse('string(v)'))({ v });
  });
}

/** Renames a parsed rule's one-argument `string()` calls to ours (before its first run). */
export function useGoDoubleText(root: CelJs.ASTNode): void {
  forEachNode(root, (x) => {
    if (x.op === 'call' && Array.isArray(x.args) && x.args[0] === 'string' && Array.isArray(x.args[1]))
      if (x.args[1].length === 1) x.args[0] = GO_STRING;
  });
}
