// Commands to OSIM inverters (docs/protocol.md, "OSIM gateway"): the gateway's side of the command lifecycle. Remote
// commands map to their write frames (64 on/off, 70 reset, 68 clock). A setting is written the way the protocol
// demands: read the block that holds it, write it whole with the setting changed, read it back and report the
// domain's values from that read-back. Which block carries which register, and how, is @voltfleet/osim's settings
// mapping (settings-*.ts there), shared with the simulated inverter:
//   - 95 → 66 → 95: work mode, SOC lower limit, grid-connection limit, anti-backflow, battery charge state and the
//     tariff table (prices and periods);
//   - 95 → 69 → 95: battery type (the grid battery type block: grid code, battery type, Ah, battery, meter protocol);
//   - 9D → 6A → 9D (PCU ≥ 500): AC-coupling PV source and backup load supply order;
//   - A2 → 71 → A2 (PCU ≥ 500): weekly forced charging and discharging.
import type { EventEmitter } from 'node:events';
import {
  OSIM_SETTING_BLOCKS,
  buildClock,
  buildOnOff,
  buildOsimSettingsWrite,
  buildQuery,
  buildReset,
  clockOfReply,
  decodeFrameData,
  osimBlockCarries,
  osimSettingBlockOf,
  osimSettingsReadBack,
  resolveCommand,
  type OsimFrame,
  type OsimResult,
  type OsimSettingBlock,
  type OsimValues,
} from '@voltfleet/osim';
import type { CommandAck, CommandLink, CommandRouting, DeviceCommand, LinkDevice, LinkEvents } from './link.types.js';
import { expectedReplies, type OsimConnection, type OsimGateway } from './osim-gateway.js';
import { upgradeOsimFirmware, type FirmwareImageLoader } from './osim-upgrade.js';

/** Why an OSIM command failed (stored as the command's reason). */
export const OSIM_COMMAND_REASONS = {
  /** The setting has no field in the OSIM layout of the device's version. */
  notInOsimLayout: 'notInOsimLayout',
  /**
   * The settings of one command travel in different blocks: refused before anything is written, because OSIM has no
   * way to write two blocks at once and a failure between them would leave the device half-changed.
   */
  mixedBlocks: 'mixedOsimBlocks',
  /** The device did not confirm the write (it refused it or stayed silent). */
  writeNotConfirmed: 'writeNotConfirmed',
  /** The block could not be read (before the write or for the read-back). */
  readFailed: 'readFailed',
  /** The connection closed while the command was under way. */
  disconnected: 'deviceDisconnected',
  /** The write frame could not be built from the values (e.g. a value outside the field's range). */
  invalidFrame: 'invalidFrame',
} as const;

/** `final`: a confirmed write that has no read-back on this protocol; the command ends acknowledged. */
type Outcome = { ok: true; values?: Record<string, number>; final?: boolean } | { ok: false; reason: string };

const failed = (reason: string): { ok: false; reason: string } => ({ ok: false, reason });

/** A frame that could not be built: a field the layout lacks is `notInOsimLayout`, a bad value `invalidFrame`. */
function frameFailure(result: OsimResult<unknown>): { ok: false; reason: string } {
  const code = result.ok ? undefined : result.error.code;
  return failed(
    code === 'NOT_SUPPORTED' || code === 'MISSING_FIELD' || code === 'UNKNOWN_COMMAND'
      ? OSIM_COMMAND_REASONS.notInOsimLayout
      : OSIM_COMMAND_REASONS.invalidFrame,
  );
}

/**
 * Sends one frame and reports whether every expected reply arrived, with the reply (a closed connection counts as
 * disconnected, unless the command is one after which the inverter drops the connection: then the close confirms it).
 */
async function write(
  connection: OsimConnection,
  frame: OsimResult<Uint8Array>,
  reply: string,
  closes = false,
): Promise<{ ok: true; reply?: OsimFrame } | { ok: false; reason: string }> {
  if (!frame.ok) return frameFailure(frame);
  const answer = await connection.request(frame.value, [reply]);
  if (connection.closed) return closes ? { ok: true } : failed(OSIM_COMMAND_REASONS.disconnected);
  const replied = answer.frames.get(reply);
  return answer.complete && replied ? { ok: true, reply: replied } : failed(OSIM_COMMAND_REASONS.writeNotConfirmed);
}

type ReadOutcome = { ok: true; values: OsimValues } | { ok: false; reason: string };

/** Queries `code` and returns the decoded values of its reply frame `code`. */
async function read(connection: OsimConnection, code: string): Promise<ReadOutcome> {
  const query = buildQuery(code, connection.pcuVersion);
  if (!query.ok) return failed(OSIM_COMMAND_REASONS.readFailed);
  const answer = await connection.request(query.value, expectedReplies(code, connection.pcuVersion));
  if (connection.closed) return failed(OSIM_COMMAND_REASONS.disconnected);
  const frame = answer.frames.get(code);
  if (!frame) return failed(OSIM_COMMAND_REASONS.readFailed);
  const decoded = decodeFrameData(frame, connection.pcuVersion);
  if (!decoded.ok || !decoded.value.payload) return failed(OSIM_COMMAND_REASONS.readFailed);
  return { ok: true, values: decoded.value.payload.values };
}

/** The device's next connection once it has dialled back and been identified, or undefined after the wait. */
export type Reconnection = () => Promise<OsimConnection | undefined>;

/**
 * Reads the block, writes it whole with the settings changed, reads it back and reports the domain's values. After
 * a write the inverter answers by dropping the connection (69), the read-back waits for it to dial back.
 */
async function setBlock(
  connection: OsimConnection,
  block: OsimSettingBlock,
  settings: Record<string, number>,
  reconnection?: Reconnection,
): Promise<Outcome> {
  const keys = Object.keys(settings);
  if (!osimBlockCarries(block, keys, connection.pcuVersion)) return failed(OSIM_COMMAND_REASONS.notInOsimLayout);
  const { read: readCode, write: writeCode } = OSIM_SETTING_BLOCKS[block];
  const before = await read(connection, readCode);
  if (!before.ok) return before;
  const writeDef = resolveCommand(writeCode, connection.pcuVersion);
  const closes = writeDef.ok && writeDef.value.closesConnection === true;
  const frame = buildOsimSettingsWrite(block, settings, before.values, connection.pcuVersion);
  const written = await write(connection, frame, writeCode, closes);
  if (!written.ok) return written;
  let current = connection;
  if (closes) {
    // The echo may come before the close: wait for the next connection, or read on this one if it stayed open.
    const next = await reconnection?.();
    if (next) current = next;
    else if (connection.closed) return failed(OSIM_COMMAND_REASONS.disconnected);
  }
  const after = await read(current, readCode);
  if (!after.ok) return after;
  return { ok: true, values: osimSettingsReadBack(block, after.values, keys) };
}

/** The settings of a parameter command (setParameter or setParameters), or null when it carries none. */
function settingsOf(command: DeviceCommand): Record<string, number> | null {
  if (command.type === 'setParameters') return command.values ?? null;
  if (command.type === 'setParameter' && command.value !== undefined) return { [command.key]: command.value };
  return null;
}

/** 64, then the on/off state read back from 0C. */
async function setOnOff(connection: OsimConnection, on: boolean): Promise<Outcome> {
  const written = await write(connection, buildOnOff(on, connection.pcuVersion), '64');
  if (!written.ok) return written;
  const state = await read(connection, OSIM_SETTING_BLOCKS.onOff.read);
  if (!state.ok) return state;
  const values = osimSettingsReadBack('onOff', state.values, ['onOff']);
  return values.onOff === undefined ? failed(OSIM_COMMAND_REASONS.readFailed) : { ok: true, values };
}

/** 68 with the clock in UTC (the simulator and this gateway agree on UTC; OSIM has no time zone field). */
async function setClock(connection: OsimConnection, epochS: number): Promise<Outcome> {
  const t = new Date(epochS * 1000);
  const frame = buildClock(
    {
      year: t.getUTCFullYear(),
      month: t.getUTCMonth() + 1,
      day: t.getUTCDate(),
      hour: t.getUTCHours(),
      minute: t.getUTCMinutes(),
      second: t.getUTCSeconds(),
    },
    connection.pcuVersion,
  );
  // The protocol has no clock query: the inverter answers 68 with the time it has set, and that is the read-back.
  const written = await write(connection, frame, '68');
  if (!written.ok) return written;
  const clockS = written.reply ? clockOfReply(written.reply, connection.pcuVersion) : undefined;
  // A bare confirmation (a reply without the fields) is all such an inverter says.
  return clockS === undefined ? { ok: true, final: true } : { ok: true, values: { clockS } };
}

/**
 * The block a setting command writes: every key must travel in one block (one whole-block write), otherwise the
 * command is refused before anything is sent.
 */
export function blockOfSettings(
  settings: Record<string, number>,
): { ok: true; block: OsimSettingBlock } | { ok: false; reason: string } {
  const blocks = new Set<OsimSettingBlock>();
  for (const key of Object.keys(settings)) {
    const block = osimSettingBlockOf(key);
    if (!block) return failed(OSIM_COMMAND_REASONS.notInOsimLayout);
    blocks.add(block);
  }
  const [block] = blocks;
  if (!block) return failed(OSIM_COMMAND_REASONS.notInOsimLayout);
  return blocks.size === 1 ? { ok: true, block } : failed(OSIM_COMMAND_REASONS.mixedBlocks);
}

/** Executes one command on a connected OSIM inverter. */
export async function executeOsimCommand(
  connection: OsimConnection,
  command: DeviceCommand,
  loadImage?: FirmwareImageLoader,
  reconnection?: Reconnection,
  /** Called when the inverter has accepted an upgrade's start frame (the transfer may take minutes). */
  accepted?: () => void,
): Promise<Outcome> {
  if (command.type === 'firmwareUpgrade') return upgradeOsimFirmware(connection, command, loadImage, accepted);
  if (command.type === 'remote' && command.key === 'restart') {
    // No uptime register in OSIM: a confirmed reset is all there is to know, and the command ends acknowledged.
    const reset = await write(connection, buildReset(connection.pcuVersion), '70');
    return reset.ok ? { ok: true, final: true } : reset;
  }
  if (command.type === 'remote' && command.key === 'clockSync' && command.value !== undefined)
    return setClock(connection, command.value);
  const settings = settingsOf(command);
  if (!settings) return failed(OSIM_COMMAND_REASONS.notInOsimLayout);
  const target = blockOfSettings(settings);
  if (!target.ok) return target;
  if (target.block === 'onOff') return setOnOff(connection, settings.onOff === 1);
  return setBlock(connection, target.block, settings, reconnection);
}

/** How long a command waits for an inverter that dropped the connection after a write (69) to dial back. */
export const DEFAULT_RECONNECT_WAIT_MS = 120_000;

/** Resolves with the device's next identified connection (not `old`), or undefined after `waitMs`. */
export function nextConnection(
  gateway: OsimGateway,
  sn: string,
  old: OsimConnection,
  waitMs: number,
): Promise<OsimConnection | undefined> {
  return new Promise((resolve) => {
    const fresh = () => {
      const current = gateway.connection(sn);
      return current && current !== old && !current.closed && current.device && current.proven ? current : undefined;
    };
    const onOnline = (device: LinkDevice) => {
      const current = device.sn === sn ? fresh() : undefined;
      if (current) finish(current);
    };
    const timer = setTimeout(() => finish(undefined), waitMs);
    function finish(current: OsimConnection | undefined) {
      clearTimeout(timer);
      gateway.events.off('online', onOnline);
      resolve(current);
    }
    gateway.events.on('online', onOnline);
    const already = fresh();
    if (already) finish(already);
  });
}

/**
 * The OSIM gateway as a CommandLink: a command for a connected, identified device is `sent` and executed in the
 * background; its outcome comes back through `onAck` like an MQTT device's answer. An expired command is not sent.
 */
export function osimCommandLink(
  gateway: OsimGateway,
  log?: { warn(obj: object, msg: string): void },
  loadImage?: FirmwareImageLoader,
  options: { reconnectWaitMs?: number } = {},
): CommandLink {
  const reconnectWaitMs = options.reconnectWaitMs ?? DEFAULT_RECONNECT_WAIT_MS;
  const handlers = new Set<(device: LinkDevice, ack: CommandAck) => void | Promise<void>>();
  const answer = (device: LinkDevice, ack: CommandAck) => {
    // An OSIM answer has no broker to redeliver it; a handler's failure is already logged by the handler.
    for (const handler of handlers) void Promise.resolve(handler(device, ack)).catch(() => undefined);
  };
  const events: EventEmitter<LinkEvents> = gateway.events;
  return {
    events,
    onAck(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    // Commands go only to a connection that proved continuity (answered a poll since it identified itself).
    reachable: (sn) => gateway.commandReady(sn),
    send(sn, command): Promise<CommandRouting> {
      const connection = gateway.connection(sn);
      const device = connection?.device;
      if (!connection || !device || connection.closed || !connection.proven) return Promise.resolve('offline');
      if (command.expiresAt !== undefined && command.expiresAt < Date.now()) return Promise.resolve('offline');
      const reconnection = () => nextConnection(gateway, sn, connection, reconnectWaitMs);
      // An upgrade is acknowledged as soon as the inverter accepts its start frame, so a long transfer is not taken
      // for a command that never got an answer (an acknowledged upgrade waits for the reported version instead).
      const accepted = () => answer(device, { commandId: command.commandId, ok: true });
      void executeOsimCommand(connection, command, loadImage, reconnection, accepted)
        .catch((err: unknown): Outcome => {
          log?.warn({ err: err instanceof Error ? err.message : String(err), sn }, 'osim: command failed');
          return failed(OSIM_COMMAND_REASONS.writeNotConfirmed);
        })
        .then((outcome) =>
          answer(
            device,
            outcome.ok
              ? { commandId: command.commandId, ok: true, values: outcome.values, final: outcome.final }
              : { commandId: command.commandId, ok: false, reason: outcome.reason },
          ),
        );
      return Promise.resolve('sent');
    },
  };
}
