// The entries of a schema's `x-kubernetes-validations` as the API server reads them when the CRD is applied
// (apiextensions-apiserver, pkg/apis/apiextensions/validation/validation.go,
// ValidateCustomResourceDefinitionOpenAPISchema): a rule that is blank, a blank or multi-line `message`, a
// multi-line rule without a message, a blank `messageExpression`, a `reason` it does not know, a `fieldPath`
// that names no field of the schema (its cel.ValidFieldPath), `optionalOldSelf` on a rule that does not read
// `oldSelf`, and `oldSelf` below a list whose items cannot be paired between two versions. Each refuses the
// CRD; the API server's words are quoted in the messages. Plain data in, problems out (check.ts places them).
import { schemaFieldPath, type SchemaPath } from '../../../../model/crd/schema';
import { forEachNode } from '../rules/celAst';
import type { Compiled } from '../rules/celRules';

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

export interface EntryProblem {
  /** Where, from the CRD's root: the entry's key (`rule`, `message`, …). */
  path: SchemaPath;
  message: string;
  /** A value to write instead of the key's value (a known `reason`). */
  replaceWith?: string;
  /** The key and its value are to be removed (they mean nothing there). */
  remove?: true;
  /** Shown on the key of `path` (a whole list would be too wide). */
  onKey?: true;
}

/** validation.go `supportedValidationReason`. */
const REASONS = ['FieldValueInvalid', 'FieldValueForbidden', 'FieldValueRequired', 'FieldValueDuplicate'];

/** Go's strings.TrimSpace (Unicode white space; what JavaScript's trim takes besides is not in YAML text). */
const trimmed = (s: string) => s.trim();
/** validation.go `newlineMatcher`: `[\n\r]+`. */
const hasNewlines = (s: string) => /[\n\r]/.test(s);

const refused = (detail: string) => `the API server refuses the CRD ("${detail}")`;

/**
 * The problems of the `x-kubernetes-validations` of the schema node at `path` in the CRD `crd` (its JSON).
 * `compiled(i)` is the compiled rule of entry `i`, when it compiles.
 */
export function entryProblems(
  crd: unknown,
  path: SchemaPath,
  compiled: (i: number) => Compiled | undefined,
): EntryProblem[] {
  const out: EntryProblem[] = [];
  const schema = valueAt(crd, path);
  const rules = isObj(schema) ? schema['x-kubernetes-validations'] : undefined;
  if (!isObj(schema) || !Array.isArray(rules)) return out;
  const uncorrelatable = uncorrelatableAbove(crd, path);
  const nested = nestedIn(path);
  if (nested)
    // schema/validation.go validateNestedValueValidation: rules run on the schema's own nodes only (the
    // validator a test may call directly runs those of `allOf` too, but the CRD that has them is refused).
    out.push({
      path: [...path, 'x-kubernetes-validations'],
      onKey: true,
      message: `Rules inside \`${nested}\` are not taken: ${refused(`${apiServerPath(crd, [...path, 'x-kubernetes-validations'])}: Forbidden: must be empty to be structural`)}. Move them to the schema node itself (beside \`${nested}\`).`,
    });
  rules.forEach((r, i) => {
    if (!isObj(r)) return;
    const at = (key: string): SchemaPath => [...path, 'x-kubernetes-validations', i, key];
    const rule = typeof r.rule === 'string' ? r.rule : '';
    const message = typeof r.message === 'string' ? r.message : '';
    const messageExpression = typeof r.messageExpression === 'string' ? r.messageExpression : undefined;
    // One of these four, in validation.go's order.
    if (trimmed(rule) === '')
      out.push({
        path: 'rule' in r ? at('rule') : [...path, 'x-kubernetes-validations', i],
        message: `The rule is empty: ${refused('rule is not specified')}. Write the CEL condition the value must meet, such as \`self.minReplicas <= self.maxReplicas\`.`,
      });
    else if (message.length > 0 && trimmed(message) === '')
      out.push({
        path: at('message'),
        message: `The \`message\` is blank: ${refused('message must be non-empty if specified')}. Write what is wrong in words, or remove the key.`,
      });
    else if (hasNewlines(trimmed(message)))
      out.push({
        path: at('message'),
        message: `The \`message\` has a line break: ${refused('message must not contain line breaks')}. Write it on one line (a folded scalar, \`>-\`, joins its lines).`,
      });
    else if (hasNewlines(trimmed(rule)) && trimmed(message) === '')
      out.push({
        path: at('rule'),
        message: `The rule spans several lines and has no \`message\`: ${refused('message must be specified if rule contains line breaks')}. Add a \`message\`, or write the rule on one line (a folded scalar, \`>-\`).`,
      });
    if (messageExpression !== undefined && messageExpression.length > 0 && trimmed(messageExpression) === '')
      out.push({
        path: at('messageExpression'),
        message: `The \`messageExpression\` is blank: ${refused('messageExpression must be non-empty if specified')}. Write a CEL expression giving the message, or remove the key.`,
      });
    if (typeof r.reason === 'string' && !REASONS.includes(r.reason)) {
      const near = REASONS.find((x) => x.toLowerCase() === (r.reason as string).toLowerCase());
      out.push({
        path: at('reason'),
        message: `\`reason: ${r.reason}\` is not one the API server knows: it refuses the CRD ("Unsupported value"). Write ${near ? `\`${near}\`` : `one of ${REASONS.map((x) => `\`${x}\``).join(', ')} (\`FieldValueInvalid\` is the default)`}.`,
        ...(near ? { replaceWith: near } : {}),
      });
    }
    if (typeof r.fieldPath === 'string' && r.fieldPath.length > 0) {
      const fp = r.fieldPath;
      if (trimmed(fp) === '')
        out.push({
          path: at('fieldPath'),
          message: `The \`fieldPath\` is blank: ${refused('fieldPath must be non-empty if specified')}. Write the path of the field the error is about (\`.spec.replicas\`), or remove the key.`,
        });
      if (hasNewlines(fp))
        out.push({
          path: at('fieldPath'),
          message: `The \`fieldPath\` has a line break: ${refused('fieldPath must not contain line breaks')}. Write it on one line.`,
        });
      const why = fieldPathError(fp, schema);
      if (why)
        out.push({
          path: at('fieldPath'),
          message: `\`fieldPath: ${fp}\` ${why === 'no field' ? 'names no field of the schema this rule is on' : `is not a path the API server reads (${why})`}: ${refused('fieldPath must be a valid path')}. Write a path from this rule's node to one of its fields, such as \`.${firstProperty(schema) ?? 'field'}\` (a list's items cannot be named).`,
        });
    }
    // What needs the compiled rule: whether it reads oldSelf (cel-go's checked references; our AST).
    const c = compiled(i);
    if (!c?.ok) return;
    let readsOldSelf = false;
    forEachNode(c.ast, (n) => {
      if (n.op === 'id' && n.args === 'oldSelf') readsOldSelf = true;
    });
    if (readsOldSelf && uncorrelatable?.mapType !== undefined)
      out.push({
        path: at('rule'),
        message: `The rule reads \`oldSelf\` below the object \`${uncorrelatable.label}\`, whose \`x-kubernetes-map-type: ${uncorrelatable.mapType}\` the API server does not know, so it cannot pair its fields between the old and the new object: ${refused(`oldSelf cannot be used on the uncorrelatable portion of the schema within ${uncorrelatable.path}`)}. Write \`x-kubernetes-map-type: granular\` or \`atomic\`.`,
      });
    else if (readsOldSelf && uncorrelatable)
      out.push({
        path: at('rule'),
        message: `The rule reads \`oldSelf\` below the list \`${uncorrelatable.label}\`, whose items the API server cannot pair between the old and the new object (only a list with \`x-kubernetes-list-type: map\` can): ${refused(`oldSelf cannot be used on the uncorrelatable portion of the schema within ${uncorrelatable.path}`)}. Put the rule on the list itself, or make it \`x-kubernetes-list-type: map\` with \`x-kubernetes-list-map-keys\`.`,
      });
    else if (!readsOldSelf && 'optionalOldSelf' in r && r.optionalOldSelf !== null)
      out.push({
        path: at('optionalOldSelf'),
        message: `\`optionalOldSelf\` is set on a rule that does not read \`oldSelf\`: ${refused('may not be set if oldSelf is not used in rule')}. Remove it.`,
        remove: true,
      });
  });
  return out;
}

const firstProperty = (schema: Json): string | undefined =>
  isObj(schema.properties) ? Object.keys(schema.properties)[0] : undefined;

const valueAt = (root: unknown, path: SchemaPath): unknown => {
  let node = root;
  for (const k of path) node = isObj(node) || Array.isArray(node) ? (node as Json)[k as string] : undefined;
  return node;
};

/**
 * The highest list above the node at `path` (from a CRD's root) that is not `x-kubernetes-list-type: map`, or
 * object of an unknown `x-kubernetes-map-type`: its items or properties cannot be correlated between two
 * versions (validation.go `withForbidOldSelfValidations`). Its path as the API server writes it, and as a label
 * (`spec.items`).
 */
function uncorrelatableAbove(
  crd: unknown,
  path: SchemaPath,
): { path: string; label: string; mapType?: string } | undefined {
  if (path.length < 5 || path[0] !== 'spec' || path[1] !== 'versions' || path[4] !== 'openAPIV3Schema')
    return undefined;
  let node = valueAt(crd, path.slice(0, 5));
  let name = false; // the step after the keyword `properties` is a property's name
  const label: string[] = [];
  for (let i = 5; i < path.length; i++) {
    const k = path[i];
    if (!name && k === 'items' && isObj(node) && node['x-kubernetes-list-type'] !== 'map')
      return { path: apiServerPath(crd, path.slice(0, i)), label: label.join('.') || 'the root' };
    // cel.MapIsCorrelatable: an object's properties pair up unless its map type is one the API server does not
    // know (a future one is taken as uncorrelatable).
    const mapType = isObj(node) ? node['x-kubernetes-map-type'] : undefined;
    if (!name && k === 'properties' && mapType != null && mapType !== 'granular' && mapType !== 'atomic')
      return {
        path: apiServerPath(crd, path.slice(0, i)),
        label: label.join('.') || 'the root',
        mapType: String(mapType),
      };
    if (name) label.push(String(k));
    name = !name && k === 'properties';
    node = isObj(node) || Array.isArray(node) ? (node as Json)[k as string] : undefined;
  }
  return undefined;
}

/**
 * A schema node's path in the API server's words. A CRD whose versions all have the same schema is read
 * with one top-level schema (its internal form: `spec.validation.openAPIV3Schema…`), else per version.
 */
function apiServerPath(crd: unknown, path: SchemaPath): string {
  return oneSchema(crd) ? schemaFieldPath(['spec', 'validation', ...path.slice(4)]) : schemaFieldPath(path);
}

/** Per CRD value, whether its versions share one schema: compared once (a CRD may be large, its problems many). */
const ONE_SCHEMA = new WeakMap<object, boolean>();

function oneSchema(crd: unknown): boolean {
  if (!isObj(crd)) return false;
  let known = ONE_SCHEMA.get(crd);
  if (known === undefined) {
    const versions = valueAt(crd, ['spec', 'versions']);
    const first = Array.isArray(versions) && isObj(versions[0]) ? JSON.stringify(versions[0].schema) : undefined;
    known =
      Array.isArray(versions) &&
      first !== undefined &&
      versions.every((v, i) => i === 0 || (isObj(v) && JSON.stringify(v.schema) === first));
    ONE_SCHEMA.set(crd, known);
  }
  return known;
}

/** The first of `allOf`, `anyOf`, `oneOf`, `not` the schema node at `path` is inside, if any. */
function nestedIn(path: SchemaPath): string | undefined {
  let name = false;
  for (let i = 5; i < path.length; i++) {
    const k = path[i];
    if (!name && (k === 'allOf' || k === 'anyOf' || k === 'oneOf' || k === 'not')) return k;
    name = !name && k === 'properties';
  }
  return undefined;
}

/** cel.ValidFieldPath's verdict on `fieldPath` from `schema`: undefined when valid (or not sure). */
export function fieldPathError(fieldPath: string, schema: Json): string | undefined {
  // Token by token, stopping at the first error (a long path is read no further than its first bad step).
  const tokens = new PathTokens(fieldPath);
  let node: unknown = schema;
  for (let tok = tokens.next(); tok !== undefined; tok = tokens.next()) {
    if (!isObj(node)) return undefined; // past an `additionalProperties: true` Go would not get here either
    let name: string;
    if (tok === '[') {
      const q = tokens.next();
      if (q === undefined) return 'unexpected end of JSON path';
      if (q.length < 2 || q[0] !== "'" || q[q.length - 1] !== "'") return `expected single quoted string but got ${q}`;
      const unescaped = unescapeSingleQuote(q.slice(1, -1));
      if (unescaped === undefined) return 'invalid string literal';
      name = unescaped;
      const close = tokens.next();
      if (close === undefined) return 'unexpected end of JSON path';
      if (close !== ']') return `expected ] but got ${close}`;
    } else if (tok === '.') {
      const next = tokens.next();
      if (next === undefined) return 'unexpected end of JSON path';
      name = next;
    } else return `expected [ or . but got: ${tok}`;
    const properties = node.properties;
    const additional = node.additionalProperties;
    // An empty `properties` map: whether Go's structural schema keeps it is not sure: accepted.
    if (isObj(properties) && Object.keys(properties).length === 0) return undefined;
    if (isObj(properties)) {
      if (!Object.prototype.hasOwnProperty.call(properties, name)) return 'no field';
      node = properties[name];
    } else if (additional !== undefined && additional !== false) node = isObj(additional) ? additional : undefined;
    else return 'no field';
    if (node === undefined) return undefined;
  }
  return undefined;
}

/**
 * A field path's tokens as ValidFieldPath's scanner splits it: `.`, `[` and `]` alone, a single-quoted string
 * (to its next quote not after a backslash) whole, and the text between delimiters.
 */
class PathTokens {
  private at = 0;
  constructor(private readonly s: string) {}

  next(): string | undefined {
    const s = this.s;
    const i = this.at;
    if (i >= s.length) return undefined;
    let j = i + 1;
    if (s[i] === "'") {
      while (j < s.length && !(s[j] === "'" && s[j - 1] !== '\\')) j++;
      j = Math.min(j + 1, s.length);
    } else if (s[i] !== '.' && s[i] !== '[' && s[i] !== ']')
      while (j < s.length && s[j] !== '.' && s[j] !== '[' && s[j] !== ']') j++;
    this.at = j;
    return s.slice(i, j);
  }
}

const ESCAPES: Readonly<Record<string, string>> = {
  a: '\x07',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
  "'": "'",
  '\\': '\\',
};

/** validation.go `unescapeSingleQuote`; undefined on an escape it does not know. */
function unescapeSingleQuote(s: string): string | undefined {
  let bad = false;
  const out = s.replace(/\\[^\n]/g, (m) => {
    const e = ESCAPES[m[1]];
    if (e === undefined) bad = true;
    return e ?? '';
  });
  return bad ? undefined : out;
}
