// Every function Kubernetes' CEL libraries define (checks/crd/rules/library/) has its runtime cost declared
// by its library (library/cost.ts), and the meter prices it from there (cost/ruleCallCost.ts): a function
// without one would be charged a flat 1 whatever it is given, and a rule calling it on a long list or string
// would run here past the cost limit at which the API server stops it. The functions are read from what each
// library registers in a real environment, so a function added to a library without its cost fails here.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Environment } from '@marcbachmann/cel-js';
import { LIBRARIES } from '../../../server/src/service/checks/crd/rules/library';
import { FLAT, type LibraryCosts } from '../../../server/src/service/checks/crd/rules/library/cost';
import { sizedCost } from '../../../server/src/service/checks/crd/rules/cost/ruleCallCost';

type Form = keyof LibraryCosts;

/**
 * How a rule calls the function a signature declares (`net.CIDR.containsIP(string): bool` is a member call
 * `containsIP`, `kubernetes.setsNamespace.contains(list, list): bool` the namespaced `sets.contains`).
 */
function callOf(signature: string): { form: Form; name: string } {
  const open = signature.indexOf('(');
  const head = signature.slice(0, open);
  // The name is the last segment outside type parameters (`list<A>.slice`).
  let depth = 0;
  let dot = -1;
  for (let i = 0; i < head.length; i++) {
    if (head[i] === '<') depth++;
    else if (head[i] === '>') depth--;
    else if (head[i] === '.' && depth === 0) dot = i;
  }
  const name = head.slice(dot + 1);
  if (dot < 0) return { form: 'global', name };
  const receiver = head.slice(0, dot);
  const ns =
    /^kubernetes\.(\w+)Namespace$/.exec(receiver)?.[1] ?? (receiver === 'OptionalNamespace' ? 'optional' : undefined);
  return ns ? { form: 'namespaced', name: `${ns}.${name}` } : { form: 'member', name };
}

/** The calls a library defines: its registration in a fresh environment (after the libraries before it). */
function definedBy(index: number): { form: Form; name: string; signature: string }[] {
  const env = new Environment({ unlistedVariablesAreDyn: true, enableOptionalTypes: true });
  for (const l of LIBRARIES.slice(0, index)) l.register(env);
  const out: { form: Form; name: string; signature: string }[] = [];
  const recording = new Proxy(env, {
    get(target, key, receiver) {
      const v = Reflect.get(target, key, receiver);
      if (key === 'registerFunction')
        return (signature: string, ...rest: unknown[]) => {
          out.push({ ...callOf(signature), signature });
          return (v as (...a: unknown[]) => unknown).call(target, signature, ...rest);
        };
      return typeof v === 'function' ? v.bind(target) : v;
    },
  });
  LIBRARIES[index].register(recording);
  return out;
}

test('every function a library defines has its runtime cost declared by that library', () => {
  const missing: string[] = [];
  let n = 0;
  LIBRARIES.forEach((library, i) => {
    for (const c of definedBy(i)) {
      n++;
      if (library.costs[c.form]?.[c.name] === undefined)
        missing.push(`${library.name}: ${c.signature} (${c.form} ${c.name})`);
    }
  });
  assert.deepEqual(missing, []);
  assert.ok(n > 80, `${n} functions read`);
});

test('a library declares the cost of no function it does not define', () => {
  const stale: string[] = [];
  LIBRARIES.forEach((library, i) => {
    const defined = new Set(definedBy(i).map((c) => `${c.form} ${c.name}`));
    for (const form of ['member', 'global', 'namespaced'] as const)
      for (const name of Object.keys(library.costs[form] ?? {}))
        if (!defined.has(`${form} ${name}`)) stale.push(`${library.name}: ${form} ${name}`);
  });
  assert.deepEqual(stale, []);
});

test("the meter prices each library function by its library's declared cost", () => {
  const node = (op: string, args: unknown) => ({ op, args });
  const str = node('value', 'x');
  LIBRARIES.forEach((library) => {
    for (const [form, table] of Object.entries(library.costs) as [Form, LibraryCosts[Form]][])
      for (const [name, cost] of Object.entries(table ?? {})) {
        const priced =
          form === 'global'
            ? sizedCost('call', [name, [str]])
            : form === 'member'
              ? sizedCost('rcall', [name, str, [str]])
              : sizedCost('rcall', [
                  name.slice(name.indexOf('.') + 1),
                  node('id', name.slice(0, name.indexOf('.'))),
                  [str],
                ]);
        if (cost === FLAT) continue;
        assert.equal(priced?.cost, cost, `${library.name}: ${form} ${name}`);
      }
  });
});
