import { describe, expect, it } from 'vitest';
import { LoginGuard } from './login-guard.js';

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
