// How a Kubernetes CEL library is declared in a cel-js environment: overloads by signature, namespaces
// (`sets.contains`, `format.dns1123Label`) as constants of a type of their own, errors in Kubernetes' words.
import type { Environment, RegisteredFunctionHandler } from '@marcbachmann/cel-js';

/** An evaluation error a library function raises, worded as the API server words it. */
export class LibraryError extends Error {}

export const fail = (message: string): never => {
  throw new LibraryError(message);
};

/** A function's implementation: cel-js hands it the values its signature declares (ints as bigint). */
export type Handler = (...args: never[]) => unknown;

/**
 * Declares one overload. An environment that already declares the same signature (the type checker's
 * declarations of cel-go's strings extension, embedded/cel/env.ts) keeps its own: cel-js refuses a second.
 */
export function define(env: Environment, signature: string, handler: Handler): void {
  try {
    env.registerFunction(signature, handler as RegisteredFunctionHandler);
  } catch (e) {
    if (!/overlaps with existing overload/.test((e as Error).message)) throw e;
  }
}

/**
 * A namespace of functions (`sets.` in `sets.contains(a, b)`): cel-js reads `sets` as a value, so it is a
 * constant of a type of its own, and each function a method of that type. Returns the type's name.
 */
export function namespace(env: Environment, name: string): string {
  const type = `kubernetes.${name}Namespace`;
  class Namespace {}
  env.registerType(type, Namespace);
  env.registerConstant(name, type, new Namespace());
  return type;
}

/** Declares a value type of a library (`net.IP`), compared with `==` as the API server compares it. */
export function valueType<T extends object>(
  env: Environment,
  name: string,
  ctor: new (...args: never[]) => T,
  equal: (a: T, b: T) => boolean,
): void {
  env.registerType(name, ctor as unknown as new (...args: unknown[]) => T);
  // cel-js derives `!=` from `==`.
  env.registerOperator(`${name} == ${name}`, (a: T, b: T) => equal(a, b));
}

/** CEL's int is 64 bits: a result outside it is an error, as in cel-go. */
export function int64(v: bigint): bigint {
  if (v > 9223372036854775807n || v < -9223372036854775808n) fail('integer overflow');
  return v;
}

/** The types cel-go orders (`comparableTypes`): what `sort`, `sortBy`, `min`, `max` and `isSorted` take. */
export const COMPARABLE_TYPES: readonly string[] = [
  'int',
  'uint',
  'double',
  'bool',
  'google.protobuf.Duration',
  'google.protobuf.Timestamp',
  'string',
  'bytes',
];
