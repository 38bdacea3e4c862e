// Kubernetes' CEL libraries, declared in a cel-js environment: the one registration both the environment
// that runs a CRD's rules (celRules.ts) and the one that type-checks them (ruleTypes.ts) call, so a rule
// using them both compiles and runs.
import type { Environment } from '@marcbachmann/cel-js';
import { registerComprehensions } from './comprehensions';
import { registerExtLists } from './extLists';
import { registerFormat } from './format';
import { registerIp } from './ip';
import { registerLists } from './lists';
import { registerOptionals } from './optionals';
import { registerQuantity } from './quantity';
import { registerRegex } from './regex';
import { registerSemver } from './semver';
import { registerSets } from './sets';
import { registerStrings } from './strings';
import { registerTypeNames } from './typeNames';
import { registerUrls } from './urls';

/** Declares the libraries in `env` (before its first use) and returns it. */
export function registerKubernetesLibraries(env: Environment): Environment {
  registerLists(env);
  registerExtLists(env);
  registerRegex(env);
  registerUrls(env);
  registerQuantity(env);
  registerIp(env);
  registerSemver(env);
  registerStrings(env);
  registerSets(env);
  registerFormat(env);
  registerTypeNames(env);
  registerOptionals(env);
  registerComprehensions(env);
  return env;
}
