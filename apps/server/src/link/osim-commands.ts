// Commands to OSIM inverters (docs/protocol.md, "OSIM gateway"): the gateway's side of the command lifecycle. Remote
// commands map to their write frames (64 on/off, 70 reset, 68 clock); settings that live in the operating-mode block
// are written the way the protocol demands: read 95, change the field(s), write the whole block with 66, read 95 back.
import type { EventEmitter } from 'node:events';
import {
  buildClock,
  buildOnOff,
  buildOperatingModeBlock,
  buildQuery,
  buildReset,
  decodeFrameData,
  type OsimResult,
  type OsimValues,
} from '@voltfleet/osim';
import type { CommandAck, CommandLink, CommandRouting, DeviceCommand, LinkDevice, LinkEvents } from './link.types.js';
import { expectedReplies, type OsimConnection, type OsimGateway } from './osim-gateway.js';

/** A setting of the domain (SPEC §3) and the field of the 95/66 operating-mode block that holds it. */
export interface OsimBlockParameter {
  /** The field of 95 (read) and 66 (write). */
  readonly field: string;
}

/**
 * The domain's parameter keys the OSIM operating-mode block carries; the values are stored as the domain codes them
 * (work mode 0/1/2/3/4/6, enable option 0/1/2, percent, watts). Every other parameter key is refused up front.
 */
export const OSIM_BLOCK_PARAMETERS = {
  workMode: { field: 'operatingMode' },
  socLowerLimitPct: { field: 'soc' },
  gridConnectionLimitW: { field: 'con' },
  antiBackflow: { field: 'antiBackflow' },
} as const satisfies Record<string, OsimBlockParameter>;

export type OsimBlockParameterKey = keyof typeof OSIM_BLOCK_PARAMETERS;

export function isOsimBlockParameter(key: string): key is OsimBlockParameterKey {
  return Object.prototype.hasOwnProperty.call(OSIM_BLOCK_PARAMETERS, key);
}

/** Why an OSIM command failed (stored as the command's reason). */
export const OSIM_COMMAND_REASONS = {
  /** The setting has no field in the OSIM layout of the device's version. */
  notInOsimLayout: 'notInOsimLayout',
  /** The device did not confirm the write (it refused it or stayed silent). */
  writeNotConfirmed: 'writeNotConfirmed',
  /** The block could not be read (before the write or for the read-back). */
  readFailed: 'readFailed',
  /** The connection closed while the command was under way. */
  disconnected: 'deviceDisconnected',
  /** The write frame could not be built from the values (e.g. a value outside the field's range). */
  invalidFrame: 'invalidFrame',
} as const;

type Outcome = { ok: true; values?: Record<string, number> } | { ok: false; reason: string };

const failed = (reason: string): { ok: false; reason: string } => ({ ok: false, reason });

/** Sends one frame and reports whether every expected reply arrived (a closed connection counts as disconnected). */
async function write(connection: OsimConnection, frame: OsimResult<Uint8Array>, reply: string): Promise<Outcome> {
  if (!frame.ok) return failed(OSIM_COMMAND_REASONS.invalidFrame);
  const answer = await connection.request(frame.value, [reply]);
  if (connection.closed) return failed(OSIM_COMMAND_REASONS.disconnected);
  return answer.complete ? { ok: true } : failed(OSIM_COMMAND_REASONS.writeNotConfirmed);
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

/** The domain values of the block's parameters in a 95 read-back. */
export function blockParameters(values: OsimValues, keys: readonly OsimBlockParameterKey[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const key of keys) {
    const value = values[OSIM_BLOCK_PARAMETERS[key].field];
    if (typeof value === 'number') out[key] = value;
  }
  return out;
}

/** The settings of a parameter command (setParameter or setParameters), or null when it carries none. */
function settingsOf(command: DeviceCommand): Record<string, number> | null {
  if (command.type === 'setParameters') return command.values ?? null;
  if (command.type === 'setParameter' && command.value !== undefined) return { [command.key]: command.value };
  return null;
}

/** 66 with the changed fields, then 95 read back with the domain's values. */
async function setBlockParameters(connection: OsimConnection, settings: Record<string, number>): Promise<Outcome> {
  const keys = Object.keys(settings);
  if (keys.length === 0 || !keys.every(isOsimBlockParameter)) return failed(OSIM_COMMAND_REASONS.notInOsimLayout);
  const before = await read(connection, '95');
  if (!before.ok) return before;
  const changes: Record<string, number> = {};
  for (const key of keys) changes[OSIM_BLOCK_PARAMETERS[key].field] = settings[key]!;
  const written = await write(connection, buildOperatingModeBlock(before.values, changes, connection.pcuVersion), '66');
  if (!written.ok) return written;
  const after = await read(connection, '95');
  if (!after.ok) return after;
  return { ok: true, values: blockParameters(after.values, keys) };
}

/** 64, then the on/off state read back from 0C. */
async function setOnOff(connection: OsimConnection, on: boolean): Promise<Outcome> {
  const written = await write(connection, buildOnOff(on, connection.pcuVersion), '64');
  if (!written.ok) return written;
  const state = await read(connection, '0C');
  if (!state.ok) return state;
  const onOff = state.values.onOff;
  return typeof onOff === 'number' ? { ok: true, values: { onOff } } : failed(OSIM_COMMAND_REASONS.readFailed);
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
  // The protocol has no clock query: the confirmed write is an acknowledgement, not a read-back.
  return write(connection, frame, '68');
}

/** Executes one command on a connected OSIM inverter. */
export async function executeOsimCommand(connection: OsimConnection, command: DeviceCommand): Promise<Outcome> {
  if (command.type === 'remote' && command.key === 'restart')
    // No uptime register in OSIM: a confirmed reset stays acknowledged.
    return write(connection, buildReset(connection.pcuVersion), '70');
  if (command.type === 'remote' && command.key === 'clockSync' && command.value !== undefined)
    return setClock(connection, command.value);
  const settings = settingsOf(command);
  if (!settings) return failed(OSIM_COMMAND_REASONS.notInOsimLayout);
  const keys = Object.keys(settings);
  if (keys.length === 1 && keys[0] === 'onOff') return setOnOff(connection, settings.onOff === 1);
  return setBlockParameters(connection, settings);
}

/**
 * The OSIM gateway as a CommandLink: a command for a connected, identified device is `sent` and executed in the
 * background; its outcome comes back through `onAck` like an MQTT device's answer. An expired command is not sent.
 */
export function osimCommandLink(gateway: OsimGateway, log?: { warn(obj: object, msg: string): void }): CommandLink {
  const handlers = new Set<(device: LinkDevice, ack: CommandAck) => void>();
  const answer = (device: LinkDevice, ack: CommandAck) => {
    for (const handler of handlers) handler(device, ack);
  };
  const events: EventEmitter<LinkEvents> = gateway.events;
  return {
    events,
    onAck(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    reachable: (sn) => gateway.isConnected(sn),
    send(sn, command): Promise<CommandRouting> {
      const connection = gateway.connection(sn);
      const device = connection?.device;
      if (!connection || !device || connection.closed) return Promise.resolve('offline');
      if (command.expiresAt !== undefined && command.expiresAt < Date.now()) return Promise.resolve('offline');
      void executeOsimCommand(connection, command)
        .catch((err: unknown): Outcome => {
          log?.warn({ err: err instanceof Error ? err.message : String(err), sn }, 'osim: command failed');
          return failed(OSIM_COMMAND_REASONS.writeNotConfirmed);
        })
        .then((outcome) =>
          answer(
            device,
            outcome.ok
              ? { commandId: command.commandId, ok: true, values: outcome.values }
              : { commandId: command.commandId, ok: false, reason: outcome.reason },
          ),
        );
      return Promise.resolve('sent');
    },
  };
}
