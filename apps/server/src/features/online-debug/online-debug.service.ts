// Online debug (R2.18 /deviceCenter/onlineDebug): reads a connected OSIM device through the gateway and returns the
// raw frames with their decoded fields. Raw register access (BA/BB) is for callers with B/E:debug.raw only.
import {
  DEBUG_DEVICE_LIMIT,
  type DebugDeviceList,
  type DebugReadInput,
  type DebugReadResult,
  type DebugReply,
} from '@voltfleet/domain/commands';
import { translate, translateText, type Lang } from '@voltfleet/domain/i18n';
import {
  buildQuery,
  buildRegisterQuery,
  buildRegisterWrite,
  commandCode,
  decodeFrameData,
  encodeFrame,
  osimErrorText,
  resolveCommand,
  toHex,
  type OsimFrame,
  type OsimResult,
} from '@voltfleet/osim';
import type { Queryable } from '../../db/db.js';
import type { Caller } from '../../platform/auth.js';
import { AppError, forbidden, invalid, notFound } from '../../platform/errors.js';
import { inverterSearch, serialNumberInScope } from './online-debug.repository.js';
import type { OsimGateway } from '../../link/osim-gateway.js';

/** The permission raw register access needs besides the page. */
export const DEBUG_RAW_PERMISSION = 'B/E:debug.raw';

/** The part of the gateway the debug page uses. */
export type DebugGateway = Pick<OsimGateway, 'connection' | 'exchange' | 'connectedSerialNumbers'>;

/** Where the runtime plugs in the OSIM gateway (a process without the osim role has none). */
export class DebugGatewaySlot {
  private current: DebugGateway | undefined;

  attach(gateway: DebugGateway): () => void {
    this.current = gateway;
    return () => {
      if (this.current === gateway) this.current = undefined;
    };
  }

  get gateway(): DebugGateway | undefined {
    return this.current;
  }
}

/**
 * The inverters in scope whose serial number contains `q` that the page can talk to: connected to this server's OSIM
 * gateway now. The others matching are counted by why they are missing (not connected, MQTT only, no gateway here).
 */
export async function searchDebugDevices(
  db: Queryable,
  slot: DebugGatewaySlot,
  caller: Caller,
  q: string,
): Promise<DebugDeviceList> {
  const gateway = slot.gateway;
  const found = await inverterSearch(db, caller, q, gateway?.connectedSerialNumbers() ?? [], DEBUG_DEVICE_LIMIT);
  const items = found.rows.flatMap((r) => {
    // Gone between the two looks: not listed (the next search counts it with the others).
    const connection = gateway?.connection(r.sn);
    return connection
      ? [{ id: r.id, sn: r.sn, model: r.model, plantName: r.plant_name, pcuVersion: connection.pcuVersion }]
      : [];
  });
  return {
    items,
    total: found.connected,
    hidden: {
      offline: gateway ? found.osimElsewhere : 0,
      mqttOnly: found.mqtt,
      noGateway: gateway ? 0 : found.osimElsewhere,
    },
  };
}

/** The whole request frame for the input, built by the codec (never a half frame). */
function requestFrame(input: DebugReadInput, pcuVersion: number): OsimResult<Uint8Array> {
  switch (input.kind) {
    case 'query':
      return buildQuery(input.command.toUpperCase(), pcuVersion);
    case 'registerRead':
      return buildRegisterQuery(input.addresses, pcuVersion);
    case 'registerWrite':
      return buildRegisterWrite(input.registers, pcuVersion);
  }
}

function replyOf(frame: OsimFrame, pcuVersion: number, lang: Lang): DebugReply {
  const bytes = encodeFrame(frame);
  const hex = bytes.ok ? toHex(bytes.value) : toHex(frame.data);
  const command = commandCode(frame.command);
  const decoded = decodeFrameData(frame, pcuVersion);
  if (!decoded.ok) return { command, hex, fields: [], error: translateText(osimErrorText(decoded.error), lang) };
  const fields = (decoded.value.payload?.fields ?? []).map((f) => ({
    path: f.path,
    name: translate(f.def.name, lang),
    offset: f.offset,
    length: f.length,
    raw: f.raw,
    display: f.display,
  }));
  return { command, hex, fields, error: null };
}

/** Sends one debug request to a device in scope and returns the frames both ways with the decoded replies. */
export async function debugRead(
  db: Queryable,
  slot: DebugGatewaySlot,
  caller: Caller,
  deviceId: number,
  input: DebugReadInput,
  lang: Lang,
): Promise<DebugReadResult> {
  if (input.kind !== 'query' && !caller.permissions.has(DEBUG_RAW_PERMISSION)) throw forbidden();
  const sn = await serialNumberInScope(db, caller, deviceId);
  if (sn === undefined) throw notFound();
  const connection = slot.gateway?.connection(sn);
  if (!slot.gateway || !connection) throw new AppError('conflict', 'onlineDebug.notConnected');
  const pcuVersion = connection.pcuVersion;
  if (input.kind === 'query') {
    const command = resolveCommand(input.command.toUpperCase(), pcuVersion);
    if (!command.ok || command.value.kind !== 'query' || command.value.code === 'BB')
      throw invalid('command', 'onlineDebug.notQuery');
  }
  const frame = requestFrame(input, pcuVersion);
  if (!frame.ok)
    throw new AppError('validation', 'onlineDebug.frameRefused', {
      detail: translateText(osimErrorText(frame.error), lang),
    });
  const exchange = await slot.gateway.exchange(sn, frame.value);
  if (!exchange) throw new AppError('conflict', 'onlineDebug.notConnected');
  return {
    sn,
    pcuVersion: exchange.pcuVersion,
    requestHex: toHex(frame.value),
    complete: exchange.complete,
    replies: exchange.frames.map((f) => replyOf(f, exchange.pcuVersion, lang)),
  };
}
