import type { Reading } from '@voltfleet/domain';

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
