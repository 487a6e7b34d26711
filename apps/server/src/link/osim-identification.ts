// Who a new OSIM connection is, and whether it may have that serial number (docs/security.md, "OSIM").
import { translateText } from '@voltfleet/domain/i18n';
import { SYSTEM_INFO_COMMAND, buildQuery, osimErrorText, osimVersionText, toHex } from '@voltfleet/osim';
import type { DeviceLookup, DeviceVersions, IdentityConflict, LinkDevice } from './link.types.js';
import type { LoginGuard } from './login-guard.js';
import { countRejection } from './mqtt-protocol.js';
import { identityOf, type OsimConnection } from './osim-connection.js';
import type { OsimCounters, OsimDeviceRecords, OsimLog } from './osim.types.js';

/** What identification needs of the gateway that accepted the connection. */
export interface IdentificationHost {
  readonly counters: OsimCounters;
  readonly log: OsimLog;
  /** Failed identifications per address and serial number (refused before anything is asked). */
  readonly identifications: LoginGuard;
  readonly devices: DeviceLookup;
  readonly records: OsimDeviceRecords;
  /** A device of protocol MQTT heard within this long is live there. */
  readonly mqttLiveMs: number;
  /** The connection that holds a serial number now. */
  holderOf(sn: string): OsimConnection | undefined;
  /** Gives the serial number to `connection`; returns the connection that held it before, if another. */
  hold(sn: string, connection: OsimConnection): OsimConnection | undefined;
  invalidFrame(connection: OsimConnection, detail: string): void;
  emitConflict(device: LinkDevice, conflict: IdentityConflict): void;
  reportVersions(device: LinkDevice, versions: DeviceVersions): void;
  /** Identified: polling starts (the connection is online once a poll is answered). */
  startPolling(connection: OsimConnection): void;
}

/**
 * Query 98 → serial number, model code, PCU version; an unknown serial number is logged and closed. A serial number
 * live elsewhere is not taken over (the identity rule, docs/security.md "OSIM"):
 * - a device of protocol MQTT seen within `mqttLiveMs` is live on the MQTT link: the claim is refused;
 * - a serial number held by an OSIM connection is taken over only when that connection is closed, or fails its
 *   liveness check (`OsimConnection.stillAnswers`): within one request timeout after the request it is carrying,
 *   neither completes any request nor answers a 98 query with its serial number. Otherwise the claim is refused.
 * A refused claim is an identity conflict: logged with both addresses, counted, stored and emitted.
 */
export async function identify(host: IdentificationHost, connection: OsimConnection): Promise<void> {
  const query = buildQuery(SYSTEM_INFO_COMMAND, 0);
  if (!query.ok) throw new Error(translateText(osimErrorText(query.error), 'en'));
  const answer = await connection.request(query.value, [SYSTEM_INFO_COMMAND]);
  const frame = answer.frames.get(SYSTEM_INFO_COMMAND);
  if (connection.closed) return;
  const address = connection.socket.remoteAddress ?? '';
  if (!frame) {
    host.identifications.failed(address, '');
    host.log.warn({ remote: address }, 'osim: no identification reply, closing');
    return connection.close();
  }
  const identity = identityOf(frame);
  if (!identity) return host.invalidFrame(connection, 'a 98 answer without a readable serial number');
  const { sn, pcuVersion, modelCode } = identity;
  if (host.identifications.refusal(address, sn)) {
    countRejection(host.counters, 'link.auth');
    return connection.close();
  }
  connection.sn = sn;
  const device = await host.devices.find(sn);
  if (connection.closed) return;
  if (!device) {
    host.identifications.failed(address, sn);
    host.counters.unknownDevices += 1;
    countRejection(host.counters, 'link.unknownDevice');
    host.log.warn(
      { sn, remote: connection.socket.remoteAddress, data: toHex(frame.data) },
      'osim: unknown serial number (not stocked in), closing',
    );
    connection.sn = undefined;
    return connection.close();
  }
  // A device heard over MQTT lately would lose its commands to this connection (identifying sets it to OSIM).
  const liveOnMqtt = await host.records.liveOnMqtt(device, host.mqttLiveMs);
  if (connection.closed) return;
  if (liveOnMqtt) return identityConflict(host, device, { link: 'mqtt' }, connection);
  for (;;) {
    const holder = host.holderOf(sn);
    if (!holder || holder.closed) break;
    const alive = await holder.stillAnswers(query.value, sn);
    if (connection.closed) return;
    // Another claimant took the serial number over (or the holder left) while the check ran: judge this claim
    // against whoever holds it now, so a second claimant cannot ride on the first one's takeover.
    if (host.holderOf(sn) !== holder) continue;
    if (alive)
      return identityConflict(host, device, { link: 'osim', remote: holder.socket.remoteAddress ?? '' }, connection);
    host.counters.takeovers += 1;
    host.log.warn(
      { sn, previous: holder.socket.remoteAddress, remote: address },
      'osim: the previous connection no longer answers; the new one replaces it',
    );
    break;
  }
  host.identifications.succeeded(sn);
  connection.device = device;
  connection.pcuVersion = pcuVersion;
  connection.modelCode = modelCode;
  // The new connection holds the serial number before the old one is closed, so closing it is no offline event:
  // the device never went away.
  host.hold(sn, connection)?.close();
  await host.records.identified(device, { pcuVersion, modelCode });
  if (connection.closed) return;
  host.log.info({ sn, pcuVersion, modelCode }, 'osim: device identified');
  // The PCU version in the catalogue's form (603 → 6.0.3), stored and settled like an MQTT device's report.
  const reported = osimVersionText(pcuVersion);
  if (reported) host.reportVersions(device, { pcuVersion: reported });
  // Online (and open to commands) only once it answers a poll: see OsimConnection.proven.
  host.startPolling(connection);
}

/**
 * Refuses a claim of a serial number that is live elsewhere: logged with both addresses, counted, emitted as
 * `identityConflict` (the hook for alarms) and stored for the device page.
 */
async function identityConflict(
  host: IdentificationHost,
  device: LinkDevice,
  holder: IdentityConflict['holder'],
  claimant: OsimConnection,
): Promise<void> {
  const remote = claimant.socket.remoteAddress ?? '';
  host.counters.identityConflicts += 1;
  // Counted against the claimant's address like a failed identification, so a flood of claims from one address is
  // soon refused before anything is asked; never against the serial number, which would lock the real one out.
  host.identifications.failed(remote, '');
  host.log.warn(
    { sn: device.sn, claimant: remote, holder: holder.link === 'osim' ? holder.remote : 'mqtt' },
    'osim: identity conflict: the serial number is live elsewhere; the claiming connection is refused',
  );
  claimant.close();
  host.emitConflict(device, { claimant: remote, holder, at: Date.now() });
  try {
    await host.records.conflict(device, remote);
  } catch (err) {
    host.log.error({ err, sn: device.sn }, 'osim: identity conflict not recorded');
  }
}
