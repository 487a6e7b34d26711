import type { EventEmitter } from 'node:events';
import type { CommandAck, DeviceCommand, DeviceStatusMessage } from '@voltfleet/domain/protocol';
import type { Reading } from '@voltfleet/domain/telemetry';

// The wire protocol (topics, command, acknowledgement and status payloads) is defined once in packages/domain
// (device-protocol.ts) for the platform and the simulated devices; the link layer names them from there.
export type { CommandAck, DeviceCommand } from '@voltfleet/domain/protocol';
export { DEVICE_TOPICS as TOPICS } from '@voltfleet/domain/protocol';

/** A device as the link layer knows it: enough to authenticate it and route its messages. */
export interface LinkDevice {
  id: number;
  sn: string;
}

/** Looks devices up for the link layer; implemented by the devices feature over the database. */
export interface DeviceDirectory {
  /** The device whose MQTT credentials these are, or null (unknown serial number, wrong secret, not stocked in). */
  authenticate(sn: string, secret: string): Promise<LinkDevice | null>;
  /** Every device's MQTT credential as stored (hash), for writing an external broker's password file. */
  listCredentials(): Promise<{ sn: string; passwordHash: string }[]>;
}

/** Where validated readings go. `submit` resolves only once the reading is committed (or refused). */
export interface ReadingSink {
  submit(device: LinkDevice, reading: Reading): Promise<void>;
}

/** What a device link reports about message handling, for metrics and tests. */
export interface LinkCounters {
  accepted: number;
  rejected: number;
  rejectedByReason: Record<string, number>;
}

/** Resolves a topic's serial number to its device; the external-broker link needs it (the broker did the login). */
export interface DeviceLookup {
  /** The stocked-in device with this serial number, or null. */
  find(sn: string): Promise<LinkDevice | null>;
}

/** Presence events of a device link: a device's MQTT session came up or went down (connection, LWT or status). */
export interface LinkEvents {
  online: [device: LinkDevice];
  offline: [device: LinkDevice];
  /** The device reported the firmware versions it runs (on its status topic, e.g. after an upgrade's restart). */
  versions: [device: LinkDevice, versions: DeviceVersions];
  /**
   * OSIM: a connection claimed this device's serial number while the device was live elsewhere, and was refused
   * (docs/security.md, "OSIM"). The hook for alarms: emitted once per refusal, whether or not it could be stored.
   */
  identityConflict: [device: LinkDevice, conflict: IdentityConflict];
}

/** A refused OSIM claim of a serial number: who claimed it, and where the device was live at the time. */
export interface IdentityConflict {
  /** The address of the connection that claimed the serial number and was refused. */
  claimant: string;
  /** The device's OSIM connection that still answered (with its address), or the MQTT link it reports on. */
  holder: { link: 'osim'; remote: string } | { link: 'mqtt' };
  /** When the claim was refused (epoch milliseconds). */
  at: number;
}

/** Firmware versions a device reports (the version fields of its status message); either may be absent. */
export type DeviceVersions = Pick<DeviceStatusMessage, 'pcuVersion' | 'dspVersion'>;

/**
 * What became of a published command: `sent` to the device's subscribed session, the device was `offline` (nothing
 * sent), or `accepted` by an external broker that cannot tell whether the device is there.
 */
export type CommandRouting = 'sent' | 'offline' | 'accepted';

/** The logging a link needs; a pino or Fastify logger fits. */
export interface LinkLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** What the server uses of a running MQTT device link, whichever broker carries it: a CommandLink plus its counters. */
export interface DeviceLink extends CommandLink {
  readonly counters: LinkCounters;
  /** Publishes a command on `dev/{sn}/down/cmd` (QoS 1); the device answers on `dev/{sn}/up/ack`. */
  send(sn: string, command: DeviceCommand): Promise<CommandRouting>;
  close(): Promise<void>;
}

/** How a device talks to the platform (`devices.protocol`): MQTT JSON, or OSIM over TCP through the gateway. */
export type { DeviceProtocol } from '@voltfleet/domain/commands';

/**
 * What the command lifecycle needs of a transport: send a command to a device, hear its answers and its presence.
 * The MQTT links (DeviceLink) and the OSIM gateway's command link implement it.
 */
export interface CommandLink {
  send(sn: string, command: DeviceCommand): Promise<CommandRouting>;
  /**
   * False when the link knows the device is not connected to it (the in-process broker, the OSIM gateway); absent
   * when it cannot know (an external broker). Lets the dispatcher leave a command queued without claiming it.
   */
  reachable?(sn: string): boolean;
  /**
   * Hears device answers. A handler's promise holds the answer's MQTT acknowledgement until the answer is recorded
   * (rejected: not acknowledged, the broker redelivers), so a crash in between cannot lose a device's answer.
   */
  onAck(handler: (device: LinkDevice, ack: CommandAck) => void | Promise<void>): () => void;
  readonly events: EventEmitter<LinkEvents>;
}
