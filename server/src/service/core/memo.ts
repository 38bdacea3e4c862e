// Caches of the service's parts that are not per chunk (the problems of an embedded expression by its text),
// one of each per analysis: a part declares its cache with `memoKey` (a constant), and asks the analysis's
// `Memo` for it. No module of the service keeps a mutable cache of its own (the lint rejects one).

/** A cache's identity and how to make it: a constant of the module whose cache it is. */
export interface MemoKey<T> {
  readonly make: () => T;
}

export const memoKey = <T>(make: () => T): MemoKey<T> => Object.freeze({ make });

/** The caches of one analysis, each made on first use. */
export class Memo {
  private readonly values = new Map<MemoKey<unknown>, unknown>();
  get<T>(key: MemoKey<T>): T {
    let v = this.values.get(key) as T | undefined;
    if (v === undefined) this.values.set(key, (v = key.make()));
    return v;
  }
}

/**
 * A library loaded on first use (a workspace that never needs it never pays for it). What it holds is the
 * module as loaded, never changed afterwards.
 */
export function lazy<T>(load: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= load());
}
