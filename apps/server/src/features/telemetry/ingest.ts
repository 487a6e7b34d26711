import { EventEmitter } from 'node:events';
import { ratedPowerW, type InverterModel } from '@voltfleet/domain/devices';
import { type Reading } from '@voltfleet/domain/telemetry';
import type { Db, Queryable } from '../../db/db.js';
import type { LinkDevice, ReadingSink } from '../../link/link.types.js';
import { addContributions, emptyIncrements, incrementRows, newestOfChain, placeInChain } from './chain.js';
import { touchDevices } from '../devices/index.js';
import { chainAroundCompacted } from './compaction.repository.js';
import { markStale, valuesProgress } from './values-5m.repository.js';
import { LATE_MS, VALUES_STEP_MS, bucketStartMs } from './values-5m.js';
import { KnownPartitions } from './known-partitions.js';
import {
  addToRollup,
  ingestMeta,
  insertReadings,
  lockDeviceChains,
  updateDeltas,
  type ChainRow,
  type NewReadingRow,
} from './ingest.repository.js';

interface DeviceMeta {
  plantId: number | null;
  timeZone: string;
  ratedPowerW: number;
  /** Load and grid import may exceed the inverter's rating (the grid feeds them). */
  gridPowerW: number;
}

/** What one batch's placing produced, written in one go. */
interface Placed {
  deviceInc: ReturnType<typeof emptyIncrements>;
  plantInc: ReturnType<typeof emptyIncrements>;
  inserts: NewReadingRow[];
  updates: Parameters<typeof updateDeltas>[1];
  stored: StoredReading[];
  tails: Map<number, ChainRow | undefined>;
}

/** Chain tails remembered at most (one per device; the oldest entries go first). */
const MAX_TAILS = 200_000;

interface Pending {
  device: LinkDevice;
  reading: Reading;
  resolve: () => void;
  reject: (err: Error) => void;
}

/** What one committed batch stored, for live push and status. */
export interface StoredReading {
  deviceId: number;
  plantId: number | null;
  ts: number;
  values: Reading['values'];
  /** The reading's extra fields (the alarm engine reads `faultCodes` from it); not carried between processes. */
  extra?: Record<string, unknown> | null;
}

export interface IngestOptions {
  /** Readings per statement; a batch is written when this many wait or `maxDelayMs` has passed. */
  maxBatch?: number;
  maxDelayMs?: number;
  metaTtlMs?: number;
  /**
   * Batches written at once (PostgreSQL: 2, each on its own connection, so one is prepared while the other waits
   * for the server; PGlite: 1, it has one connection and runs on this thread).
   */
  concurrency?: number;
}

/**
 * Batched, exactly-once ingest: readings wait a few milliseconds to share one transaction that inserts them (a
 * duplicate (device, ts) is ignored), fixes the energy chain of each device and adds the energy to the device and
 * plant rollups. `submit` resolves only after that transaction commits, so the link acknowledges after commit.
 */
export class Ingest extends EventEmitter implements ReadingSink {
  private queue: Pending[] = [];
  private timer: NodeJS.Timeout | undefined;
  /** Batches being written, and who waits for one of them to finish (flush). */
  private writing = 0;
  private written: (() => void)[] = [];
  private readonly meta = new Map<number, { at: number; meta: DeviceMeta }>();
  private readonly partitions = new KnownPartitions();
  /**
   * Per device, the newest reading this process committed, as the chain needs it. It spares the chain query while
   * it is still the device's newest stored reading (checked against devices.last_reading_at in every batch).
   */
  private readonly tails = new Map<number, ChainRow>();
  /** See linkBefore. */
  private horizon: number | null = null;
  /** The values table's covered start as last read (see valuesCoveredFrom). */
  private coveredFrom: { value: number | null; readAt: number } = { value: null, readAt: -Infinity };
  readonly stats = { batches: 0, stored: 0, duplicates: 0, failedBatches: 0 };
  private readonly maxBatch: number;
  private readonly maxDelayMs: number;
  private readonly metaTtlMs: number;
  private readonly concurrency: number;

  constructor(
    private readonly db: Db,
    options: IngestOptions = {},
  ) {
    super();
    this.maxBatch = options.maxBatch ?? 500;
    this.maxDelayMs = options.maxDelayMs ?? 20;
    this.metaTtlMs = options.metaTtlMs ?? 30_000;
    this.concurrency = options.concurrency ?? (db.kind === 'postgres' ? 2 : 1);
  }

  submit(device: LinkDevice, reading: Reading): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queue.push({ device, reading, resolve, reject });
      if (this.queue.length >= this.maxBatch) this.kick();
      else this.timer ??= setTimeout(() => this.kick(true), this.maxDelayMs);
    });
  }

  /**
   * Readings stored at or after `ms` are not linked to (null: all are): a batch's readings take their predecessors as
   * always, but the first stored reading after them is not given a new one. For a stretch of the past written after
   * newer readings, oldest first (the demo's months before its recent week): linked to the first newer reading, each
   * batch would move that reading's interval, and so re-spread a whole year's energy over its 5-minute buckets, once
   * per batch. The writer links the last batch of the stretch with no horizon, once.
   */
  linkBefore(ms: number | null): void {
    this.horizon = ms;
  }

  /** Forget cached plant and zone of a device (after activation or a plant change). */
  invalidate(deviceId?: number): void {
    if (deviceId === undefined) {
      this.meta.clear();
      this.tails.clear();
    } else {
      this.meta.delete(deviceId);
      this.tails.delete(deviceId);
    }
  }

  /** Writes everything queued so far; resolves when it is committed. */
  async flush(): Promise<void> {
    while (this.queue.length > 0 || this.writing > 0) {
      const done = new Promise<void>((resolve) => this.written.push(resolve));
      this.kick(true);
      await done;
    }
  }

  /**
   * Starts batches while a writer is free: a full one at once, a partial one when `due` (its oldest reading has
   * waited `maxDelayMs`, or it waited for a writer). Batches of one device may overlap on PostgreSQL: its advisory
   * lock orders them and the chain takes a late batch in, so readings are never lost or doubled.
   */
  private kick(due = false): void {
    while (this.writing < this.concurrency && (this.queue.length >= this.maxBatch || (due && this.queue.length > 0))) {
      const batch = this.queue.splice(0, this.maxBatch);
      this.writing += 1;
      void this.write(batch).finally(() => {
        this.writing -= 1;
        for (const resolve of this.written.splice(0)) resolve();
        this.kick(true);
      });
    }
    clearTimeout(this.timer);
    this.timer = undefined;
    // Readings still waiting start when a writer finishes, or after the delay if a writer is free.
    if (this.queue.length > 0 && this.writing < this.concurrency)
      this.timer = setTimeout(() => this.kick(true), this.maxDelayMs);
  }

  private async write(batch: Pending[]): Promise<void> {
    try {
      const stored = await this.store(batch);
      this.stats.batches += 1;
      // Resolving a promise twice is a no-op, so readings refused inside store() stay refused.
      for (const p of batch) p.resolve();
      if (stored.length > 0) this.emit('stored', stored);
    } catch (err) {
      this.stats.failedBatches += 1;
      const error = err instanceof Error ? err : new Error(String(err));
      for (const p of batch) p.reject(error);
    }
  }

  /**
   * One batch, in named steps: admit the readings of registered devices, make sure their months' partitions exist,
   * then in one transaction lock the devices' chains, touch the devices, load the chains around the new readings,
   * place the readings in them and write readings, deltas and rollups; once committed, remember the chains' tails.
   */
  private async store(all: Pending[]): Promise<StoredReading[]> {
    const metas = await this.loadMeta([...new Set(all.map((p) => p.device.id))]);
    const byDevice = this.admit(all, metas);
    const batchSize = [...byDevice.values()].reduce((n, list) => n + list.length, 0);
    await this.ensureMonths(byDevice);
    const deviceIds = [...byDevice.keys()].sort((a, b) => a - b);
    const written = await this.db.transaction(async (tx) => {
      // Two processes must not extend the same device's chain at once (PGlite has a single writer anyway).
      if (this.db.kind === 'postgres') await lockDeviceChains(tx, deviceIds);
      const lastBefore = await this.touch(tx, deviceIds, byDevice);
      const chains = await this.chainsAround(tx, deviceIds, byDevice, lastBefore);
      const placed = this.place(deviceIds, byDevice, chains, metas);
      await this.writePlaced(tx, placed);
      return placed;
    });
    this.rememberTails(written.tails);
    this.stats.duplicates += batchSize - written.stored.length;
    this.stats.stored += written.stored.length;
    return written.stored;
  }

  /** The batch by device. A device deleted since it connected: its readings alone are refused, the rest goes on. */
  private admit(all: Pending[], metas: Map<number, DeviceMeta>): Map<number, Pending[]> {
    const byDevice = new Map<number, Pending[]>();
    for (const p of all) {
      if (!metas.has(p.device.id)) {
        p.reject(new Error(`device ${p.device.sn} is not registered`));
        continue;
      }
      const list = byDevice.get(p.device.id);
      if (list) list.push(p);
      else byDevice.set(p.device.id, [p]);
    }
    return byDevice;
  }

  /** The monthly partitions of `readings` the batch writes to exist (created once per process and month). */
  private ensureMonths(byDevice: Map<number, Pending[]>): Promise<void> {
    return this.partitions.ensure(
      this.db,
      [...byDevice.values()].flatMap((list) => list.map((p) => p.reading.ts)),
    );
  }

  /**
   * Last-seen and the newest reading's words, first: the answer (each device's newest stored reading time before
   * this batch) tells which remembered chain tails are still current.
   */
  private touch(tx: Queryable, deviceIds: number[], byDevice: Map<number, Pending[]>) {
    return touchDevices(
      tx,
      deviceIds.map((id) => {
        const r = byDevice.get(id)!.reduce((a, b) => (b.reading.ts > a.reading.ts ? b : a)).reading;
        return {
          deviceId: id,
          lastTs: r.ts,
          faultWord: r.values.faultWord ?? null,
          warningWord: r.values.warningWord ?? null,
        };
      }),
    );
  }

  /** Each device's stored readings around the new ones: the remembered tail in steady ingest, else from the table. */
  private async chainsAround(
    tx: Queryable,
    deviceIds: number[],
    byDevice: Map<number, Pending[]>,
    lastBefore: Map<number, number | null>,
  ): Promise<Map<number, ChainRow[]>> {
    const chains = new Map<number, ChainRow[]>();
    const spans: { deviceId: number; minTs: number; maxTs: number }[] = [];
    for (const id of deviceIds) {
      let minTs = Infinity;
      let maxTs = -Infinity;
      for (const p of byDevice.get(id)!) {
        minTs = Math.min(minTs, p.reading.ts);
        maxTs = Math.max(maxTs, p.reading.ts);
      }
      // Steady ingest: everything new comes after the newest stored reading, which this process wrote itself.
      const tail = this.tails.get(id);
      if (tail && tail.ts === lastBefore.get(id) && minTs > tail.ts) chains.set(id, [tail]);
      else spans.push({ deviceId: id, minTs, maxTs });
    }
    for (const row of await chainAroundCompacted(tx, spans, this.horizon, Date.now())) {
      const list = chains.get(row.deviceId);
      if (list) list.push(row);
      else chains.set(row.deviceId, [row]);
    }
    return chains;
  }

  /** Places each device's readings in its chain: rows to insert, deltas to correct, energy to add per device/plant. */
  private place(
    deviceIds: number[],
    byDevice: Map<number, Pending[]>,
    chains: Map<number, ChainRow[]>,
    metas: Map<number, DeviceMeta>,
  ): Placed {
    const placed: Placed = {
      deviceInc: emptyIncrements(),
      plantInc: emptyIncrements(),
      inserts: [],
      updates: [],
      stored: [],
      tails: new Map(),
    };
    for (const id of deviceIds) {
      const meta = metas.get(id)!;
      const chain = chains.get(id) ?? [];
      const incoming = byDevice.get(id)!.map(({ reading }) => ({
        deviceId: id,
        ts: reading.ts,
        seq: reading.seq ?? null,
        values: reading.values,
        extra: reading.extra ?? null,
      }));
      const result = placeInChain(chain, incoming, {
        timeZone: meta.timeZone,
        ratedPowerW: meta.ratedPowerW,
        maxPowerW: { load: meta.gridPowerW, gridImport: meta.gridPowerW },
      });
      placed.inserts.push(...result.inserts);
      placed.updates.push(...result.updates);
      placed.tails.set(id, newestOfChain(chain, result));
      addContributions(placed.deviceInc, id, result.contributions, meta.timeZone);
      if (meta.plantId !== null) addContributions(placed.plantInc, meta.plantId, result.contributions, meta.timeZone);
      for (const r of result.inserts)
        placed.stored.push({ deviceId: id, plantId: meta.plantId, ts: r.ts, values: r.values, extra: r.extra });
    }
    return placed;
  }

  private async writePlaced(tx: Queryable, placed: Placed): Promise<void> {
    await insertReadings(tx, placed.inserts);
    await this.markLate(tx, placed.inserts);
    await updateDeltas(tx, placed.updates);
    await addToRollup(tx, 'device_energy_5m', incrementRows(placed.deviceInc.fiveMin));
    await addToRollup(tx, 'device_energy_day', incrementRows(placed.deviceInc.day));
    await addToRollup(tx, 'device_energy_month', incrementRows(placed.deviceInc.month));
    await addToRollup(tx, 'plant_energy_5m', incrementRows(placed.plantInc.fiveMin));
    await addToRollup(tx, 'plant_energy_day', incrementRows(placed.plantInc.day));
    await addToRollup(tx, 'plant_energy_month', incrementRows(placed.plantInc.month));
  }

  /**
   * Readings for 5-minute buckets the values job may already have aggregated (late, or sent from a device's storage)
   * mark their buckets stale (decision 0019). The statement decides by the database's clock and the covered span; this
   * filter, half as strict on time, spares steady ingest and replays of days before the span the statement.
   */
  private async markLate(tx: Queryable, inserts: readonly { deviceId: number; ts: number }[]): Promise<void> {
    const lateBefore = Date.now() - LATE_MS / 2;
    let late = inserts.filter((r) => bucketStartMs(r.ts) + VALUES_STEP_MS <= lateBefore);
    if (late.length === 0) return;
    const coveredFrom = await this.valuesCoveredFrom(tx);
    if (coveredFrom !== null) late = late.filter((r) => r.ts >= coveredFrom);
    await markStale(tx, late);
  }

  /**
   * The start of the values table's covered span: set by the job's first round, and only ever moved later (by the
   * retention, to its cut-off, before which no reading is accepted), so a start once known stays safe to filter by:
   * it is remembered (until then read again at most every 5 seconds).
   */
  private async valuesCoveredFrom(db: Queryable): Promise<number | null> {
    const known = this.coveredFrom;
    if (known.value !== null || Date.now() - known.readAt < 5_000) return known.value;
    const { coveredFrom } = await valuesProgress(db);
    this.coveredFrom = { value: coveredFrom?.getTime() ?? null, readAt: Date.now() };
    return this.coveredFrom.value;
  }

  /** Committed: each device's newest reading is remembered for its next batch (bounded, oldest first out). */
  private rememberTails(tails: Map<number, ChainRow | undefined>): void {
    for (const [id, tail] of tails) {
      this.tails.delete(id);
      if (tail) this.tails.set(id, tail);
    }
    while (this.tails.size > MAX_TAILS) this.tails.delete(this.tails.keys().next().value!);
  }

  private async loadMeta(ids: number[]): Promise<Map<number, DeviceMeta>> {
    const now = Date.now();
    const out = new Map<number, DeviceMeta>();
    const wanted = ids.filter((id) => {
      const hit = this.meta.get(id);
      if (hit && now - hit.at < this.metaTtlMs) out.set(id, hit.meta);
      return !out.has(id);
    });
    for (const r of await ingestMeta(this.db, wanted)) {
      const rated = ratedPowerW(r.model as InverterModel) || 10_000;
      const meta = {
        plantId: r.plant_id,
        timeZone: r.time_zone ?? 'UTC',
        ratedPowerW: rated,
        gridPowerW: Math.max(3 * rated, 3000 * (r.power_kw ?? 0)),
      };
      this.meta.set(r.id, { at: now, meta });
      out.set(r.id, meta);
    }
    return out;
  }
}
