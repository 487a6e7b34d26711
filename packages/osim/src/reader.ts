// Splits a TCP byte stream into OSIM frames: frames may span chunks, bytes before FE 55 are skipped (and reported),
// a frame that fails its end byte or checksum is reported and the reader resynchronises on the next FE 55.
import type { OsimError } from './errors.js';
import { FRAME_END, FRAME_OVERHEAD, FRAME_START, checksum, decodeFrame, type OsimFrame } from './frame.js';

export type FrameEvent =
  | { readonly ok: true; readonly frame: OsimFrame; readonly bytes: Uint8Array }
  | {
      readonly ok: false;
      readonly error: OsimError;
      readonly bytes: Uint8Array;
      /** The command byte of the frame the error cut short or spoilt, when its header arrived (a half frame). */
      readonly command?: number;
    };

/** More buffered bytes than any frame can have means the stream is garbage; it is dropped. */
const MAX_BUFFER = FRAME_OVERHEAD + 255;

export class FrameReader {
  private buffer = new Uint8Array(0);

  /** Bytes waiting for the rest of their frame. */
  get pending(): number {
    return this.buffer.length;
  }

  /** Adds a chunk and returns every complete frame and every error it produced, in stream order. */
  push(chunk: Uint8Array): FrameEvent[] {
    const joined = new Uint8Array(this.buffer.length + chunk.length);
    joined.set(this.buffer, 0);
    joined.set(chunk, this.buffer.length);
    this.buffer = joined;
    const events: FrameEvent[] = [];
    for (;;) {
      const start = findStart(this.buffer);
      if (start > 0) {
        events.push({
          ok: false,
          error: { code: 'BAD_START', actual: hexPair(this.buffer) },
          bytes: this.buffer.slice(0, start),
        });
        this.buffer = this.buffer.slice(start);
      }
      if (this.buffer.length < 7) break;
      const total = FRAME_OVERHEAD + (this.buffer[6] ?? 0);
      if (this.buffer.length < total) {
        // A false start (FE 55 inside a bad frame's data) may claim bytes that hold real frames: if a complete,
        // valid frame starts later in the buffer, the pending bytes were not a frame.
        const next = nextValidFrame(this.buffer);
        if (next < 0) break;
        events.push({
          ok: false,
          error: { code: 'TRUNCATED', needed: total, actual: next },
          bytes: this.buffer.slice(0, next),
          ...commandOf(this.buffer, next),
        });
        this.buffer = this.buffer.slice(next);
        continue;
      }
      const candidate = this.buffer.slice(0, total);
      const end = candidate[total - 1] ?? 0;
      const sum = candidate[total - 2] ?? 0;
      if (end !== FRAME_END || sum !== checksum(candidate, total - 2)) {
        const result = decodeFrame(candidate);
        const error: OsimError = result.ok ? { code: 'BAD_END', actual: end } : result.error;
        // Resynchronise: drop the start marker and look for the next one (it may lie inside the bad frame).
        events.push({ ok: false, error, bytes: this.buffer.slice(0, 2), ...commandOf(candidate, total) });
        this.buffer = this.buffer.slice(2);
        continue;
      }
      const decoded = decodeFrame(candidate);
      events.push(
        decoded.ok
          ? { ok: true, frame: decoded.value, bytes: candidate }
          : { ok: false, error: decoded.error, bytes: candidate },
      );
      this.buffer = this.buffer.slice(total);
    }
    if (this.buffer.length > MAX_BUFFER) {
      events.push({
        ok: false,
        error: { code: 'TRUNCATED', needed: MAX_BUFFER, actual: this.buffer.length },
        bytes: this.buffer,
      });
      this.buffer = new Uint8Array(0);
    }
    return events;
  }

  /**
   * Ends the stream (the connection closed): a partial frame left in the buffer is reported as truncated.
   * The reader is empty afterwards and can be reused.
   */
  end(): FrameEvent[] {
    if (this.buffer.length === 0) return [];
    const bytes = this.buffer;
    this.buffer = new Uint8Array(0);
    const needed = bytes.length >= 7 ? FRAME_OVERHEAD + (bytes[6] ?? 0) : FRAME_OVERHEAD;
    return [
      {
        ok: false,
        error: { code: 'TRUNCATED', needed, actual: bytes.length },
        bytes,
        ...commandOf(bytes, bytes.length),
      },
    ];
  }
}

/** `{ command }` when the first `length` bytes of a frame start reach its command byte (offset 4), else nothing. */
function commandOf(frame: Uint8Array, length: number): { command?: number } {
  return length > 4 && frame[4] !== undefined ? { command: frame[4] } : {};
}

/** Index of the first complete frame with a good checksum and end byte after position 0, or -1. */
function nextValidFrame(buffer: Uint8Array): number {
  for (let i = 1; i + FRAME_OVERHEAD <= buffer.length; i += 1) {
    if (buffer[i] !== FRAME_START[0] || buffer[i + 1] !== FRAME_START[1]) continue;
    const total = FRAME_OVERHEAD + (buffer[i + 6] ?? 0);
    if (i + total > buffer.length) continue;
    if (
      buffer[i + total - 1] === FRAME_END &&
      buffer[i + total - 2] === checksum(buffer.subarray(i, i + total), total - 2)
    )
      return i;
  }
  return -1;
}

/** Index of the first FE 55 (or of a trailing FE that may start one); the buffer length when there is none. */
function findStart(buffer: Uint8Array): number {
  for (let i = 0; i < buffer.length; i += 1) {
    if (buffer[i] !== FRAME_START[0]) continue;
    if (i + 1 === buffer.length || buffer[i + 1] === FRAME_START[1]) return i;
  }
  return buffer.length;
}

function hexPair(buffer: Uint8Array): string {
  return Array.from(buffer.subarray(0, 2), (b) => b.toString(16).padStart(2, '0')).join(' ');
}
