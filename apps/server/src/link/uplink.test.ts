import { describe, expect, it } from 'vitest';
import type { CommandAck, LinkDevice } from './link.types.js';
import { Uplink } from './uplink.js';

// A command answer is acknowledged only once it is recorded: one that arrives before anything records answers (a
// restarted process's broker hands over the kept answers as soon as the link connects, before the command
// dispatcher attaches) waits for the first handler instead of being acknowledged unrecorded.

const device: LinkDevice = { id: 7, sn: 'VF0000000007' };
const sink = { submit: () => Promise.resolve() };
const answer = (commandId: string) => Buffer.from(JSON.stringify({ commandId, ok: true, value: 2 }));
const settled = async (p: Promise<unknown>) => {
  let done = false;
  void p.then(() => (done = true));
  // Several turns of the event loop: time enough for anything not waiting on the handler.
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
  return done;
};

describe('uplink, command answers', () => {
  it('holds an answer that arrives before any handler, and hands it to the first one attached', async () => {
    const uplink = new Uplink(sink, undefined, true);
    const handled = uplink.handle(device, 'ack', answer('c1'));
    expect(await settled(handled)).toBe(false);
    const seen: CommandAck[] = [];
    uplink.onAck((_d, ack) => void seen.push(ack));
    await handled;
    expect(seen).toEqual([expect.objectContaining({ commandId: 'c1', ok: true, value: 2 })]);
  });

  it('acknowledges an answer once every attached handler has recorded it', async () => {
    const uplink = new Uplink(sink, undefined, true);
    let record!: () => void;
    uplink.onAck(() => new Promise<void>((resolve) => (record = resolve)));
    const handled = uplink.handle(device, 'ack', answer('c2'));
    expect(await settled(handled)).toBe(false);
    record();
    expect(await settled(handled)).toBe(true);
  });

  it('does not hold status messages for a handler', async () => {
    const uplink = new Uplink(sink, undefined, true);
    const status = Buffer.from(JSON.stringify({ status: 'online' }));
    expect(await settled(uplink.handle(device, 'status', status))).toBe(true);
  });
});
