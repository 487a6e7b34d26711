import type { EventEmitter } from 'node:events';
import type { FirmwareOrder, Reading } from '@voltfleet/domain';

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

/** MQTT topics (documented in docs/protocol.md). `{sn}` is the device's serial number. */
export const TOPICS = {
  reading: (sn: string) => `dev/${sn}/up/reading`,
  status: (sn: string) => `dev/${sn}/up/status`,
  ack: (sn: string) => `dev/${sn}/up/ack`,
  command: (sn: string) => `dev/${sn}/down/cmd`,
} as const;

/** Resolves a topic's serial number to its device; the external-broker link needs it (the broker did the login). */
export interface DeviceLookup {
  /** The stocked-in device with this serial number, or null. */
  find(sn: string): Promise<LinkDevice | null>;
}

/** A command to a device, sent as JSON on `dev/{sn}/down/cmd` (docs/protocol.md). */
export interface DeviceCommand {
  /** Unique per command; the device answers with it and ignores a command id it has already executed. */
  commandId: string;
  /**
   * `setParameter` writes `key` = `value`; `setParameters` writes every register in `values` at once (a setting
   * spanning several registers, e.g. weekly forced charging); `remote` runs the action `key` (restart, clockSync
   * with `value` = epoch seconds); `firmwareUpgrade` installs the image in `firmware` (the device must be shut down;
   * it restarts and reports its new versions on its status topic).
   */
  type: 'setParameter' | 'readParameter' | 'setParameters' | 'remote' | 'firmwareUpgrade';
  key: string;
  /** The value to write (setParameter, clockSync). */
  value?: number;
  /** The registers to write (setParameters). */
  values?: Record<string, number>;
  /** The image to install (firmwareUpgrade). */
  firmware?: FirmwareOrder;
  /** Epoch ms after which the device must not execute the command. */
  expiresAt?: number;
}

/** A device's answer to a command, JSON on `dev/{sn}/up/ack`: `value` is the value read back after the write. */
export type CommandAck =
  | {
      commandId: string;
      ok: true;
      value?: number | undefined;
      values?: Record<string, number> | undefined;
      /**
       * The acknowledgement is all the device can ever say about this command (an OSIM reset has no read-back):
       * the command ends acknowledged instead of waiting for a read-back that never comes and timing out.
       */
      final?: boolean | undefined;
    }
  | { commandId: string; ok: false; reason: string };

/** Presence events of a device link: a device's MQTT session came up or went down (connection, LWT or status). */
export interface LinkEvents {
  online: [device: LinkDevice];
  offline: [device: LinkDevice];
  /** The device reported the firmware versions it runs (on its status topic, e.g. after an upgrade's restart). */
  versions: [device: LinkDevice, versions: DeviceVersions];
}

/** Firmware versions a device reports; either may be absent. */
export interface DeviceVersions {
  pcuVersion?: string | undefined;
  dspVersion?: string | undefined;
}

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

/** What the server uses of a running device link, whichever broker carries it. */
export interface DeviceLink {
  readonly counters: LinkCounters;
  readonly events: EventEmitter<LinkEvents>;
  /** Publishes a command on `dev/{sn}/down/cmd` (QoS 1); the device answers on `dev/{sn}/up/ack`. */
  publishCommand(sn: string, command: DeviceCommand): Promise<CommandRouting>;
  /** Whether a command to `sn` would go out now; absent when the link cannot know (an external broker). */
  reachable?(sn: string): boolean;
  /** Registers a handler for command answers; returns a function that removes it. */
  onAck(handler: (device: LinkDevice, ack: CommandAck) => void): () => void;
  close(): Promise<void>;
}

/** How a device talks to the platform (`devices.protocol`): MQTT JSON, or OSIM over TCP through the gateway. */
export type DeviceProtocol = 'mqtt' | 'osim';

/**
 * What the command lifecycle needs of a transport: send a command to a device, hear its answers and its presence.
 * The MQTT links implement it through `publishCommand`; the OSIM gateway implements the same shape.
 */
export interface CommandLink {
  send(sn: string, command: DeviceCommand): Promise<CommandRouting>;
  /**
   * False when the link knows the device is not connected to it (the in-process broker, the OSIM gateway); absent
   * when it cannot know (an external broker). Lets the dispatcher leave a command queued without claiming it.
   */
  reachable?(sn: string): boolean;
  onAck(handler: (device: LinkDevice, ack: CommandAck) => void): () => void;
  readonly events: EventEmitter<LinkEvents>;
}
