/**
 * Whether people are being served: the HTTP requests in flight, so that background work sharing this process's
 * database (the demo's history seeding: PGlite runs every statement on this thread, one at a time) can step aside
 * between its chunks while a page is being answered (issue 36: pages answered in 10-39 s while the demo seeded).
 */
export class Foreground {
  private inFlight = 0;

  started(): void {
    this.inFlight += 1;
  }

  finished(): void {
    this.inFlight = Math.max(0, this.inFlight - 1);
  }

  get busy(): boolean {
    return this.inFlight > 0;
  }

  /**
   * Resolves once no request is in flight, or after `maxWaitMs` at most (background work must still progress under a
   * steady stream of requests), polling every `pollMs`.
   */
  async quiet(maxWaitMs = 2000, pollMs = 10): Promise<void> {
    const until = Date.now() + maxWaitMs;
    while (this.busy && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}
