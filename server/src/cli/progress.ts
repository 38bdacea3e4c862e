// Progress of long runs on an interactive stderr (`checked 1200/5000 files`, updated in place). Silent
// when stderr is not a terminal, and for runs short enough not to need it.

export interface ProgressStream {
  isTTY?: boolean;
  write(s: string): unknown;
}

const DELAY_MS = 300;
const INTERVAL_MS = 100;

export class Progress {
  private readonly start = Date.now();
  private last = 0;
  private shown = false;
  constructor(
    private readonly stream: ProgressStream | undefined,
    private readonly enabled = !!stream?.isTTY,
  ) {}

  /** Reports `done` of `total` files in a phase (`read`, `checked`). Cheap enough to call per file. */
  update(label: string, done: number, total: number): void {
    if (!this.enabled) return;
    const now = Date.now();
    if (now - this.start < DELAY_MS || now - this.last < INTERVAL_MS) return;
    this.last = now;
    this.shown = true;
    this.stream!.write(`\r\x1b[K${label} ${done}/${total} files`);
  }

  /** Clears the progress line, if one was written. */
  clear(): void {
    if (this.shown) this.stream!.write('\r\x1b[K');
    this.shown = false;
  }
}
