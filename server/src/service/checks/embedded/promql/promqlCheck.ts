// PromQL checks that need no Prometheus server, on the tree of Prometheus's own grammar
// (@prometheus-io/lezer-promql): syntax errors at their character with what was expected, unknown
// functions, argument counts and types, aggregation parameters, `bool` and operand rules of binary
// operators, selectors that would match every series, and durations.
// Over 400 lines: one walk of the tree (Checker), whose checks read the types the walk infers below them.
import type { SyntaxNode } from '@lezer/common';
import { promqlParser } from '../../../core/libraries';

import { Memo, memoKey } from '../../../core/memo';
import { TextCache, type EmbeddedFix, type EmbeddedProblem } from '../problem';
import { shapeOf } from '../shape';
import {
  AGGREGATION_BY_NAME,
  FUNCTION_BY_NAME,
  signature,
  typeWord,
  UNCHECKED_FUNCTIONS,
  type ValueType,
} from './functions';
import { bracketProblem, syntaxProblem } from './syntax';

/**
 * Prometheus's grammar, loaded on first use: a workspace without rule groups never pays for it (about 7 MB
 * of a server's resident memory when it is loaded with the server).
 */

const EXPRESSIONS: ReadonlySet<string> = new Set([
  'NumberDurationLiteral',
  'StringLiteral',
  'VectorSelector',
  'MatrixSelector',
  'SubqueryExpr',
  'FunctionCall',
  'AggregateExpr',
  'BinaryExpr',
  'ParenExpr',
  'UnaryExpr',
  'OffsetExpr',
  'StepInvariantExpr',
  'AnchoredExpr',
  'SmoothedExpr',
]);
const COMPARISONS: ReadonlySet<string> = new Set(['Eql', 'Neq', 'Gtr', 'Lss', 'Gte', 'Lte']);
const SET_OPS: ReadonlySet<string> = new Set(['And', 'Or', 'Unless']);
const OPERATORS: ReadonlySet<string> = new Set([
  'Pow',
  'Mul',
  'Div',
  'Mod',
  'Add',
  'Sub',
  'Atan2',
  'TrimUpper',
  'TrimLower',
  ...COMPARISONS,
  ...SET_OPS,
]);

const children = (node: SyntaxNode): SyntaxNode[] => {
  const out: SyntaxNode[] = [];
  for (let c = node.firstChild; c; c = c.nextSibling) out.push(c);
  return out;
};
const exprChildren = (node: SyntaxNode) => children(node).filter((c) => EXPRESSIONS.has(c.name));

const quote = (s: string) => `\`${s.length > 40 ? s.slice(0, 37) + '…' : s}\``;

class Checker {
  readonly problems: EmbeddedProblem[] = [];
  constructor(private readonly text: string) {}

  private slice = (n: { from: number; to: number }) => this.text.slice(n.from, n.to);

  private report(code: EmbeddedProblem['code'], from: number, to: number, message: string, fix?: EmbeddedFix) {
    this.problems.push({ code, from, to: Math.max(to, from + 1), message, ...(fix ? { fix } : {}) });
  }

  /** Checks a node and returns its type. */
  check(node: SyntaxNode): ValueType | 'none' {
    switch (node.name) {
      case 'PromQL': {
        const e = exprChildren(node)[0];
        return e ? this.check(e) : 'none';
      }
      case 'NumberDurationLiteral':
        return 'scalar';
      case 'StringLiteral':
        return 'string';
      case 'VectorSelector':
        this.selector(node);
        return 'vector';
      case 'MatrixSelector':
        for (const c of exprChildren(node)) this.check(c);
        this.durations(node);
        return 'matrix';
      case 'SubqueryExpr': {
        const inner = exprChildren(node)[0];
        const t = inner ? this.check(inner) : 'none';
        if (inner && t !== 'vector')
          this.report(
            'promql-type',
            inner.from,
            inner.to,
            `A subquery (\`[range:step]\`) applies to an instant vector; ${quote(this.slice(inner))} is ${aWord(t)}.`,
          );
        this.durations(node);
        return 'matrix';
      }
      case 'ParenExpr':
      case 'OffsetExpr':
      case 'AnchoredExpr':
      case 'SmoothedExpr': {
        const inner = exprChildren(node)[0];
        if (node.name === 'OffsetExpr') this.durations(node);
        return inner ? this.check(inner) : 'none';
      }
      case 'StepInvariantExpr': {
        const inner = exprChildren(node)[0];
        const t = inner ? this.check(inner) : 'none';
        if (inner && t !== 'vector' && t !== 'matrix')
          this.report(
            'promql-type',
            inner.from,
            inner.to,
            `The \`@\` modifier applies to a selector or a subquery; ${quote(this.slice(inner))} is ${aWord(t)}.`,
          );
        return t;
      }
      case 'UnaryExpr': {
        const inner = exprChildren(node)[0];
        const t = inner ? this.check(inner) : 'none';
        if (inner && t !== 'scalar' && t !== 'vector')
          this.report(
            'promql-type',
            node.from,
            node.to,
            `A unary \`${this.slice(node)[0]}\` applies to a scalar or an instant vector; ${quote(this.slice(inner))} is ${aWord(t)}.`,
          );
        return t;
      }
      case 'FunctionCall':
        return this.call(node);
      case 'AggregateExpr':
        return this.aggregate(node);
      case 'BinaryExpr':
        return this.binary(node);
      default:
        return 'none';
    }
  }

  private call(node: SyntaxNode): ValueType | 'none' {
    const id = node.getChild('FunctionIdentifier');
    const body = node.getChild('FunctionCallBody');
    const name = id ? this.slice(id) : '';
    const args = body ? exprChildren(body) : [];
    const types = args.map((a) => this.check(a));
    const fn = FUNCTION_BY_NAME.get(name);
    if (!fn || UNCHECKED_FUNCTIONS.has(name)) return 'vector';
    const min = fn.args.length - (fn.optional ?? 0);
    const max = fn.variadic < 0 ? Infinity : fn.args.length;
    if (args.length < min || args.length > max) {
      const want =
        min === max
          ? `${min} argument${min === 1 ? '' : 's'}`
          : max === Infinity
            ? `at least ${min} arguments`
            : `${min} to ${max} arguments`;
      const at = args.length > max ? args[max] : undefined;
      this.report(
        'promql-arguments',
        at ? at.from : id!.from,
        at ? args[args.length - 1].to : (body ?? id!).to,
        `\`${name}\` takes ${want} (\`${signature(fn)}\`); found ${args.length}.`,
      );
    }
    args.forEach((a, i) => {
      if (i >= max) return;
      const want = fn.args[Math.min(i, fn.args.length - 1)];
      if (types[i] === want || types[i] === 'none') return;
      const needsRange = want === 'matrix' && a.name === 'VectorSelector';
      const hint = needsRange
        ? ` Give it a range: \`${name}(${this.slice(a)}[5m])\`.`
        : want === 'vector' && types[i] === 'matrix'
          ? ` A range is read by a \`…_over_time\` function or \`rate\`/\`increase\`; remove \`[…]\` here.`
          : '';
      this.report(
        'promql-arguments',
        a.from,
        a.to,
        `Argument ${i + 1} of \`${name}\` must be ${aWord(want)}; ${quote(this.slice(a))} is ${aWord(types[i])} (\`${signature(fn)}\`).${hint}`,
        needsRange
          ? { from: a.to, to: a.to, candidates: [{ title: 'Add the range `[5m]`', text: '[5m]' }] }
          : undefined,
      );
    });
    return fn.returns;
  }

  private aggregate(node: SyntaxNode): ValueType | 'none' {
    const op = node.getChild('AggregateOp');
    const body = node.getChild('FunctionCallBody');
    const name = op ? this.slice(op) : '';
    const agg = AGGREGATION_BY_NAME.get(name);
    const args = body ? exprChildren(body) : [];
    const types = args.map((a) => this.check(a));
    if (!agg || !body) return 'vector';
    const want: ValueType[] = agg.param ? [agg.param, 'vector'] : ['vector'];
    if (args.length !== want.length) {
      const form = agg.param
        ? `a ${typeWord(agg.param)} parameter and an instant vector (\`${name}(${agg.param === 'string' ? '"label"' : '5'}, x)\`)`
        : `one instant vector (\`${name}(x)\`)`;
      this.report(
        'promql-arguments',
        op!.from,
        body.to,
        `\`${name}\` takes ${form}; found ${args.length} argument${args.length === 1 ? '' : 's'}.`,
      );
      return 'vector';
    }
    args.forEach((a, i) => {
      if (types[i] === want[i] || types[i] === 'none') return;
      const what = agg.param && i === 0 ? 'The parameter' : 'The argument';
      this.report(
        'promql-arguments',
        a.from,
        a.to,
        `${what} of \`${name}\` must be ${aWord(want[i])}; ${quote(this.slice(a))} is ${aWord(types[i])}.`,
      );
    });
    return 'vector';
  }

  private binary(node: SyntaxNode): ValueType | 'none' {
    const parts = children(node);
    const exprs = parts.filter((c) => EXPRESSIONS.has(c.name));
    const opNode = parts.find((c) => OPERATORS.has(c.name));
    if (exprs.length < 2 || !opNode) return 'none';
    const [l, r] = [exprs[0], exprs[exprs.length - 1]];
    const lt = this.check(l);
    const rt = this.check(r);
    const op = this.slice(opNode);
    const bool = node.getChild('BoolModifier');
    const matching = node.getChild('MatchingModifierClause');
    const comparison = COMPARISONS.has(opNode.name);
    const setOp = SET_OPS.has(opNode.name);
    for (const [side, t, n] of [
      ['left', lt, l],
      ['right', rt, r],
    ] as const) {
      if (t !== 'scalar' && t !== 'vector' && t !== 'none')
        this.report(
          'promql-operator',
          n.from,
          n.to,
          `The ${side} operand of \`${op}\` is ${aWord(t)}; binary operators take scalars and instant vectors.`,
        );
    }
    if (bool && !comparison)
      this.report(
        'promql-operator',
        bool.from,
        bool.to,
        `\`bool\` applies to comparison operators (\`==\`, \`!=\`, \`>\`, \`<\`, \`>=\`, \`<=\`), not to \`${op}\`.`,
      );
    if (comparison && !bool && lt === 'scalar' && rt === 'scalar')
      this.report(
        'promql-operator',
        opNode.from,
        opNode.to,
        `A comparison between two scalars must use \`bool\`: write \`${op} bool\` (it returns 0 or 1).`,
        // `bool` written after the operator, as the message says.
        {
          from: opNode.to,
          to: opNode.to,
          candidates: [{ title: `Write \`${op} bool\``, text: ' bool' }],
        },
      );
    if (setOp && (lt === 'scalar' || rt === 'scalar'))
      this.report(
        'promql-operator',
        opNode.from,
        opNode.to,
        `\`${op}\` is a set operator between two instant vectors; an operand here is a scalar.`,
      );
    if (matching && (lt === 'scalar' || rt === 'scalar'))
      this.report(
        'promql-operator',
        matching.from,
        matching.to,
        `Vector matching (${quote(this.slice(matching))}) applies between two instant vectors; an operand of \`${op}\` is a scalar.`,
      );
    if (matching && setOp && /group_(left|right)/.test(this.slice(matching)))
      this.report(
        'promql-operator',
        matching.from,
        matching.to,
        `\`${op}\` is a many-to-many set operation: \`group_left\`/\`group_right\` are not allowed with it.`,
      );
    return lt === 'scalar' && rt === 'scalar' ? 'scalar' : 'vector';
  }

  private selector(node: SyntaxNode) {
    const name = node.getChild('Identifier');
    const matchers = node.getChild('LabelMatchers');
    const list = matchers
      ? children(matchers).filter((c) => c.name === 'UnquotedLabelMatcher' || c.name === 'QuotedLabelMatcher')
      : [];
    let nonEmpty = !!name;
    for (const m of list) {
      const label = m.getChild('LabelName') ?? m.getChild('QuotedLabelName');
      const op = m.getChild('MatchOp');
      const values = m.getChildren('StringLiteral');
      const value = values[values.length - 1];
      if (!op || !value) {
        // `{"metric_name"}`: a quoted metric name alone.
        if (m.name === 'QuotedLabelMatcher' && values.length === 1) nonEmpty = true;
        continue;
      }
      const labelName = label ? unquote(this.slice(label)) : '';
      if (name && labelName === '__name__')
        this.report(
          'promql-selector',
          m.from,
          m.to,
          `The metric name is given twice: ${quote(this.slice(name))} and ${quote(this.slice(m))}.`,
        );
      if (!matchesEmpty(this.slice(op), unquote(this.slice(value)))) nonEmpty = true;
    }
    if (!nonEmpty)
      this.report(
        'promql-selector',
        node.from,
        node.to,
        `The selector ${quote(this.slice(node))} needs a metric name or a matcher that does not match the empty string (Prometheus refuses to select every series), e.g. \`{job=~".+"}\`.`,
      );
  }

  /** Prometheus durations: units from the largest to the smallest, each at most once. */
  private durations(node: SyntaxNode) {
    for (const c of children(node)) {
      if (c.name !== 'DurationExpr' && c.name !== 'OffsetDurationExpr') continue;
      const lit = c.getChild('NumberDurationLiteralInDurationContext') ?? c;
      const d = this.slice(lit);
      if (/^[0-9]/.test(d) && /[a-z]/i.test(d) && !PROM_DURATION.test(d))
        this.report(
          'promql-duration',
          lit.from,
          lit.to,
          `${quote(d)} is not a Prometheus duration: units go from the largest to the smallest, each once (\`1h30m\`), among \`y\`, \`w\`, \`d\`, \`h\`, \`m\`, \`s\`, \`ms\`.`,
        );
    }
  }
}

const PROM_DURATION = /^(?:\d+y)?(?:\d+w)?(?:\d+d)?(?:\d+h)?(?:\d+m)?(?:\d+s)?(?:\d+ms)?$/;

const aWord = (t: ValueType | 'none') =>
  t === 'none'
    ? 'nothing'
    : t === 'string'
      ? 'a string'
      : t === 'scalar'
        ? 'a scalar'
        : `an ${typeWord(t)}`.replace('an range', 'a range');

function unquote(s: string): string {
  if (s.startsWith('`')) return s.slice(1, -1);
  if (s.startsWith('"') || s.startsWith("'")) {
    try {
      return JSON.parse(s[0] === "'" ? `"${s.slice(1, -1).replace(/"/g, '\\"')}"` : s);
    } catch {
      return s.slice(1, -1);
    }
  }
  return s;
}

function matchesEmpty(op: string, value: string): boolean {
  switch (op) {
    case '=':
      return value === '';
    case '!=':
      return value !== '';
    case '=~':
    case '!~': {
      let re: RegExp;
      try {
        re = new RegExp(`^(?:${value})$`);
      } catch {
        return false; // not ours to judge: Prometheus's regular expressions are RE2
      }
      return op === '=~' ? re.test('') : !re.test('');
    }
    default:
      return false;
  }
}

function compute(text: string): EmbeddedProblem[] {
  if (text.trim() === '')
    return [
      {
        code: 'promql-syntax',
        from: 0,
        to: 0,
        message: 'The `expression` is empty: expected a PromQL expression such as `up == 0`.',
      },
    ];
  const tree = promqlParser().parse(text);
  let err: { from: number; to: number } | undefined;
  tree.iterate({
    enter(n) {
      if (err) return false;
      if (n.type.isError) err = { from: n.from, to: n.to };
      return undefined;
    },
  });
  if (err) {
    const p = syntaxProblem(text, err);
    // In a very long expression an error in the middle may be the grammar giving up on depth (hundreds of
    // chained operators or nested parentheses), which Prometheus would accept: only unbalanced brackets and
    // an early end are reported there.
    if (text.length > 2000 && p.code === 'promql-syntax' && !bracketProblem(text) && text.slice(err.from).trim() !== '')
      return [];
    return [p];
  }
  const c = new Checker(text);
  c.check(tree.topNode);
  return c.problems;
}

/** Never a crash: an expression too deep to walk gets no diagnostic rather than breaking the document's. */
function safely(text: string): EmbeddedProblem[] {
  try {
    return compute(text);
  } catch {
    return [];
  }
}

/** The problems of the expressions an analysis has seen, by text (one cache per analysis: see memo.ts). */
const PROBLEMS = memoKey(() => new TextCache<EmbeddedProblem[]>(5000));

/** A regular-expression matcher's literal decides whether it matches the empty string: kept as written. */
const REGEX_MATCHER = /[=!]~\s*$/;

/**
 * The problems of a PromQL expression (offsets in the expression), cached by its text; an expression whose
 * shape (see shape.ts) is known clean is clean.
 */
export function checkPromql(text: string, memo: Memo = new Memo()): EmbeddedProblem[] {
  const cache = memo.get(PROBLEMS);
  const shape = shapeOf(text, '"\'`', (before) => REGEX_MATCHER.test(before), true);
  if (shape !== undefined && shape !== text) {
    const byShape = cache.get(shape, () => safely(shape));
    if (byShape.length === 0) return byShape;
  }
  return cache.get(text, () => safely(text));
}
