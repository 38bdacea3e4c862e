// The shape of a ported case of the apiextensions CEL validator's tests (validation_test.go).
import type { Structural } from './schema';

export interface ExpressionCase {
  name: string;
  schema: Structural;
  obj: unknown;
  oldObj?: unknown;
  oldSchema?: Structural;
  /** Rules that hold on `obj` (each on the schema's root, alone). */
  valid?: string[];
  /** Rule → words the API server's error contains. */
  errors?: Record<string, string>;
  /** The rules sit on the object's root: `self` is the whole object (apiVersion, kind, metadata). */
  isRoot?: boolean;
  costBudget?: number;
  expectSkipped?: boolean;
  expectedCost?: number;
  /** Rules (valid or errors) the product does not agree on yet: rule → why. */
  todo?: Record<string, string>;
}

export interface SchemaLevelCase {
  name: string;
  schema: Structural;
  obj: unknown;
  oldObj?: unknown;
  /** Each error the API server gives contains one of these, and each of these is in one error. */
  errors?: string[];
  todo?: string;
}
