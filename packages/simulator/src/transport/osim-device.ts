// A simulated Sermatec inverter in station mode: it dials the OSIM gateway over TCP and answers the cloud's queries
// from its SimInverter state, building the reply frames with @voltfleet/osim (docs/protocol.md, "OSIM").
import net from 'node:net';
import { INVERTER_MODELS } from '@voltfleet/domain/devices';
import { osimFaultBits, type OsimBmsMaker } from '@voltfleet/domain/alarms';
import {
  FrameReader,
  SYSTEM_INFO_COMMAND,
  buildCommand,
  clockOfReply,
  commandCode,
  decodeFrameData,
  osimDspVersionParts,
  osimReadingReplyValues,
  osimVersionText,
  resolveCommand,
  upgradeStepOf,
  type CommandDef,
  type FieldDef,
  type OsimFrame,
  type OsimInput,
} from '@voltfleet/osim';
import type { SimInverter } from '../inverter.js';
import { OsimSettings, SETTING_WRITES } from './osim-settings.js';
import { OsimUpgradeReceiver } from './osim-upgrade.js';

export interface OsimDeviceOptions {
  host: string;
  port: number;
  inverter: SimInverter;
  /** The OSIM protocol version the inverter reports in query 98 (picks the field layouts). */
  pcuVersion?: number;
  /** The instant a query is answered for (the fleet's simulated time); defaults to the wall clock. */
  now?: () => number;
  /** Dial again this long after the connection closed (0: do not reconnect). */
  reconnectMs?: number;
  /** How long an accepted firmware image keeps the inverter restarting (default R9.2's 20 minutes). */
  upgradeRestartMs?: number;
  /** Whose BMS warning block 0x1E reports the battery's warnings in (default the generic one). */
  bmsMaker?: OsimBmsMaker;
}

/** The write commands the simulated inverter executes (the settings blocks in osim-settings.ts, BA raw registers). */
const WRITE_COMMANDS = new Set(['68', '70', 'BA', ...SETTING_WRITES]);

/** The neutral value of a field (zero, empty text, zero bytes), for registers the simulation does not model. */
function neutral(field: FieldDef): number | string | readonly number[] {
  if (field.type === 'string') return '';
  if (field.type === 'onePosition') return [];
  if (field.type === 'hex' || field.type === 'bytes') {
    if (field.codec === 'switch' || field.codec === 'onOff') return 0;
    return '00'.repeat(Math.max(field.byteLen, 0));
  }
  // Within the field's range: a block read back and written whole must pass the write's checks.
  const value = field.defaultValue ?? 0;
  if (field.allowed && !field.allowed.includes(value)) return field.allowed[0] ?? value;
  return field.min !== undefined && value < field.min ? field.min : value;
}

/** Every field of a reply filled with its neutral value; groups are left empty (their count field becomes zero). */
function neutralValues(command: CommandDef): Record<string, OsimInput[string]> {
  const values: Record<string, OsimInput[string]> = {};
  for (const field of command.fields) {
    if (field.type === 'preserve' || field.codec === 'const') continue;
    if (field.group !== undefined) {
      values[field.group] = [];
      continue;
    }
    const value = neutral(field);
    values[field.key] = field.repeat === undefined ? value : Array.from({ length: field.repeat }, () => value);
  }
  return values;
}

/**
 * One simulated inverter on the OSIM gateway. It serves one connection at a time: it dials, answers each request
 * frame with the reply frames of its command, and dials again after the connection closes (unless closed).
 */
export class OsimDevice {
  readonly sn: string;
  /** Requests answered since the start. */
  answered = 0;
  private socket: net.Socket | undefined;
  private reader = new FrameReader();
  private stopped = false;
  private retry: NodeJS.Timeout | undefined;
  /** Changes when a PCU upgrade restarts the inverter into a new version. */
  private pcuVersion: number;
  readonly upgrade: OsimUpgradeReceiver;
  /** The settings blocks and raw registers (kept across reconnects, like the inverter's memory). */
  readonly settings: OsimSettings;
  /** A half-sent BB frame hung the inverter: it answers nothing until the connection is made again. */
  private hungByHalfFrame = false;

  constructor(private readonly options: OsimDeviceOptions) {
    this.sn = options.inverter.sn;
    this.pcuVersion = options.pcuVersion ?? 603;
    // The inverter runs the PCU version its 98 reports (6.0.3 for 603), so nothing else tells another one.
    const text = osimVersionText(this.pcuVersion);
    if (text) options.inverter.pcuVersion = text;
    this.upgrade = new OsimUpgradeReceiver(options.inverter, options.upgradeRestartMs);
    this.settings = new OsimSettings(options.inverter);
  }

  /** Whether a half-sent BB frame hung the inverter (until the next connection). */
  get hung(): boolean {
    return this.hungByHalfFrame;
  }

  get isConnected(): boolean {
    return this.socket !== undefined && !this.socket.destroyed && this.socket.readyState === 'open';
  }

  /** Dials the gateway; resolves once connected, rejects if the first attempt fails. */
  start(): Promise<void> {
    this.stopped = false;
    return this.dial();
  }

  async close(): Promise<void> {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    const socket = this.socket;
    if (!socket || socket.destroyed) return;
    await new Promise<void>((resolve) => {
      socket.once('close', () => resolve());
      socket.end();
      setTimeout(() => socket.destroy(), 500).unref();
    });
  }

  /** The reply frames to a request for `code`, from the inverter's state at `nowMs`. */
  replies(code: string, nowMs: number): Uint8Array[] {
    const request = resolveCommand(code, this.pcuVersion);
    if (!request.ok || request.value.kind !== 'query') return [];
    const codes = request.value.replies ?? [request.value.code];
    const reading = this.options.inverter.reading(nowMs).values;
    const frames: Uint8Array[] = [];
    for (const replyCode of codes) {
      const command = resolveCommand(replyCode, this.pcuVersion);
      if (!command.ok) continue;
      const values = neutralValues(command.value);
      if (replyCode === SYSTEM_INFO_COMMAND) {
        values.pcuVersion = this.pcuVersion;
        values.modelCode = INVERTER_MODELS.find((m) => m.model === this.options.inverter.model)?.osimModelCode ?? 0;
        values.sn = this.sn;
      }
      this.settings.fillReply(replyCode, command.value, values);
      // The reading's fields by packages/osim's table (the gateway reads them back by the same one).
      Object.assign(values, osimReadingReplyValues(command.value, reading));
      // 0B carries the DSP version the inverter runs (after a DSP upgrade's restart, the new one).
      const dsp = osimDspVersionParts(this.options.inverter.dspVersion);
      if (dsp && command.value.fields.some((f) => f.key === 'dspHighVersion')) {
        values.dspHighVersion = dsp.high;
        values.dspLowVersion = dsp.low;
      }
      // Active faults: 0x1F's five fault status words and 0x1E's BMS warning bits (Voltfleet's own codes from 1001
      // have no OSIM bit; a grid loss still shows as grid voltage low, 8).
      if (replyCode === '1F' || replyCode === '1E') {
        const bits = osimFaultBits(this.options.inverter.faultStateAt(nowMs).codes, this.options.bmsMaker ?? 'generic');
        if (replyCode === '1E') values.bmsWarn1 = bits.bmsWarn1;
        else bits.sysFault.forEach((word, w) => (values[`sysFault${w + 1}`] = word));
      }
      // The on/off switch as set (64), also while a restart or fault keeps the inverter from running.
      // The status word carries the same bits as the bit fields before it (bit 0 = on/off): kept consistent.
      if (replyCode === '0C') {
        const onOff = this.options.inverter.parameters.onOff;
        values.onOff = onOff;
        values.inverterStatusWord = (Number(values.inverterStatusWord) & ~1) | onOff;
      }
      const frame = buildCommand(replyCode, values, this.pcuVersion, 'reply', { validate: false });
      if (frame.ok) frames.push(frame.value);
    }
    return frames;
  }

  /**
   * Executes a write frame (settings blocks 64 on/off and 66/69/6A/71, 68 clock, 70 reset, BA raw registers) on the
   * inverter with the same range checks as an MQTT command. An accepted write is answered by echoing the frame back
   * (source and destination swapped); a refused or unreadable one gets no answer and changes nothing.
   */
  write(frame: OsimFrame, wallMs: number): Uint8Array[] {
    const code = commandCode(frame.command);
    const decoded = decodeFrameData(frame, this.pcuVersion);
    if (!decoded.ok || !decoded.value.payload) return [];
    const values = decoded.value.payload.values;
    const inverter = this.options.inverter;
    if (SETTING_WRITES.has(code)) {
      if (!this.settings.write(code, values)) return [];
    } else if (code === 'BA') {
      if (!this.settings.writeRegisters(values)) return [];
    } else if (code === '68') {
      // The same reading of a 68 frame as the gateway's: an impossible date (31 February) sets nothing.
      const epochS = clockOfReply(frame, this.pcuVersion);
      if (epochS === undefined) return [];
      inverter.setClock(epochS, wallMs);
    } else if (code === '70') {
      inverter.restart(wallMs);
    } else {
      return [];
    }
    const echo = buildCommand(code, values, this.pcuVersion, 'reply', { validate: false });
    return echo.ok ? [echo.value] : [];
  }

  /** The device vanishes: the connection is cut without a goodbye and not dialled again. */
  drop(): void {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    this.socket?.destroy();
  }

  private dial(): Promise<void> {
    return new Promise((resolve, reject) => {
      const socket = net.connect({ host: this.options.host, port: this.options.port });
      this.socket = socket;
      this.reader = new FrameReader();
      this.hungByHalfFrame = false;
      this.upgrade.abort();
      let connected = false;
      socket.setNoDelay(true);
      socket.once('connect', () => {
        connected = true;
        resolve();
      });
      socket.on('data', (chunk: Buffer) => this.received(socket, chunk));
      socket.on('error', (err) => {
        if (!connected) reject(err);
      });
      socket.on('close', () => {
        if (this.socket === socket) this.socket = undefined;
        if (!connected || this.stopped || !this.options.reconnectMs) return;
        this.retry = setTimeout(() => void this.dial().catch(() => this.scheduleRetry()), this.options.reconnectMs);
      });
    });
  }

  private scheduleRetry(): void {
    if (this.stopped || !this.options.reconnectMs) return;
    this.retry = setTimeout(() => void this.dial().catch(() => this.scheduleRetry()), this.options.reconnectMs);
  }

  /** BB (PCU ≥ 603): the registers a request names, from the register map; nothing for a malformed request. */
  registerReplies(frame: OsimFrame): Uint8Array[] {
    const request = decodeFrameData(frame, this.pcuVersion);
    if (!request.ok || !request.value.payload) return [];
    const regs = this.settings.readRegisters(request.value.payload.values);
    if (!regs) return [];
    const reply = buildCommand('BB', { regs }, this.pcuVersion, 'reply', { validate: false });
    return reply.ok ? [reply.value] : [];
  }

  private received(socket: net.Socket, chunk: Buffer): void {
    for (const event of this.reader.push(chunk)) {
      // A half-sent BB frame hangs the inverter until the connection is made again (reference README).
      if (!event.ok && event.command === 0xbb && resolveCommand('BB', this.pcuVersion).ok) this.hungByHalfFrame = true;
      if (this.hungByHalfFrame) continue;
      if (!event.ok) continue; // a device ignores what it cannot read; the cloud times out and asks again
      if (upgradeStepOf(event.frame)) {
        this.upgradeFrame(socket, event.frame);
        continue;
      }
      const code = commandCode(event.frame.command);
      const nowMs = this.options.now?.() ?? Date.now();
      const replies = WRITE_COMMANDS.has(code)
        ? this.write(event.frame, Date.now())
        : code === 'BB'
          ? this.registerReplies(event.frame)
          : this.replies(code, nowMs);
      if (socket.destroyed) return;
      for (const frame of replies) socket.write(frame);
      this.answered += 1;
      // An accepted write after which the inverter drops the connection (69): it dials back (`reconnectMs`).
      const command = resolveCommand(code, this.pcuVersion);
      if (replies.length > 0 && command.ok && command.value.closesConnection) {
        socket.end();
        return;
      }
    }
  }

  /** An upgrade frame, answered with 0000; an accepted image restarts the inverter: offline, then it dials back. */
  private upgradeFrame(socket: net.Socket, frame: OsimFrame): void {
    if (!socket.writable) return;
    const step = this.upgrade.receive(frame, this.pcuVersion, Date.now());
    for (const reply of step.replies) socket.write(reply);
    if (step.restartMs === undefined) return;
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    socket.end();
    this.retry = setTimeout(() => {
      this.pcuVersion = this.upgrade.finishRestart(Date.now()) ?? this.pcuVersion;
      this.stopped = false;
      void this.dial().catch(() => this.scheduleRetry());
    }, step.restartMs);
  }
}
