// Kubernetes' CEL libraries, declared in a cel-js environment: the one registration both the environment
// that runs a CRD's rules (celRules.ts) and the one that type-checks them (ruleTypes.ts) call, so a rule
// using them both compiles and runs. Each library comes with the runtime cost of every function it defines
// (cost.ts), which the meter's prices read (cost/ruleCallCost.ts): a library listed here is priced too.
import type { Environment } from '@marcbachmann/cel-js';
import { COMPREHENSION_COSTS, registerComprehensions } from './comprehensions';
import type { LibraryCosts } from './cost';
import { EXT_LIST_COSTS, registerExtLists } from './extLists';
import { FORMAT_COSTS, registerFormat } from './format';
import { IP_COSTS, registerIp } from './ip';
import { LIST_COSTS, registerLists } from './lists';
import { OPTIONAL_COSTS, registerOptionals } from './optionals';
import { QUANTITY_COSTS, registerQuantity } from './quantity';
import { REGEX_COSTS, registerRegex } from './regex';
import { registerSemver, SEMVER_COSTS } from './semver';
import { registerSets, SET_COSTS } from './sets';
import { registerStrings, STRING_COSTS } from './strings';
import { registerTypeNames } from './typeNames';
import { registerUrls, URL_COSTS } from './urls';

/** One library: how it is declared in an environment, and what each function it defines costs at run time. */
export interface Library {
  readonly name: string;
  readonly register: (env: Environment) => void;
  readonly costs: LibraryCosts;
}

/** The libraries, in the order they are declared (a later one may use an earlier one's types). */
export const LIBRARIES: readonly Library[] = [
  { name: 'lists', register: registerLists, costs: LIST_COSTS },
  { name: 'extLists', register: registerExtLists, costs: EXT_LIST_COSTS },
  { name: 'regex', register: registerRegex, costs: REGEX_COSTS },
  { name: 'urls', register: registerUrls, costs: URL_COSTS },
  { name: 'quantity', register: registerQuantity, costs: QUANTITY_COSTS },
  { name: 'ip', register: registerIp, costs: IP_COSTS },
  { name: 'semver', register: registerSemver, costs: SEMVER_COSTS },
  { name: 'strings', register: registerStrings, costs: STRING_COSTS },
  { name: 'sets', register: registerSets, costs: SET_COSTS },
  { name: 'format', register: registerFormat, costs: FORMAT_COSTS },
  // Constants only (the type names as values): no function.
  { name: 'typeNames', register: registerTypeNames, costs: {} },
  { name: 'optionals', register: registerOptionals, costs: OPTIONAL_COSTS },
  { name: 'comprehensions', register: registerComprehensions, costs: COMPREHENSION_COSTS },
];

/** Declares the libraries in `env` (before its first use) and returns it. */
export function registerKubernetesLibraries(env: Environment): Environment {
  for (const library of LIBRARIES) library.register(env);
  return env;
}
