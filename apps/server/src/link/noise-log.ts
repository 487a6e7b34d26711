/** Writes at most one line per `intervalMs`; the next line written says how many were left out in between. */
export class NoiseLog {
  private last = Number.NEGATIVE_INFINITY;
  private skipped = 0;

  constructor(
    private readonly intervalMs: number,
    private readonly write: (obj: object, msg: string) => void,
  ) {}

  note(obj: object, msg: string): void {
    const now = Date.now();
    if (now - this.last < this.intervalMs) {
      this.skipped += 1;
      return;
    }
    this.last = now;
    this.write(this.skipped > 0 ? { ...obj, skipped: this.skipped } : obj, msg);
    this.skipped = 0;
  }
}
