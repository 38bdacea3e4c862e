// The check of a CustomResourceDefinition document itself: what keeps the product from using it (no group
// or kind, a schema that is not structural, a pattern Go cannot compile, a CEL rule that does not
// compile, whose types do not fit the schema or whose estimated cost is over the API server's budget) and where the built-in model is used instead of it. The document is otherwise not ours: nothing else is said about it.
import { isMap, isScalar, type Document, type YAMLMap } from 'yaml';
import { crdNotes, isCrd, readCrd } from '../../../../model/crd/kinds';
import type { SchemaPath } from '../../../../model/crd/schema';
import type { Reporter } from '../../../core/diag';
import { entry, nodeAt, spanOf, type Span } from '../../../core/yamlNodes';
import { CRD_DOCUMENT } from '../../../../model/crd/shape';
import { Walker } from '../../structuralWalk';
import { compileRule, type Compiled } from '../rules/celRules';
import { entryProblems } from './ruleEntries';
import { entryRemoval } from '../../../core/spans';
import type { FixData } from '../../../core/fixData';
import { sureSyntaxError } from '../rules/compile/ruleSyntax';
import { costProblems, type CostSite } from '../rules/cost/ruleCost';
import { compileGoRegexp } from '../../../core/goRegexp';
import { RuleTypes } from '../rules/compile/ruleTypes';
import { childWhere, DYN, isVersionRoot, SelfTypes, type SelfType, type Where } from '../rules/compile/selfType';
import { spanIn, valueMap } from '../../embedded/positionMap';
import { isBuiltin } from '../kinds/sources';
import { SchemaErrors } from './schemaErrors';
import { gateAdvice } from '../rules/library/versions';
import { NEWEST_RELEASED_MINOR } from '../../../core/kubernetesVersion';

/** Where a note about `path` goes: the key of its last step when it is a key, else the node itself. */
function spanAt(root: YAMLMap, path: SchemaPath): Span {
  for (let n = path.length; n > 0; n--) {
    const last = path[n - 1];
    if (typeof last === 'string') {
      const e = entry(nodeAt(root, path.slice(0, n - 1)), last);
      if (e) return spanOf(e.key);
    } else {
      const node = nodeAt(root, path.slice(0, n));
      if (node) return spanOf(isMap(node) && node.items[0] ? node.items[0].key : node);
    }
  }
  return spanOf(entry(root, 'kind')?.key);
}

/** The span removing the entry `key` of the mapping `map` (with its value), when that can be clean. */
function removalAt(text: string, map: unknown, key: string | number): Span | undefined {
  if (!isMap(map)) return undefined;
  const i = map.items.findIndex((p) => isScalar(p.key) && p.key.value === key);
  return i < 0 ? undefined : entryRemoval(text, map, i);
}

/** Whether a document is a v1 CRD, from its top-level scalars (before any conversion). */
export function isCrdDocument(root: unknown): root is YAMLMap {
  const value = (k: string) => {
    const v = entry(root, k)?.value;
    return isScalar(v) ? v.value : undefined;
  };
  return isMap(root) && isCrd({ apiVersion: value('apiVersion'), kind: value('kind') });
}

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A rule or message expression that parses, to be type-checked with `self` of the schema it sits on. */
interface Site extends CostSite {
  path: SchemaPath;
  text: string;
  self: SelfType;
}

/**
 * Every `x-kubernetes-validations` rule of the CRD compiles (a rule that does not is never run) and, on a
 * schema, type-checks with `self` as the API server types it (ruleTypes.ts): the API server refuses the CRD
 * otherwise.
 */
function checkRules(root: YAMLMap, value: unknown, out: Reporter, text: string, minor: number): void {
  const seen = new Set<unknown>();
  const types = new SelfTypes();
  const sites: Site[] = [];
  const schemaErrors = new SchemaErrors(value);
  let budget = 10_000;
  const at = (path: SchemaPath) => nodeAt(root, path);
  const visit = (v: unknown, path: SchemaPath, where: Where, inProperties: boolean) => {
    if (--budget < 0 || typeof v !== 'object' || v === null || seen.has(v)) return;
    seen.add(v);
    if (Array.isArray(v)) return v.forEach((x, i) => visit(x, [...path, i], undefined, false));
    const rules = (v as Json)['x-kubernetes-validations'];
    const pattern = (v as Json).pattern;
    if (where && !inProperties && typeof pattern === 'string') {
      // Go compiles a schema's pattern when the CRD is applied, and refuses the CRD if it cannot.
      const re = compileGoRegexp(pattern);
      if ('error' in re)
        out.report(
          'crd-pattern-invalid',
          spanOf(at([...path, 'pattern'])),
          `\`pattern\` must be a valid regular expression, but isn't: ${re.error}. The API server refuses the CRD; write it in Go's syntax (RE2).`,
        );
    }
    // Typed only where rules are (a bundle's schemas without rules cost nothing more).
    const self = Array.isArray(rules) && where && !inProperties ? types.of(v, where.label, where.root) : DYN;
    const compiledRules: Compiled[] = [];
    // The API server compiles no rule of a node whose schema, or one below, it refuses (schemaErrors.ts).
    if (
      Array.isArray(rules) &&
      !inProperties &&
      !(where && (schemaErrors.within(v, path) || schemaErrors.versionNotStructural(path)))
    )
      rules.forEach((r, i) => {
        for (const key of ['rule', 'messageExpression'] as const) {
          const expression = isObj(r) ? r[key] : undefined;
          // A blank one is refused as such (ruleEntries.ts); an empty messageExpression is no message expression.
          if (typeof expression !== 'string' || expression.trim() === '') continue;
          const rulePath = [...path, 'x-kubernetes-validations', i, key];
          const c = compileRule(expression);
          if (key === 'rule') compiledRules[i] = c;
          if (c.ok) sites.push({ path: rulePath, key, text: expression, self, ast: c.ast, schema: v });
          else if (c.engineLimit)
            out.report(
              'crd-rule-not-run',
              spanOf(at(rulePath)),
              `The CEL ${key === 'rule' ? 'rule' : 'message expression'} uses optional entries (\`[?x]\`, \`{?'k': v}\`), which Kubernetes accepts but the product's CEL engine cannot parse: manifests are not checked against it.`,
            );
          else if (c.refused)
            out.report(
              'crd-rule-refused',
              spanOf(at(rulePath)),
              `The CEL ${key === 'rule' ? 'rule' : 'message expression'} does not compile: ${c.error} (code points, cel-go's parser limit, which Kubernetes keeps). Shorten it; the API server rejects the CRD, and manifests get no verdict from it.`,
            );
          else if (sureSyntaxError(expression)) {
            // cel-go's parser refuses it too: the API server rejects the CRD.
            const sure = sureSyntaxError(expression) as NonNullable<ReturnType<typeof sureSyntaxError>>;
            const node = at(rulePath);
            const map = isScalar(node) ? valueMap(text, node) : undefined;
            out.report(
              'crd-rule-refused',
              map?.exact ? spanIn(text, map, ...sure.range) : spanOf(node),
              `The CEL ${key === 'rule' ? 'rule' : 'message expression'} does not compile: ${sure.message}. The API server rejects the CRD, and manifests get no verdict from it.`,
            );
          } else
            out.report(
              'crd-rule-invalid',
              spanOf(at(rulePath)),
              `The CEL ${key === 'rule' ? 'rule' : 'message expression'} does not compile: ${c.error}. Manifests are not checked against it.`,
            );
        }
      });
    // The entries as the API server reads them besides their CEL (inside `allOf` too: it reads those alike).
    if (Array.isArray(rules) && !inProperties && isVersionRoot(path.slice(0, 5)))
      for (const p of entryProblems(value, path, (i) => compiledRules[i])) {
        const node = at(p.path);
        const removal = p.remove ? removalAt(text, at(p.path.slice(0, -1)), p.path[p.path.length - 1]) : undefined;
        const data: FixData | undefined = p.replaceWith
          ? {
              fix: 'replace',
              span: spanOf(node),
              candidates: [{ title: `Change to \`${p.replaceWith}\``, text: p.replaceWith }],
              safe: true,
            }
          : removal
            ? {
                fix: 'remove',
                options: [{ title: `Remove \`${p.path[p.path.length - 1]}\``, spans: [removal], safe: true }],
              }
            : undefined;
        out.report('crd-rule-entry', p.onKey ? spanAt(root, p.path) : spanOf(node), p.message, undefined, data);
      }
    for (const [k, x] of Object.entries(v)) {
      const child = [...path, k];
      // A schema's `properties` map keeps the schema's place: its entries are the schemas of its fields.
      const properties = where !== undefined && !inProperties && k === 'properties';
      const w = isVersionRoot(child)
        ? { label: '', root: true }
        : properties
          ? where
          : childWhere(where, inProperties, k);
      visit(x, child, w, properties);
    }
  };
  visit(value, [], undefined, false);
  // A rule's cost on the rule's text, a version's total on its `openAPIV3Schema` key.
  for (const p of costProblems(value, sites))
    out.report('crd-rule-cost', p.rule ? spanOf(at(p.path)) : spanAt(root, p.path), p.message);
  if (sites.length === 0) return;
  const checker = new RuleTypes(
    sites.map((s) => s.self),
    minor,
  );
  for (const s of sites) {
    const problem = checker.check(s.text, s.self, s.key === 'rule' ? 'bool' : 'string');
    if (!problem) continue;
    const what = s.key === 'rule' ? 'rule' : 'message expression';
    const node = at(s.path);
    if (problem.kind === 'result') {
      const write =
        s.key === 'rule' ? 'a condition, true when the value is valid' : 'an expression that gives the message text';
      out.report(
        'crd-rule-refused',
        spanOf(node),
        `The CEL ${what} gives ${problem.type}, not ${s.key === 'rule' ? 'bool' : 'string'}: write ${write}. The API server rejects the CRD otherwise.`,
      );
      continue;
    }
    const map = problem.range && isScalar(node) ? valueMap(text, node) : undefined;
    const span = map?.exact && problem.range ? spanIn(text, map, ...problem.range) : spanOf(node);
    if (problem.kind === 'version') {
      out.report(
        'crd-rule-refused',
        span,
        `The CEL ${what} does not compile on Kubernetes 1.${problem.minor}: ${problem.message}. ${gateAdvice(problem.gate)}. The API server rejects the CRD otherwise, and manifests get no verdict from it.`,
      );
      continue;
    }
    out.report(
      'crd-rule-refused',
      span,
      `The CEL ${what} does not compile against the schema: ${problem.message}. Write it for the types the schema declares; the API server rejects the CRD otherwise, and manifests get no verdict from it.`,
    );
  }
}

/** `minor`: the minor of the Kubernetes release the CRD is applied to (the `kubernetesVersion` setting). */
export function checkCrd(
  doc: Document,
  root: YAMLMap,
  out: Reporter,
  text: string,
  minor: number = NEWEST_RELEASED_MINOR,
): void {
  // The CRD's own fields, as for any manifest (its schemas are read below).
  const kind = entry(root, 'kind');
  new Walker({ doc, text, out }).object(root, CRD_DOCUMENT, '', spanOf(kind?.value ?? kind?.key), []);
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: 1000 });
  } catch {
    return;
  }
  if (!isCrd(value)) return;
  const h = readCrd(value);
  if ('problem' in h) return out.report('crd-schema', spanAt(root, h.path), h.problem);
  const dot = h.group.indexOf('.');
  const storage = h.versions.filter((v) => v.storage);
  if (h.versions.length > 0 && storage.length !== 1)
    out.report(
      'crd-schema',
      spanAt(root, ['spec', 'versions']),
      `Exactly one version must be the storage version (\`storage: true\`); ${storage.length === 0 ? 'none is' : `${storage.length} are: ${storage.map((v) => `\`${v.name}\``).join(', ')}`}.`,
    );
  for (const v of h.versions) {
    const def = { area: h.group.slice(0, dot), domain: h.group.slice(dot + 1), version: v.name, kind: h.kind };
    if (v.served && isBuiltin(def))
      out.report(
        'crd-builtin-wins',
        spanAt(root, [...v.path, 'name']),
        `${h.kind} \`${v.name}\` is one of the spec's kinds: its manifests are checked with the built-in model, not with this CRD's schema.`,
      );
  }
  for (const n of crdNotes(h)) out.report(n.code, spanAt(root, n.path), n.message);
  checkRules(root, value, out, text, minor);
}
