// The firmware side of a simulated OSIM inverter (docs/protocol.md, "OSIM firmware upgrade"): it takes an image
// through 2000/1000 → 0001… → F000/E000, answers every frame with 0000 and a result code, checks length and
// CRC-16/MODBUS, and hands an accepted image to SimFirmware, which restarts the inverter into the new version.
import type { FirmwareKind } from '@voltfleet/domain/firmware';
import {
  UPGRADE_RESULTS,
  buildUpgradeResult,
  crc16Modbus,
  decodeUpgradeFrame,
  osimVersionNumber,
  type OsimFrame,
} from '@voltfleet/osim';
import { SimFirmware, type UpgradeOrder, type UpgradeRefusal } from '../firmware-upgrade.js';
import type { SimInverter } from '../inverter.js';

/**
 * A simulated image names what it is in a text line near its start: `VFSIM-FIRMWARE <kind> <family> <version>`.
 * A real inverter reads its own image format; the simulator needs this to know what it was sent.
 */
const IMAGE_TAG = 'VFSIM-FIRMWARE';
/** Where the tag may start: a DSP bin begins with its 4-byte main function address. */
const TAG_SEARCH_BYTES = 64;
/** The main function address at the start of a simulated DSP bin. */
const DSP_ENTRY = [0x00, 0x3f, 0x80, 0x00];

/** A simulated firmware image of `sizeBytes` (at least the tag line), with deterministic filler after the tag. */
export function simulatedImage(order: UpgradeOrder, sizeBytes = 4096): Buffer {
  const head = Buffer.concat([
    Buffer.from(order.kind === 'DSP' ? DSP_ENTRY : []),
    Buffer.from(`${IMAGE_TAG} ${order.kind} ${order.family} ${order.version}\n`, 'ascii'),
  ]);
  const filler = Buffer.alloc(Math.max(0, sizeBytes - head.length));
  for (let i = 0; i < filler.length; i += 1) filler[i] = (i * 31 + 7) & 0xff;
  return Buffer.concat([head, filler]);
}

/** What a simulated image says it is, or undefined when it carries no tag line. */
export function readSimulatedImage(image: Uint8Array): UpgradeOrder | undefined {
  const text = Buffer.from(image.subarray(0, TAG_SEARCH_BYTES + 80)).toString('latin1');
  const at = text.indexOf(IMAGE_TAG);
  if (at < 0 || at > TAG_SEARCH_BYTES) return undefined;
  const end = text.indexOf('\n', at);
  const line = text.slice(at, end < 0 ? undefined : end).split(' ');
  const [, kind, family, version] = line;
  if ((kind !== 'PCU' && kind !== 'DSP') || !family || !version) return undefined;
  return { kind, family, version };
}

const REFUSAL_RESULTS: Record<UpgradeRefusal, string> = {
  notShutDown: UPGRADE_RESULTS.notShutDown,
  familyMismatch: UPGRADE_RESULTS.familyMismatch,
  badVersion: UPGRADE_RESULTS.badImage,
  restarting: UPGRADE_RESULTS.restarting,
};

/** The answer to one upgrade frame; `restartMs` when the image was accepted (the inverter restarts now). */
export interface UpgradeFrameAnswer {
  replies: Uint8Array[];
  restartMs?: number;
}

interface Transfer {
  kind: FirmwareKind;
  /** The first four bytes 1000 announced (DSP). */
  head: string | undefined;
  parts: Uint8Array[];
}

/** One simulated inverter's upgrade receiver; the transfer lives only as long as its connection. */
export class OsimUpgradeReceiver {
  readonly firmware: SimFirmware;
  private transfer: Transfer | undefined;
  private accepted: { order: UpgradeOrder; untilMs: number } | undefined;

  constructor(
    private readonly inverter: SimInverter,
    restartMs?: number,
  ) {
    this.firmware = restartMs === undefined ? new SimFirmware(inverter) : new SimFirmware(inverter, restartMs);
  }

  /** The connection closed: a half-received image is dropped and the inverter keeps its version. */
  abort(): void {
    this.transfer = undefined;
  }

  /** Handles an upgrade frame from the cloud at `nowMs`; an unreadable one gets no answer (like any frame). */
  receive(frame: OsimFrame, pcuVersion: number, nowMs: number): UpgradeFrameAnswer {
    const decoded = decodeUpgradeFrame(frame, pcuVersion);
    if (!decoded.ok) return { replies: [] };
    const message = decoded.value;
    const answer = (code: string): UpgradeFrameAnswer => {
      const reply = buildUpgradeResult(code, pcuVersion);
      return { replies: reply.ok ? [reply.value] : [] };
    };
    switch (message.step) {
      case 'startPcu':
      case 'startDsp': {
        this.transfer = undefined;
        if (this.firmware.restartingAt(nowMs)) return answer(UPGRADE_RESULTS.restarting);
        if (this.inverter.parameters.onOff !== 0) return answer(UPGRADE_RESULTS.notShutDown);
        const kind = message.step === 'startPcu' ? 'PCU' : 'DSP';
        this.transfer = { kind, head: message.step === 'startDsp' ? message.head : undefined, parts: [] };
        return answer(UPGRADE_RESULTS.ok);
      }
      case 'data':
        if (!this.transfer) return answer(UPGRADE_RESULTS.outOfSequence);
        this.transfer.parts.push(message.part);
        return answer(UPGRADE_RESULTS.ok);
      case 'runPcu':
      case 'runDsp':
        return this.run(message, nowMs, answer);
      case 'result':
        return { replies: [] };
    }
  }

  /** The restart is over: the inverter runs the image; the OSIM PCU version it reports now if a PCU image changed it. */
  finishRestart(nowMs: number): number | undefined {
    const accepted = this.accepted;
    // A timer may fire a millisecond early: the restart ends at its own instant at the latest.
    if (!accepted || !this.firmware.tick(Math.max(nowMs, accepted.untilMs))) return undefined;
    this.accepted = undefined;
    return accepted.order.kind === 'PCU' ? osimVersionNumber(accepted.order.version) : undefined;
  }

  private run(
    message: { step: 'runPcu' | 'runDsp'; lengthBytes: number; crc: number; address?: string },
    nowMs: number,
    answer: (code: string) => UpgradeFrameAnswer,
  ): UpgradeFrameAnswer {
    const transfer = this.transfer;
    this.transfer = undefined;
    if (!transfer || transfer.kind !== (message.step === 'runPcu' ? 'PCU' : 'DSP'))
      return answer(UPGRADE_RESULTS.outOfSequence);
    const image = Buffer.concat(transfer.parts);
    if (image.length !== message.lengthBytes) return answer(UPGRADE_RESULTS.lengthMismatch);
    if (crc16Modbus(image) !== message.crc) return answer(UPGRADE_RESULTS.crcMismatch);
    const first = image.subarray(0, 4).toString('hex');
    if (transfer.kind === 'DSP' && (first !== transfer.head || first !== message.address))
      return answer(UPGRADE_RESULTS.badImage);
    const order = readSimulatedImage(image);
    if (!order || order.kind !== transfer.kind) return answer(UPGRADE_RESULTS.badImage);
    // The image's version must be one 98 can report.
    if (order.kind === 'PCU' && osimVersionNumber(order.version) === undefined) return answer(UPGRADE_RESULTS.badImage);
    const started = this.firmware.start(order, nowMs);
    if (!started.ok) return answer(REFUSAL_RESULTS[started.reason]);
    this.accepted = { order, untilMs: started.restartUntilMs };
    return { ...answer(UPGRADE_RESULTS.ok), restartMs: Math.max(0, started.restartUntilMs - nowMs) };
  }
}
