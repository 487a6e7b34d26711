/** A cached result and when the computation that produced it started. */
export interface Cached<T> {
  value: T;
  /** Start of the computation (ms): the result holds every change committed before it. */
  computedAt: number;
  /** True when an alarm changed since (or the result is past `freshMs`) and a newer result is being computed. */
  refreshing: boolean;
}

export interface ResultCacheOptions {
  /** How long a result is served without a recomputation, unless something changes first. */
  freshMs: number;
  /** How long an old result may still be served (while a newer one is computed); past it a request waits. */
  staleMs: number;
  /**
   * After a change, how long a request waits for the newer result before it is answered with the previous one
   * (marked `refreshing`). 0 answers at once; Infinity always waits (a figure that must match the list beside it).
   */
  waitMs: number;
  maxEntries: number;
}

interface Entry<T> {
  value?: T;
  computedAt: number;
  /** The cache's generation when that computation started: older than the current one means changed since. */
  generation: number;
  running?: Promise<Cached<T>>;
}

/**
 * A short-lived cache of results per caller and query, so a dashboard that many tabs refresh costs one aggregation
 * and a request is not held up by one. Any alarm change this process hears (raised, acknowledged, recovered — its
 * own or another process's, through the live bus) calls `changed()`: the next request for an entry starts its
 * recomputation and waits for it up to `waitMs`, then gets the previous result marked `refreshing` (the page asks
 * again a moment later). A result is never served as fresh when it was computed before a change: a computation
 * that a change overtook is kept as the previous result only. Concurrent requests for one key share one computation.
 */
export class ResultCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private generation = 0;

  constructor(private readonly options: ResultCacheOptions) {}

  /** Something the results may count has changed. */
  changed(): void {
    this.generation += 1;
  }

  /** Forgets every result (a change made behind the alarm events' back, as tests do). */
  clear(): void {
    this.entries.clear();
    this.generation += 1;
  }

  async get(key: string, compute: () => Promise<T>): Promise<T> {
    return (await this.lookup(key, compute)).value;
  }

  async lookup(key: string, compute: () => Promise<T>): Promise<Cached<T>> {
    const now = Date.now();
    if (this.options.freshMs <= 0) return { value: await compute(), computedAt: now, refreshing: false };
    const entry = this.entries.get(key);
    const value = entry?.value;
    if (entry === undefined || value === undefined) return entry?.running ?? this.refresh(key, compute);
    const current = entry.generation === this.generation;
    if (current && now - entry.computedAt < this.options.freshMs)
      return { value, computedAt: entry.computedAt, refreshing: false };
    const running = entry.running ?? this.refresh(key, compute);
    if (now - entry.computedAt >= this.options.staleMs) return running;
    // Unchanged but past freshMs: answered at once while it is recomputed. Changed: wait a little for the new one.
    const wait = current ? 0 : this.options.waitMs;
    const previous: Cached<T> = { value, computedAt: entry.computedAt, refreshing: true };
    if (wait <= 0) return previous;
    if (wait === Infinity) return running;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<Cached<T>>((resolve) => {
      timer = setTimeout(() => resolve(previous), wait);
    });
    try {
      return await Promise.race([running, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  private refresh(key: string, compute: () => Promise<T>): Promise<Cached<T>> {
    const generation = this.generation;
    const computedAt = Date.now();
    const previous = this.entries.get(key);
    const running = compute().then((value): Cached<T> => {
      const latest = this.entries.get(key);
      // Kept unless a newer computation has finished meanwhile.
      if (latest === undefined || latest.computedAt <= computedAt) {
        this.entries.delete(key);
        if (this.entries.size >= this.options.maxEntries) {
          const oldest = this.entries.keys().next().value;
          if (oldest !== undefined) this.entries.delete(oldest);
        }
        this.entries.set(key, { value, computedAt, generation });
      }
      return { value, computedAt, refreshing: generation !== this.generation };
    });
    this.entries.set(key, {
      computedAt: previous?.computedAt ?? 0,
      generation: previous?.generation ?? -1,
      ...(previous?.value !== undefined ? { value: previous.value } : {}),
      running,
    });
    running.catch(() => {
      const latest = this.entries.get(key);
      if (latest?.running !== running) return;
      if (latest.value === undefined) this.entries.delete(key);
      else this.entries.set(key, { value: latest.value, computedAt: latest.computedAt, generation: latest.generation });
    });
    return running;
  }
}
