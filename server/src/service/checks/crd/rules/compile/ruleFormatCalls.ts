// cel-go's check of a `format` call whose format string and argument list are literals (ext/formatting.go
// stringFormatValidator, which Kubernetes' strings extension installs): each clause's argument must be of a
// type the clause takes (`'%d'.format(['a'])`: "error during formatting: decimal clause can only be used on
// integers, was given string"), the clauses must parse, and there must be no more arguments than clauses
// ("too many arguments supplied to string.format (expected 1, got 2)"). The API server refuses such a CRD.
// An argument typed `dyn`, an object of the schema or a type cel-js names otherwise is not judged.
import type { ASTNode } from '@marcbachmann/cel-js';
import { forEachNode, type CelNode } from '../celAst';
import { LibraryError } from '../library/define';
import { scanFormat } from '../library/stringFormat';

type Range = { start: number; end: number };
type Typed = CelNode & { checkedType?: { name: string }; range?: Range };

/** The types each clause takes (cel-go's type names). */
const TAKES: Readonly<Record<string, readonly string[]>> = {
  d: ['int', 'uint'],
  f: ['double', 'string'],
  e: ['double', 'string'],
  b: ['int', 'uint', 'bool'],
  x: ['int', 'uint', 'string', 'bytes'],
  X: ['int', 'uint', 'string', 'bytes'],
  o: ['int', 'uint'],
};

const STRING_TAKES: ReadonlySet<string> = new Set([
  'list',
  'map',
  'int',
  'uint',
  'double',
  'bool',
  'string',
  'google.protobuf.Timestamp',
  'bytes',
  'google.protobuf.Duration',
  'type',
  'null_type',
]);

const NAMED: ReadonlySet<string> = new Set([
  'int',
  'uint',
  'double',
  'bool',
  'string',
  'bytes',
  'type',
  'google.protobuf.Timestamp',
  'google.protobuf.Duration',
]);

/** cel-go's type name of a checked node, `dyn` (anything goes), or `undefined` where not judged here. */
function typeOf(n: Typed): string | undefined {
  const name = n.checkedType?.name;
  if (name === undefined) return undefined;
  if (name === 'dyn') return 'dyn';
  if (name.startsWith('list<')) return 'list';
  if (name.startsWith('map<')) return 'map';
  if (name === 'null') return 'null_type';
  return NAMED.has(name) ? name : undefined;
}

const STRING_CLAUSE =
  'string clause can only be used on strings, bools, bytes, ints, doubles, maps, lists, types, durations, and timestamps';

const MESSAGES: Readonly<Record<string, string>> = {
  d: 'decimal clause can only be used on integers',
  f: 'fixed-point clause can only be used on doubles',
  e: 'scientific clause can only be used on doubles',
  b: 'only integers and bools can be formatted as binary',
  x: 'only integers, byte buffers, and strings can be formatted as hex',
  X: 'only integers, byte buffers, and strings can be formatted as hex',
  o: 'octal clause can only be used on integers',
};

/** cel-go's verifyString: the first node (the argument, or inside its literal) `%s` does not take. */
function stringRefusal(n: Typed): Typed | undefined {
  const t = typeOf(n);
  if (t === undefined || t === 'dyn') return undefined;
  if (!STRING_TAKES.has(t)) return n;
  if (n.op === 'list' && Array.isArray(n.args))
    for (const e of n.args as Typed[]) {
      const bad = stringRefusal(e);
      if (bad) return bad;
    }
  if (n.op === 'map' && Array.isArray(n.args))
    for (const [k, v] of n.args as [Typed, Typed][]) {
      const bad = stringRefusal(k) ?? stringRefusal(v);
      if (bad) return bad;
    }
  return undefined;
}

class Refusal extends Error {
  constructor(
    message: string,
    readonly node: Typed,
  ) {
    super(message);
  }
}

/** The first literal format call of a checked rule cel-go refuses: its message and range (in `source`). */
export function formatCallProblem(
  ast: ASTNode,
  source: string,
  sameText: boolean,
): { message: string; range?: [number, number] } | undefined {
  let found: { message: string; node: Typed } | undefined;
  forEachNode(ast, (n) => {
    if (found || n.op !== 'rcall' || !Array.isArray(n.args) || n.args[0] !== 'format') return;
    const [, target, args] = n.args as [string, Typed, Typed[]];
    if (target?.op !== 'value' || typeof target.args !== 'string') return;
    if (!Array.isArray(args) || args.length !== 1 || args[0]?.op !== 'list' || !Array.isArray(args[0].args)) return;
    const elements = args[0].args as Typed[];
    let used = 0;
    try {
      scanFormat(
        target.args,
        elements.length,
        (letter, _precision, index) => {
          used++;
          const arg = elements[index];
          if (letter === 's') {
            const bad = stringRefusal(arg);
            if (bad) throw new Refusal(`error during formatting: ${STRING_CLAUSE}, was given ${typeOf(bad)}`, bad);
            return '';
          }
          const t = typeOf(arg);
          if (t !== undefined && t !== 'dyn' && !TAKES[letter].includes(t))
            throw new Refusal(`error during formatting: ${MESSAGES[letter]}, was given ${t}`, arg);
          return '';
        },
        true,
      );
    } catch (e) {
      if (e instanceof Refusal) found = { message: e.message, node: e.node };
      else if (e instanceof LibraryError) found = { message: e.message, node: n as Typed };
      else throw e;
      return;
    }
    if (elements.length > used)
      found = {
        message: `too many arguments supplied to string.format (expected ${used}, got ${elements.length})`,
        node: n as Typed,
      };
  });
  if (!found) return undefined;
  const r = found.node.range;
  if (!r || !sameText) return { message: found.message };
  const part = source.slice(r.start, r.end);
  return { message: part.length <= 80 ? `\`${part}\`: ${found.message}` : found.message, range: [r.start, r.end] };
}
