import { describe, expect, it } from 'vitest';
import { CheckLane, LoginGuard } from './login-guard.js';

const limits = { perAddress: 5, addressWindowMs: 60_000, perSn: 3, snWindowMs: 300_000 };

function guard() {
  const clock = { now: 1_000_000 };
  return { clock, guard: new LoginGuard(limits, () => clock.now) };
}

describe('LoginGuard', () => {
  it('refuses a serial number after its failures, from any address, until its window ends', () => {
    const { clock, guard: g } = guard();
    for (let i = 0; i < 3; i += 1) {
      expect(g.refusal(`10.0.0.${i}`, 'VFSN0001')).toBeNull();
      g.failed(`10.0.0.${i}`, 'VFSN0001');
    }
    expect(g.refusal('10.0.0.9', 'VFSN0001')).toBe('serialNumber');
    expect(g.refusal('10.0.0.9', 'VFSN0002')).toBeNull();
    clock.now += 299_999;
    expect(g.refusal('10.0.0.9', 'VFSN0001')).toBe('serialNumber');
    clock.now += 1;
    expect(g.refusal('10.0.0.9', 'VFSN0001')).toBeNull();
  });

  it('refuses an address after its failures, whatever serial numbers it tries', () => {
    const { clock, guard: g } = guard();
    for (let i = 0; i < 5; i += 1) g.failed('192.0.2.1', `VFSN000${i}`);
    expect(g.refusal('192.0.2.1', 'VFOTHER01')).toBe('address');
    expect(g.refusal('192.0.2.2', 'VFOTHER01')).toBeNull();
    clock.now += 60_000;
    expect(g.refusal('192.0.2.1', 'VFOTHER01')).toBeNull();
  });

  it('a correct login clears the serial number but not the address', () => {
    const { guard: g } = guard();
    for (let i = 0; i < 2; i += 1) g.failed('192.0.2.1', 'VFSN0001');
    g.succeeded('VFSN0001');
    g.failed('192.0.2.1', 'VFSN0001');
    g.failed('192.0.2.1', 'VFSN0001');
    expect(g.refusal('192.0.2.3', 'VFSN0001')).toBeNull();
    g.failed('192.0.2.1', 'VFSN0001');
    expect(g.refusal('192.0.2.3', 'VFSN0001')).toBe('serialNumber');
    expect(g.refusal('192.0.2.1', 'VFSN9999')).toBe('address');
  });

  it('stays bounded under a flood of addresses', () => {
    const { guard: g } = guard();
    for (let i = 0; i < 120_000; i += 1) g.failed(`a${i}`, '');
    // The newest addresses are still counted.
    for (let i = 0; i < 4; i += 1) g.failed('a119999', '');
    expect(g.refusal('a119999', '')).toBe('address');
  });
});

describe('remembered secrets', () => {
  it('recognises the secret that last logged a serial number in, and knows any other is wrong', () => {
    const guard = new LoginGuard();
    expect(guard.recall('SN00000001', 's1')).toBeUndefined();
    expect(guard.knownWrong('SN00000001', 'x')).toBe(false);
    guard.succeeded('SN00000001', { secret: 's1', value: { id: 7 } });
    expect(guard.recall('SN00000001', 's1')).toEqual({ id: 7 });
    expect(guard.recall('SN00000001', 's2')).toBeUndefined();
    expect(guard.knownWrong('SN00000001', 's2')).toBe(true);
    expect(guard.knownWrong('SN00000002', 's1')).toBe(false);
    guard.forgetSecret('SN00000001');
    expect(guard.recall('SN00000001', 's1')).toBeUndefined();
  });

  it('forgets after ten minutes', () => {
    let now = 0;
    const guard = new LoginGuard(undefined, () => now);
    guard.succeeded('SN00000001', { secret: 's1', value: 1 });
    now = 10 * 60_000 + 1;
    expect(guard.recall('SN00000001', 's1')).toBeUndefined();
  });
});

describe('CheckLane', () => {
  it('runs at most two at once, in order, and refuses beyond its queue', async () => {
    const lane = new CheckLane(2, 3);
    let running = 0;
    let most = 0;
    const release: (() => void)[] = [];
    const task = () =>
      new Promise<number>((resolve) => {
        running += 1;
        most = Math.max(most, running);
        release.push(() => {
          running -= 1;
          resolve(running);
        });
      });
    const results = Array.from({ length: 6 }, () => lane.run(task));
    expect(await results[5]).toBeUndefined();
    for (let i = 0; i < 5; i += 1) {
      await new Promise((r) => setTimeout(r, 5));
      release.shift()?.();
    }
    await Promise.all(results.slice(0, 5));
    expect(most).toBe(2);
  });
});
