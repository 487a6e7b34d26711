import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from './format';

describe('formatDateTime', () => {
  it('shows local date and time like dayjs "YYYY-MM-DD HH:mm:ss"', () => {
    for (const iso of ['2026-01-31T08:05:09.000Z', '2026-12-01T23:59:59+02:00', '2024-02-29T00:00:00Z']) {
      expect(formatDateTime(iso)).toBe(dayjs(iso).format('YYYY-MM-DD HH:mm:ss'));
    }
  });

  it('shows a dash when there is no time, and an unreadable one as it came', () => {
    expect(formatDateTime(null)).toBe('—');
    expect(formatDateTime(undefined)).toBe('—');
    expect(formatDateTime('')).toBe('—');
    expect(formatDateTime('soon')).toBe('soon');
  });
});
