// The libraries' type names as values (`type(ip(s)) == net.IP`): cel-js reads `net.IP` as a field of a
// value `net`, so `net` and `kubernetes` are constants whose fields are the types, taken from a value of each.
import type { Environment } from '@marcbachmann/cel-js';

/** Each type by its qualified name, with an expression giving a value of it. */
const SAMPLES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  net: { IP: 'ip("0.0.0.0")', CIDR: 'cidr("0.0.0.0/0")' },
  kubernetes: {
    URL: 'url("/")',
    Quantity: 'quantity("0")',
    Semver: 'semver("0.0.0")',
    NamedFormat: 'format.uri()',
  },
};

export function registerTypeNames(env: Environment): void {
  for (const [prefix, types] of Object.entries(SAMPLES)) {
    class TypeNamespace {}
    const value = new TypeNamespace();
    for (const [name, sample] of Object.entries(types)) {
      let type: unknown;
      // Read on first use: the environment is complete by then.
      Object.defineProperty(value, name, {
        enumerable: true,
        get: () => (type ??= env.parse(`type(${sample})`)({})),
      });
    }
    env.registerType(`kubernetes.${prefix}TypeNamespace`, TypeNamespace);
    env.registerConstant(prefix, `kubernetes.${prefix}TypeNamespace`, value);
  }
}
