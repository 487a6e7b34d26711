// The OSIM gateway's contracts with what wires it (runtime.ts) and with its own parts (connection, identification,
// polling), apart from the gateway so that those parts do not import the gateway that imports them.
import type { LinkCounters, LinkDevice, LinkLog } from './link.types.js';

/**
 * What the gateway reads and records of devices: the devices feature owns that table, runtime.ts wires it in
 * (link/ never touches the database itself).
 */
export interface OsimDeviceRecords {
  /** The device identified itself on a connection (its PCU version and model code); it is reached over OSIM now. */
  identified(device: LinkDevice, identity: { pcuVersion: number; modelCode: number }): Promise<void>;
  /** Whether the device reports over MQTT and was heard within `withinMs`. */
  liveOnMqtt(device: LinkDevice, withinMs: number): Promise<boolean>;
  /** A claim of the device's serial number was refused (`remote`: the claimant), for the device page. */
  conflict(device: LinkDevice, remote: string): Promise<void>;
}

/** A LinkLog with the debug level (Fastify's and pino's loggers have it) for what strangers can cause in bulk. */
export interface OsimLog extends LinkLog {
  debug?(obj: object, msg: string): void;
}

/** What the gateway counts (readings accepted and refused like the MQTT links, plus OSIM specifics). */
export interface OsimCounters extends LinkCounters {
  badFrames: number;
  timeouts: number;
  unknownDevices: number;
  /** A connection claimed a serial number live elsewhere and was refused (docs/security.md, "OSIM"). */
  identityConflicts: number;
  /** Connections closed at their first invalid frame (also counted in badFrames). */
  invalidConnections: number;
  /** Connections that took a serial number over from a connection that no longer answered. */
  takeovers: number;
}
