import { EventEmitter } from 'node:events';
import { ratedPowerW, type InverterModel, type Reading } from '@voltfleet/domain';
import type { Db } from '../../db/db.js';
import type { LinkDevice, ReadingSink } from '../../link/link.types.js';
import { addContributions, emptyIncrements, incrementRows, placeInChain } from './chain.js';
import {
  addToRollup,
  chainAround,
  ensurePartitions,
  insertReadings,
  touchDevices,
  updateDeltas,
  type NewReadingRow,
} from './ingest.repository.js';

interface DeviceMeta {
  plantId: number | null;
  timeZone: string;
  ratedPowerW: number;
  /** Load and grid import may exceed the inverter's rating (the grid feeds them). */
  gridPowerW: number;
}

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
}

export interface IngestOptions {
  /** Readings per statement; a batch is written when this many wait or `maxDelayMs` has passed. */
  maxBatch?: number;
  maxDelayMs?: number;
  metaTtlMs?: number;
}

/**
 * Batched, exactly-once ingest: readings wait a few milliseconds to share one transaction that inserts them (a
 * duplicate (device, ts) is ignored), fixes the energy chain of each device and adds the energy to the device and
 * plant rollups. `submit` resolves only after that transaction commits, so the link acknowledges after commit.
 */
export class Ingest extends EventEmitter implements ReadingSink {
  private queue: Pending[] = [];
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> = Promise.resolve();
  private readonly meta = new Map<number, { at: number; meta: DeviceMeta }>();
  private readonly partitions = new Set<string>();
  readonly stats = { batches: 0, stored: 0, duplicates: 0, failedBatches: 0 };
  private readonly maxBatch: number;
  private readonly maxDelayMs: number;
  private readonly metaTtlMs: number;

  constructor(
    private readonly db: Db,
    options: IngestOptions = {},
  ) {
    super();
    this.maxBatch = options.maxBatch ?? 500;
    this.maxDelayMs = options.maxDelayMs ?? 20;
    this.metaTtlMs = options.metaTtlMs ?? 30_000;
  }

  submit(device: LinkDevice, reading: Reading): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queue.push({ device, reading, resolve, reject });
      if (this.queue.length >= this.maxBatch) this.kick();
      else this.timer ??= setTimeout(() => this.kick(), this.maxDelayMs);
    });
  }

  /** Forget cached plant and zone of a device (after activation or a plant change). */
  invalidate(deviceId?: number): void {
    if (deviceId === undefined) this.meta.clear();
    else this.meta.delete(deviceId);
  }

  /** Writes everything queued so far; resolves when it is committed. */
  async flush(): Promise<void> {
    while (this.queue.length > 0) this.kick();
    await this.running;
  }

  private kick(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.queue.splice(0, this.maxBatch);
    if (batch.length === 0) return;
    // Batches are written one after another so each device's chain is extended in order.
    this.running = this.running.then(() => this.write(batch));
    if (this.queue.length > 0) this.timer = setTimeout(() => this.kick(), 0);
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

  private async store(all: Pending[]): Promise<StoredReading[]> {
    const metas = await this.loadMeta([...new Set(all.map((p) => p.device.id))]);
    // A device deleted since it connected: refuse its readings alone, the rest of the batch goes on.
    const batch = all.filter((p) => {
      if (metas.has(p.device.id)) return true;
      p.reject(new Error(`device ${p.device.sn} is not registered`));
      return false;
    });
    const byDevice = new Map<number, Pending[]>();
    for (const p of batch) byDevice.set(p.device.id, [...(byDevice.get(p.device.id) ?? []), p]);
    const months = new Set(batch.map((p) => new Date(p.reading.ts).toISOString().slice(0, 7)));
    const missing = [...months].filter((m) => !this.partitions.has(m));
    if (missing.length) {
      await ensurePartitions(this.db, missing);
      missing.forEach((m) => this.partitions.add(m));
    }
    const deviceIds = [...byDevice.keys()].sort((a, b) => a - b);
    return this.db.transaction(async (tx) => {
      if (this.db.kind === 'postgres') {
        // Two processes must not extend the same device's chain at once.
        await tx.query(`SELECT pg_advisory_xact_lock(7001, id) FROM unnest($1::int4[]) AS id ORDER BY id`, [deviceIds]);
      }
      const spans = deviceIds.map((id) => {
        const ts = byDevice.get(id)!.map((p) => p.reading.ts);
        return { deviceId: id, minTs: Math.min(...ts), maxTs: Math.max(...ts) };
      });
      const chains = await chainAround(tx, spans);
      const deviceInc = emptyIncrements();
      const plantInc = emptyIncrements();
      const inserts: NewReadingRow[] = [];
      const updates: Parameters<typeof updateDeltas>[1] = [];
      const stored: StoredReading[] = [];
      for (const id of deviceIds) {
        const meta = metas.get(id)!;
        const incoming = byDevice.get(id)!.map(({ reading }) => ({
          deviceId: id,
          ts: reading.ts,
          seq: reading.seq ?? null,
          values: reading.values,
          extra: reading.extra ?? null,
        }));
        const result = placeInChain(
          chains.filter((c) => c.deviceId === id),
          incoming,
          {
            timeZone: meta.timeZone,
            ratedPowerW: meta.ratedPowerW,
            maxPowerW: { load: meta.gridPowerW, gridImport: meta.gridPowerW },
          },
        );
        inserts.push(...result.inserts);
        updates.push(...result.updates);
        addContributions(deviceInc, id, result.contributions, meta.timeZone);
        if (meta.plantId !== null) addContributions(plantInc, meta.plantId, result.contributions, meta.timeZone);
        for (const r of result.inserts)
          stored.push({ deviceId: id, plantId: meta.plantId, ts: r.ts, values: r.values });
      }
      this.stats.duplicates += batch.length - inserts.length;
      this.stats.stored += inserts.length;
      await insertReadings(tx, inserts);
      await updateDeltas(tx, updates);
      await addToRollup(tx, 'device_energy_5m', incrementRows(deviceInc.fiveMin));
      await addToRollup(tx, 'device_energy_day', incrementRows(deviceInc.day));
      await addToRollup(tx, 'device_energy_month', incrementRows(deviceInc.month));
      await addToRollup(tx, 'plant_energy_5m', incrementRows(plantInc.fiveMin));
      await addToRollup(tx, 'plant_energy_day', incrementRows(plantInc.day));
      await addToRollup(tx, 'plant_energy_month', incrementRows(plantInc.month));
      await touchDevices(
        tx,
        deviceIds.map((id) => {
          const newest = byDevice.get(id)!.reduce((a, b) => (b.reading.ts > a.reading.ts ? b : a)).reading;
          return {
            deviceId: id,
            lastTs: newest.ts,
            faultWord: newest.values.faultWord ?? null,
            warningWord: newest.values.warningWord ?? null,
          };
        }),
      );
      return stored;
    });
  }

  private async loadMeta(ids: number[]): Promise<Map<number, DeviceMeta>> {
    const now = Date.now();
    const out = new Map<number, DeviceMeta>();
    const wanted = ids.filter((id) => {
      const hit = this.meta.get(id);
      if (hit && now - hit.at < this.metaTtlMs) out.set(id, hit.meta);
      return !out.has(id);
    });
    if (wanted.length > 0) {
      const { rows } = await this.db.query<{
        id: number;
        model: string;
        plant_id: number | null;
        time_zone: string | null;
        power_kw: number | null;
      }>(
        `SELECT d.id, d.model, d.plant_id, p.time_zone, p.power_kw FROM devices d LEFT JOIN plants p ON p.id = d.plant_id WHERE d.id = ANY($1::int4[])`,
        [wanted],
      );
      for (const r of rows) {
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
    }
    return out;
  }
}
