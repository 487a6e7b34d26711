import type { Socket } from 'node:net';

/**
 * Closes a connection as soon as a packet header announces more than `maxBytes` (Aedes has no packet size limit and
 * would buffer up to 256 MB per packet, even before CONNECT). It follows the MQTT fixed headers in the bytes Aedes
 * reads: with Aedes' 'readable' listener in place, every `read()` also emits 'data' without starting flowing mode.
 */
export function limitPacketSize(socket: Socket, maxBytes: number): void {
  let state: 'type' | 'length' | 'body' = 'type';
  let length = 0;
  let multiplier = 1;
  let remaining = 0;
  socket.on('data', (chunk: Buffer) => {
    let i = 0;
    while (i < chunk.length) {
      if (state === 'body') {
        const n = Math.min(remaining, chunk.length - i);
        i += n;
        remaining -= n;
        if (remaining === 0) state = 'type';
        continue;
      }
      const byte = chunk[i++]!;
      if (state === 'type') {
        state = 'length';
        length = 0;
        multiplier = 1;
        continue;
      }
      length += (byte & 0x7f) * multiplier;
      multiplier *= 128;
      if (length > maxBytes) {
        socket.destroy();
        return;
      }
      if ((byte & 0x80) === 0) {
        remaining = length;
        state = length === 0 ? 'type' : 'body';
      }
    }
  });
}
