// What the parse cache keeps, and for how long: bounded by what it holds (bytes of text) and by whether
// anyone can still ask for it. A chunk held by a holder (an open document's current version, an indexed
// file's current text) stays while held; a chunk nobody holds (an old version of an open document, a text
// parsed once for a request) is kept in a small byte-bounded slack, most recently used last, so that undo or
// a file read again soon hits the cache, and is dropped beyond it. What is derived from a chunk
// (diagnostics, manifests, symbols) lives in WeakMaps keyed on it, so it goes with it.

/** What the cache stores: a chunk's text (its key) and how many holders hold it. */
export interface Retained {
  readonly text: string;
  holds: number;
}

/** Text bytes kept for chunks nobody holds: a few versions of a large document, many of small ones. */
export const SLACK_BYTES = 1 << 20;

/** Content-keyed cache of chunks: held chunks stay, the others share a byte-bounded slack. */
export class RetainingCache<C extends Retained> {
  private readonly held = new Map<string, C>();
  /** Unheld chunks, least recently used first. */
  private readonly slack = new Map<string, C>();
  private slackBytes = 0;

  constructor(private readonly slackLimit = SLACK_BYTES) {}

  get(text: string): C | undefined {
    const h = this.held.get(text);
    if (h) return h;
    const s = this.slack.get(text);
    if (s) {
      // Refresh recency under the chunk's own text (the caller's string may be a slice of a whole file).
      this.slack.delete(s.text);
      this.slack.set(s.text, s);
    }
    return s;
  }

  /** A new chunk, unheld until a holder holds it. */
  add(c: C): void {
    if (c.holds > 0) this.held.set(c.text, c);
    else this.toSlack(c);
  }

  hold(c: C): void {
    if (c.holds++ > 0) return;
    if (this.slack.get(c.text) === c) {
      this.slack.delete(c.text);
      this.slackBytes -= c.text.length;
      this.held.set(c.text, c);
    } else if (!this.held.has(c.text)) {
      // Dropped from the slack meanwhile (or never cached): back in, since someone can ask for it again.
      this.held.set(c.text, c);
    }
  }

  release(c: C): void {
    if (c.holds <= 0) return;
    if (--c.holds > 0) return;
    if (this.held.get(c.text) !== c) return;
    this.held.delete(c.text);
    this.toSlack(c);
  }

  private toSlack(c: C): void {
    const prev = this.slack.get(c.text);
    if (prev) {
      this.slack.delete(c.text);
      this.slackBytes -= prev.text.length;
    }
    this.slack.set(c.text, c);
    this.slackBytes += c.text.length;
    while (this.slackBytes > this.slackLimit && this.slack.size > 0) {
      const oldest = this.slack.values().next().value!;
      this.slack.delete(oldest.text);
      this.slackBytes -= oldest.text.length;
    }
  }

  clear(): void {
    this.held.clear();
    this.slack.clear();
    this.slackBytes = 0;
  }

  /** Bytes of text held and in the slack, and the number of chunks of each (for tests and logs). */
  stats(): { heldChunks: number; heldBytes: number; slackChunks: number; slackBytes: number } {
    let heldBytes = 0;
    for (const c of this.held.values()) heldBytes += c.text.length;
    return { heldChunks: this.held.size, heldBytes, slackChunks: this.slack.size, slackBytes: this.slackBytes };
  }
}

/**
 * Syntax trees kept for requests, most recently used last, bounded by the text bytes they were parsed from
 * (a tree weighs tens of times its text) and by their number.
 */
export class TreePool<C extends { readonly text: string; drop(): void }> {
  private readonly live = new Set<C>();
  private bytes = 0;
  constructor(
    private readonly maxTrees: number,
    private readonly maxBytes: number,
  ) {}

  touch(c: C): void {
    if (this.live.delete(c)) this.live.add(c);
  }

  add(c: C): void {
    if (this.live.has(c)) return;
    this.live.add(c);
    this.bytes += c.text.length;
    // The newest tree always stays, whatever its size: a request is using it.
    while ((this.live.size > this.maxTrees || this.bytes > this.maxBytes) && this.live.size > 1)
      this.live.values().next().value!.drop();
  }

  /** Called by the chunk when its tree is dropped. */
  remove(c: C): void {
    if (this.live.delete(c)) this.bytes -= c.text.length;
  }
}
