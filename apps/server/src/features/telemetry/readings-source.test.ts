import { describe, expect, it } from 'vitest';
import { RAW_FOR_SURE_MS, readingsIn } from './readings-source.js';

const window = { device: '$1', from: '$2', to: '$3', columns: ['pv_power_w'] as const };

describe('readingsIn', () => {
  it('reads raw and compacted readings for a window that may reach a compacted day', () => {
    expect(readingsIn(window)).toContain('readings_compact');
    expect(readingsIn({ ...window, fromMs: Date.now() - RAW_FOR_SURE_MS - 60_000 })).toContain('readings_compact');
  });

  it('reads the raw table alone for a window starting less than a day ago (nothing there is ever compacted)', () => {
    const sql = readingsIn({ ...window, fromMs: Date.now() - RAW_FOR_SURE_MS + 60_000 });
    expect(sql).not.toContain('readings_compact');
    expect(sql).toContain('FROM readings WHERE device_id = ($1)::int4');
  });

  it('refuses a window without a device', () => {
    expect(() => readingsIn({ from: '$2', to: '$3', columns: [] })).toThrow(/device/);
  });
});
