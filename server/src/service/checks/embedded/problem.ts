// What a check of embedded text reports: a code, a message and a range in the decoded value. The caller
// places it in the document through the scalar's position map.
import type { Code, Severity } from '../../core/codes';

export interface EmbeddedProblem {
  code: Code;
  /** Offsets in the decoded value, `to` exclusive. */
  from: number;
  to: number;
  message: string;
  severity?: Severity;
  /**
   * The fix the message names: value characters `[from, to)` replaced by one of `candidates` (best first;
   * `from === to` inserts). Written back into the scalar in its own style by reportInside.ts.
   */
  fix?: EmbeddedFix;
}

export interface EmbeddedFix {
  from: number;
  to: number;
  candidates: { title: string; text: string }[];
}

/** Keeps the most recently used results of a pure function of a string (an expression's text). */
export class TextCache<T> {
  private map = new Map<string, T>();
  constructor(private readonly limit: number) {}
  get(key: string, compute: () => T): T {
    const hit = this.map.get(key);
    if (hit !== undefined) {
      this.map.delete(key);
      this.map.set(key, hit);
      return hit;
    }
    const v = compute();
    this.map.set(key, v);
    if (this.map.size > this.limit) this.map.delete(this.map.keys().next().value!);
    return v;
  }
}
