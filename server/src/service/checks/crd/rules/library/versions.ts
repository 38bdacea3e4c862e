// Which Kubernetes release each CEL library is usable from in a new CRD rule, as data, and the first call of
// a rule that the release the workspace targets refuses (the `kubernetesVersion` setting).
//
// The source is the API server's versioned CEL environment, k8s.io/apiserver/pkg/cel/environment/base.go
// (read at kubernetes/apiserver v0.36.3 = Kubernetes 1.36.3, and at master of 2026-07-23, 1.37.0-beta.0):
// each library is a `VersionedOptions` with an `IntroducedVersion`. A CRD's rules are compiled, when the CRD
// is created (or a rule changed), in the `NewExpressions` environment of `DefaultCompatibilityVersion()`
// (apiextensions-apiserver validation.go, `RuleEnv`), which holds only the options introduced at or before
// that version; and that version is the server's `MinCompatibilityVersion`, its own minor minus one
// (component-base compatibility `NewEffectiveVersion`: `binaryVersion.SubtractMinor(1)`; 1.28 and 1.29
// hard-coded 1.27 and 1.28 the same way). So a library introduced in 1.N is usable in a new rule from
// Kubernetes 1.N+1 on. (Rules already stored run in `StoredExpressions`, which has every library: a
// cluster upgraded with a CRD already in it keeps running its rules; an editor checks the CRD as applied.)
//
// Always there (introduced 1.0, the CEL epoch): Kubernetes' lists (`sum`, `min`, `max`, `isSorted`,
// `indexOf`, `lastIndexOf`), regex (`find`, `findAll`) and URL libraries, and cel-go's strings extension
// version 0 (`charAt`, `indexOf`, `lastIndexOf`, `lowerAscii`, `replace`, `split`, `substring`, `trim`,
// `upperAscii`). Never there: cel-go's bindings (`cel.bind`), math and encoders extensions, and strings
// version 3 (`reverse` of a string): base.go enables none of them.
import { isCelNode, type CelNode } from '../celAst';

/** What a name belongs to and the minor of Kubernetes that introduced it (base.go's IntroducedVersion). */
export interface Gate {
  /** How the message names it (`ip()`, `sets.contains()`). */
  shown: string;
  /** The library, as the message names it. */
  library: string;
  /**
   * The minor of `IntroducedVersion`; `undefined`: in no release up to KNOWN_THROUGH_MINOR; `never`: not in
   * Kubernetes' CEL at all.
   */
  introduced: number | undefined | 'never';
}

/** The newest minor whose libraries the table knows (1.37, at beta.0 when it was read). */
export const KNOWN_THROUGH_MINOR = 37;

const g = (shown: string, library: string, introduced: Gate['introduced']): Gate => ({ shown, library, introduced });

/** Functions called by name (`ip('10.0.0.1')`). */
export const GLOBAL_FUNCTIONS: ReadonlyMap<string, Gate> = new Map([
  ['quantity', g('quantity()', "Kubernetes' quantity library", 28)],
  ['isQuantity', g('isQuantity()', "Kubernetes' quantity library", 28)],
  ['ip', g('ip()', "Kubernetes' IP library", 30)],
  ['isIP', g('isIP()', "Kubernetes' IP library", 30)],
  ['cidr', g('cidr()', "Kubernetes' CIDR library", 30)],
  ['isCIDR', g('isCIDR()', "Kubernetes' CIDR library", 30)],
  ['semver', g('semver()', "Kubernetes' semver library", 33)],
  ['isSemver', g('isSemver()', "Kubernetes' semver library", 33)],
]);

/** Namespaces of functions (`sets.contains(a, b)`): cel-go reports the namespace itself as undeclared. */
export const NAMESPACES: ReadonlyMap<string, Gate> = new Map([
  ['optional', g('optional.of()', "cel-go's optional types", 28)],
  ['sets', g('sets.contains()', "cel-go's sets extension", 29)],
  ['strings', g('strings.quote()', "cel-go's strings extension version 2", 29)],
  ['ip', g('ip.isCanonical()', "Kubernetes' IP library", 30)],
  ['format', g('format.named()', "Kubernetes' format library", 31)],
  ['lists', g('lists.range()', "cel-go's lists extension version 3", 34)],
  ['cel', g('cel.bind()', "cel-go's bindings extension", 'never')],
  ['math', g('math.greatest()', "cel-go's math extension", 'never')],
  ['base64', g('base64.encode()', "cel-go's encoders extension", 'never')],
]);

/** Functions called on a value of a built-in type (a string, a list), whose receiver needs no library. */
export const MEMBER_FUNCTIONS: ReadonlyMap<string, Gate> = new Map([
  ['format', g('format()', "cel-go's strings extension version 2", 29)],
  ['join', g('join()', "cel-go's strings extension version 2", 29)],
  ['slice', g('slice()', "cel-go's lists extension version 3", 34)],
  ['flatten', g('flatten()', "cel-go's lists extension version 3", 34)],
  ['distinct', g('distinct()', "cel-go's lists extension version 3", 34)],
  ['sort', g('sort()', "cel-go's lists extension version 3", 34)],
  ['sortBy', g('sortBy()', "cel-go's lists extension version 3", 34)],
  ['reverse', g('reverse()', "cel-go's lists extension version 3", 34)],
  ['includes', g('includes()', "Kubernetes' lists library version 1", 37)],
  // kubernetes/kubernetes#135995, not merged at master of 2026-07-23 (1.37.0-beta.0).
  ['div', g('div()', 'quantity division (kubernetes/kubernetes#135995)', undefined)],
  ['divInt', g('divInt()', 'quantity division (kubernetes/kubernetes#135995)', undefined)],
]);

/** Two-variable comprehensions: macros of these names with this many arguments (cel-go ext/comprehensions.go). */
const TWO_VARIABLES: ReadonlyMap<string, readonly number[]> = new Map([
  ['all', [3]],
  ['exists', [3]],
  ['existsOne', [3]],
  ['exists_one', [3]],
  ['transformList', [3, 4]],
  ['transformMap', [3, 4]],
  ['transformMapEntry', [3, 4]],
]);
const TWO_VARIABLE_INTRODUCED = 32;

/** cel-go's optional syntax (`a.?b`, `a[?k]`), which the parser refuses without optional types. */
const OPTIONAL_SYNTAX_INTRODUCED = 28;

/**
 * A reserved word reached as a field without its escape (`self.namespace` for `self.__namespace__`): the API
 * server's type provider resolves it from compatibility version 1.31 (environment.go,
 * `SetRecognizeKeywordAsFieldName`), so from Kubernetes 1.32 in new rules; before, cel-go's checker finds no
 * such field. (The check needs the schema's types: ruleTypes.ts makes it.)
 */
export const keywordFieldGate = (field: string): Gate =>
  g(`.${field}`, `a reserved word as a field name; \`.__${field}__\` in any release`, 31);

/** cel-go's cross-type numeric comparisons (`1.5 > 1`): base.go, 1.28 (`cel.CrossTypeNumericComparisons`). */
export const CROSS_TYPE_NUMERIC: Gate = g(
  '<, <=, >, >= across number types',
  "cel-go's cross-type numeric comparisons; convert one side with int() or double() in any release",
  28,
);

/** Macros whose leading identifiers are variables bound in their other arguments. */
const BINDING_MACROS: ReadonlySet<string> = new Set([
  'all',
  'exists',
  'exists_one',
  'existsOne',
  'map',
  'filter',
  'sortBy',
  'transformList',
  'transformMap',
  'transformMapEntry',
  'bind',
]);

/** The first minor whose new CRD rules may use what `gate` names; `undefined`: none known. */
export function usableFrom(gate: Pick<Gate, 'introduced'>): number | undefined {
  if (gate.introduced === 'never') return undefined;
  // The API server compiles a new rule with the libraries of the release before its own (see above).
  return gate.introduced === undefined ? undefined : gate.introduced + 1;
}

/** Whether a rule of a CRD applied to Kubernetes 1.`minor` may use what `gate` names. */
export function usableAt(gate: Pick<Gate, 'introduced'>, minor: number): boolean {
  if (gate.introduced === 'never') return false;
  // Not in any release the table knows: refused up to the release after the newest known, whose rules
  // compile with its libraries; beyond, the product cannot tell, so it accepts (never a false error).
  if (gate.introduced === undefined) return minor > KNOWN_THROUGH_MINOR + 1;
  return minor - 1 >= gate.introduced;
}

/** A use the target release refuses: cel-go's error, where it is (offsets in the rule), what it is. */
export interface VersionProblem {
  /** cel-go's checker's (or parser's) words. */
  error: string;
  range?: [number, number];
  gate: Gate;
}

type Node = { op: string; args: unknown; start?: number; end?: number; range?: { start: number; end: number } };

const rangeOf = (n: Node): [number, number] | undefined => {
  const r = n.range ?? (n.start !== undefined && n.end !== undefined ? { start: n.start, end: n.end } : undefined);
  return r ? [r.start, r.end] : undefined;
};

const idName = (n: unknown): string | undefined => {
  const x = n as Node | undefined;
  return x?.op === 'id' && typeof x.args === 'string' ? x.args : undefined;
};

/**
 * Calls `visit` on every node of the rule as written, without recursion (a rule may nest deeply): its
 * arguments only, not the expansions the parser attaches to macros (their calls are not the user's).
 */
function forEachParsedNode(root: unknown, visit: (node: CelNode) => void): void {
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const x = stack.pop();
    if (typeof x !== 'object' || x === null) continue;
    if (Array.isArray(x)) {
      for (let i = x.length - 1; i >= 0; i--) stack.push(x[i]);
      continue;
    }
    if (!isCelNode(x)) {
      // A map literal's entries are plain pairs of nodes.
      for (const y of Object.values(x)) stack.push(y);
      continue;
    }
    visit(x);
    stack.push(x.args);
  }
}

/** The names macros bind anywhere in the rule (a variable named `sets` or `format` is not the namespace). */
function boundNames(ast: unknown): Set<string> {
  const bound = new Set<string>();
  forEachParsedNode(ast, (n) => {
    if (n.op !== 'rcall' || !Array.isArray(n.args) || !BINDING_MACROS.has(n.args[0] as string)) return;
    const args = n.args[2];
    if (!Array.isArray(args)) return;
    for (const a of args.slice(0, -1)) {
      const name = idName(a);
      if (name !== undefined) bound.add(name);
    }
  });
  return bound;
}

/**
 * The first use in `ast` (a rule as cel-js parsed it) that Kubernetes 1.`minor` refuses in a new CRD rule;
 * `source` is the rule's text when the AST's offsets are its own (else no range is given). Only names whose
 * meaning is certain are judged: a namespace named like a macro's variable is left alone.
 */
export function versionProblem(ast: unknown, minor: number, source?: string): VersionProblem | undefined {
  let bound: Set<string> | undefined;
  const found: VersionProblem[] = [];
  const refuse = (error: string, gate: Gate, range: [number, number] | undefined): void => {
    found.push({ error, gate, ...(range && source !== undefined ? { range } : {}) });
  };
  /** The span of a member call's function name (after the receiver and its dot). */
  const nameRange = (receiver: Node, name: string, call: Node): [number, number] | undefined => {
    const r = rangeOf(receiver);
    const whole = rangeOf(call);
    if (!r || !whole || source === undefined) return whole;
    const at = source.indexOf(name, r[1]);
    return at >= 0 && at < whole[1] ? [at, at + name.length] : whole;
  };
  forEachParsedNode(ast, (n) => {
    if (n.op === '.?' || n.op === '[?]') {
      const gate = g(n.op === '.?' ? 'a.?b' : 'a[?k]', "cel-go's optional types", OPTIONAL_SYNTAX_INTRODUCED);
      if (!usableAt(gate, minor)) refuse(`unsupported syntax '${n.op === '.?' ? '.?' : '[?'}'`, gate, rangeOf(n));
      return;
    }
    if (!Array.isArray(n.args)) return;
    if (n.op === 'call') {
      const name = n.args[0] as string;
      const gate = GLOBAL_FUNCTIONS.get(name);
      const r = rangeOf(n);
      if (gate && !usableAt(gate, minor))
        refuse(`undeclared reference to '${name}' (in container '')`, gate, r && [r[0], r[0] + name.length]);
      return;
    }
    if (n.op !== 'rcall') return;
    const [name, receiver, args] = n.args as [string, Node, unknown[]];
    const space = idName(receiver);
    const namespace = space !== undefined ? NAMESPACES.get(space) : undefined;
    if (namespace && space !== undefined) {
      bound ??= boundNames(ast);
      if (!bound.has(space)) {
        if (!usableAt(namespace, minor))
          refuse(
            `undeclared reference to '${space}' (in container '')`,
            { ...namespace, shown: `${space}.${name}()` },
            rangeOf(receiver),
          );
        return;
      }
    }
    const arity = Array.isArray(args) ? args.length : 0;
    if (TWO_VARIABLES.get(name)?.includes(arity)) {
      const gate = g(`${name}()`, "cel-go's two-variable comprehensions", TWO_VARIABLE_INTRODUCED);
      if (!usableAt(gate, minor))
        refuse(`undeclared reference to '${name}' (in container '')`, gate, nameRange(receiver, name, n));
      return;
    }
    const gate = MEMBER_FUNCTIONS.get(name);
    if (!gate) return;
    if (!usableAt(gate, minor)) {
      refuse(`undeclared reference to '${name}' (in container '')`, gate, nameRange(receiver, name, n));
      return;
    }
    // `reverse` of a string is cel-go's strings extension version 3, which Kubernetes does not enable: with
    // the lists extension's `reverse` declared, a string receiver has no overload.
    if (name === 'reverse' && receiver?.op === 'value' && typeof receiver.args === 'string' && arity === 0)
      refuse(
        "found no matching overload for 'reverse' applied to 'string.()'",
        g('reverse() of a string', "cel-go's strings extension version 3", 'never'),
        nameRange(receiver, name, n),
      );
  });
  if (found.length === 0) return undefined;
  // cel-go lists its errors by place: the first one is what the API server shows first.
  return found.reduce((a, b) => ((b.range?.[0] ?? Infinity) < (a.range?.[0] ?? Infinity) ? b : a));
}

/** What to write, for a rule refused for `gate`: the release that has it (and the setting), or that none has. */
export function gateAdvice(gate: Gate): string {
  const what = `\`${gate.shown}\` (${gate.library})`;
  const from = usableFrom(gate);
  if (gate.introduced === 'never') return `${what} is in no Kubernetes release's CEL: write the rule without it`;
  if (from === undefined)
    return `${what} is in no Kubernetes release up to 1.${KNOWN_THROUGH_MINOR}: write the rule without it`;
  return `${what} is in new CRD rules from Kubernetes 1.${from} on (added in 1.${from - 1}; the API server compiles a new rule with the libraries of the release before its own): write the rule without it, or set \`kubernetesVersion\` to 1.${from} or later if the cluster runs it`;
}
