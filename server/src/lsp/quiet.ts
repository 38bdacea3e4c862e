// Coalescing by what is pending, not by a fixed delay. The connection hands the server one message per
// event-loop turn; work scheduled for "the next turn" after a change would run between two changes of a
// burst and validate every superseded version. A QuietScheduler runs its work once a whole turn has
// passed without a new change: after every change already received, and after the requests queued with
// them (a completion sent after a burst is answered on the latest text, before any validation).

export class QuietScheduler {
  private changes = 0;
  private seen = 0;
  private handle: NodeJS.Immediate | NodeJS.Timeout | undefined;
  /** The last thing received was an open: no burst of typing to wait for. */
  private openedLast = false;

  constructor(private readonly work: () => void) {}

  /** Work is waiting to run. */
  get pending(): boolean {
    return this.handle !== undefined;
  }

  /** Something changed: run the work once the changes stop coming. */
  changed(): void {
    this.openedLast = false;
    this.changes++;
    this.schedule();
  }

  /**
   * A document was opened: run the work once the messages already received are handled, without the last
   * look for more of a burst (an open is not typing; a change that follows it makes it a burst again).
   */
  opened(): void {
    this.changes++;
    this.schedule();
    this.openedLast = true;
  }

  /** Run the work soon, with no new change (e.g. a file event that marked files dirty). */
  schedule(): void {
    if (!this.handle) this.handle = setImmediate(this.tick);
  }

  private readonly tick = (): void => {
    this.handle = undefined;
    if (this.changes !== this.seen) {
      // A change arrived since the last look: wait one more turn for the messages queued behind it.
      this.seen = this.changes;
      this.handle = setImmediate(this.tick);
      return;
    }
    if (this.openedLast) {
      this.openedLast = false;
      this.work();
      return;
    }
    // Nothing queued. A client writes a burst one message per turn of its own loop, so the rest of a burst
    // may still be on its way: one last look after the input has been polled once more (a timer of 1 ms
    // lets the event loop wait for input; an immediate does not).
    this.handle = setTimeout(this.last, 1);
  };

  private readonly last = (): void => {
    this.handle = undefined;
    if (this.changes !== this.seen) {
      this.seen = this.changes;
      this.handle = setImmediate(this.tick);
      return;
    }
    this.work();
  };
}
