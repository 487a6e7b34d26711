// Polling identified OSIM connections (docs/protocol.md, "OSIM gateway"): each poll asks the PCU version's query set
// in turn and makes one reading, stamped with the poll's start, for the same ingest as MQTT readings.
import { translateText } from '@voltfleet/domain/i18n';
import { validateReading } from '@voltfleet/domain/telemetry';
import {
  SYSTEM_INFO_COMMAND,
  buildQuery,
  decodeFrameData,
  osimDspVersionText,
  osimErrorText,
  pollingCommands,
  type OsimValues,
} from '@voltfleet/osim';
import type { DeviceVersions, LinkDevice, ReadingSink } from './link.types.js';
import { countRejection } from './mqtt-protocol.js';
import { expectedReplies, type OsimConnection } from './osim-connection.js';
import type { OsimCounters, OsimLog } from './osim.types.js';
import { mapOsimReplies } from './osim-readings.js';

/** What polling needs of the gateway. */
export interface PollingHost {
  readonly counters: OsimCounters;
  readonly log: OsimLog;
  readonly sink: ReadingSink;
  /** A reply of an identified device whose data its layout cannot read. */
  badFrame(connection: OsimConnection, detail: string): void;
  /** The first answered poll: the device is online. */
  online(device: LinkDevice): void;
  reportVersions(device: LinkDevice, versions: DeviceVersions): void;
}

export class OsimPoller {
  private readonly polling = new Set<OsimConnection>();
  private readonly lastPoll = new WeakMap<OsimConnection, number>();

  constructor(
    private readonly host: PollingHost,
    private readonly pollIntervalMs: number,
    private readonly silenceMs: number,
  ) {}

  /** Starts due polls and closes connections that stay silent. */
  tick(connections: Iterable<OsimConnection>): void {
    const now = Date.now();
    for (const connection of connections) {
      if (now - connection.lastHeardAt > this.silenceMs) {
        this.host.log.warn({ sn: connection.sn }, 'osim: connection silent, closing');
        connection.close();
        continue;
      }
      const due = now - (this.lastPoll.get(connection) ?? 0) >= this.pollIntervalMs;
      if (connection.device && !this.polling.has(connection) && due) void this.poll(connection);
    }
  }

  /** One poll cycle: every query of the version's set in turn, then one reading stamped with the poll's second. */
  async poll(connection: OsimConnection): Promise<void> {
    const device = connection.device;
    if (!device || this.polling.has(connection)) return;
    this.polling.add(connection);
    const startedAt = Date.now();
    this.lastPoll.set(connection, startedAt);
    try {
      const replies = new Map<string, OsimValues>();
      for (const code of pollingCommands(connection.pcuVersion)) {
        if (code === SYSTEM_INFO_COMMAND) continue;
        const query = buildQuery(code, connection.pcuVersion);
        if (!query.ok) continue;
        const answer = await connection.request(query.value, expectedReplies(code, connection.pcuVersion));
        if (connection.closed) return;
        if (answer.complete && !connection.proven) {
          connection.markProven();
          this.host.online(device);
        }
        for (const [replyCode, frame] of answer.frames) {
          const decoded = decodeFrameData(frame, connection.pcuVersion);
          if (!decoded.ok) this.host.badFrame(connection, translateText(osimErrorText(decoded.error), 'en'));
          else if (decoded.value.payload) replies.set(replyCode, decoded.value.payload.values);
        }
      }
      this.reportDspVersion(connection, device, replies.get('0B'));
      await this.submit(device, replies, Math.round(startedAt / 1000) * 1000);
    } finally {
      this.polling.delete(connection);
    }
  }

  private async submit(device: LinkDevice, replies: ReadonlyMap<string, OsimValues>, ts: number): Promise<void> {
    const { counters, log } = this.host;
    const mapped = mapOsimReplies(replies);
    for (const s of mapped.skipped)
      log.warn({ sn: device.sn, ...s, value: String(s.value) }, 'osim: value outside its field range, left out');
    if (Object.keys(mapped.values).length === 0) return;
    // extra.faultCodes: the active fault codes from 33 on, so the reading states the whole fault set.
    const payload = { sn: device.sn, ts, values: mapped.values, ...(mapped.extra ? { extra: mapped.extra } : {}) };
    const checked = validateReading(payload, Date.now());
    if (!checked.ok) {
      countRejection(counters, checked.reason);
      log.warn({ sn: device.sn, reason: checked.reason, detail: checked.detail }, 'osim: reading refused');
      return;
    }
    try {
      await this.host.sink.submit(device, checked.reading);
      counters.accepted += 1;
    } catch (err) {
      countRejection(counters, 'link.submitFailed');
      log.error({ err, sn: device.sn }, 'osim: reading not stored');
    }
  }

  /** 0B's DSP version (our VxxxAaaDdd convention), stored and settled like an MQTT device's report when it changes. */
  private reportDspVersion(connection: OsimConnection, device: LinkDevice, values: OsimValues | undefined): void {
    const high = values?.dspHighVersion;
    const low = values?.dspLowVersion;
    if (typeof high !== 'number' || typeof low !== 'number') return;
    const dspVersion = osimDspVersionText(high, low);
    if (!dspVersion || dspVersion === connection.dspVersion) return;
    connection.dspVersion = dspVersion;
    this.host.reportVersions(device, { dspVersion });
  }
}
