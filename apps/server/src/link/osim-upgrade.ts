// Firmware upgrade of an OSIM inverter through the gateway (docs/protocol.md, "OSIM firmware upgrade"): PCU 2000 →
// 0001 parts → F000, DSP 1000 → 0001 parts → E000, every frame answered by the device's 0000 before the next goes
// out. The command ends acknowledged once the device accepted the image; the version it reports in 98 after its
// restart decides success (firmware.job.ts). Never retried: a lost answer fails the command.
import { createHash } from 'node:crypto';
import {
  UPGRADE_CHUNK_BYTES,
  UPGRADE_RESULTS,
  UPGRADE_RESULT_REPLY,
  buildUpgradeData,
  buildUpgradeRun,
  buildUpgradeStart,
  decodeUpgradeFrame,
  osimVersionNumber,
  upgradeChunks,
  type OsimResult,
} from '@voltfleet/osim';
import type { DeviceCommand } from './link.types.js';
import type { OsimConnection } from './osim-gateway.js';

/** The bytes of a catalogue image (firmware feature: DATA_DIR/firmware); rejects when it cannot be read. */
export type FirmwareImageLoader = (imageId: number) => Promise<Uint8Array>;

/** Why an OSIM upgrade failed on the gateway's side (stored as the command's reason). */
export const OSIM_UPGRADE_REASONS = {
  /** The image could not be read, or its bytes no longer match the SHA-256 the command carries. */
  imageUnavailable: 'imageUnavailable',
  /** The target PCU version has no OSIM number (x.y.z with one-digit y and z), so 98 could never confirm it. */
  versionNotOsim: 'versionNotOsim',
  /** The image does not fit the device layout's frames (over 65,535 bytes before PCU 4.0.0, a DSP bin under 4). */
  imageDoesNotFit: 'imageDoesNotFit',
  /** A frame got no answer within the request timeout. */
  notAcknowledged: 'writeNotConfirmed',
  /** The connection closed during the transfer. */
  disconnected: 'deviceDisconnected',
  /** The answer was not a readable 0000 result. */
  invalidAnswer: 'invalidFrame',
} as const;

/** A result code other than 0000 from the device, stored as the reason as it came (e.g. `upgradeResult:0005`). */
export const upgradeResultReason = (code: string): string => `upgradeResult:${code}`;

export type UpgradeOutcome = { ok: true } | { ok: false; reason: string };

const failed = (reason: string): UpgradeOutcome => ({ ok: false, reason });

/** Sends one upgrade frame and waits for the device's 0000 answer: ok only for result 0000. */
async function step(connection: OsimConnection, frame: OsimResult<Uint8Array>): Promise<UpgradeOutcome> {
  if (!frame.ok) return failed(OSIM_UPGRADE_REASONS.imageDoesNotFit);
  const answer = await connection.request(frame.value, [UPGRADE_RESULT_REPLY]);
  // The answer counts even when the device closed right after sending it (it restarts after the last one).
  const reply = answer.frames.get(UPGRADE_RESULT_REPLY);
  if (!reply)
    return failed(connection.closed ? OSIM_UPGRADE_REASONS.disconnected : OSIM_UPGRADE_REASONS.notAcknowledged);
  const decoded = decodeUpgradeFrame(reply, connection.pcuVersion);
  if (!decoded.ok || decoded.value.step !== 'result') return failed(OSIM_UPGRADE_REASONS.invalidAnswer);
  return decoded.value.code === UPGRADE_RESULTS.ok ? { ok: true } : failed(upgradeResultReason(decoded.value.code));
}

async function imageBytes(loadImage: FirmwareImageLoader, imageId: number, sha256: string) {
  try {
    const bytes = await loadImage(imageId);
    return createHash('sha256').update(bytes).digest('hex') === sha256 ? bytes : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Runs a firmwareUpgrade command on a connected OSIM inverter: checks the image, then start, data parts (one
 * request in flight, each answered) and run with the image's length and CRC-16/MODBUS, in the layouts of the PCU
 * version the device runs now.
 */
export async function upgradeOsimFirmware(
  connection: OsimConnection,
  command: DeviceCommand,
  loadImage: FirmwareImageLoader | undefined,
  accepted?: () => void,
): Promise<UpgradeOutcome> {
  const order = command.firmware;
  if (!order || !loadImage) return failed(OSIM_UPGRADE_REASONS.imageUnavailable);
  if (order.kind === 'PCU' && osimVersionNumber(order.version) === undefined)
    return failed(OSIM_UPGRADE_REASONS.versionNotOsim);
  const image = await imageBytes(loadImage, order.imageId, order.sha256);
  if (!image || image.length === 0) return failed(OSIM_UPGRADE_REASONS.imageUnavailable);
  const version = connection.pcuVersion;
  // Every frame is checked before the first goes out: an image the layout cannot describe sends nothing.
  const run = buildUpgradeRun(order.kind, image, version);
  const start = buildUpgradeStart(order.kind, image, version);
  if (!run.ok || !start.ok) return failed(OSIM_UPGRADE_REASONS.imageDoesNotFit);
  const started = await step(connection, start);
  if (!started.ok) return started;
  accepted?.();
  for (const part of upgradeChunks(image, UPGRADE_CHUNK_BYTES)) {
    const sent = await step(connection, buildUpgradeData(part, version));
    if (!sent.ok) return sent;
  }
  return step(connection, run);
}
