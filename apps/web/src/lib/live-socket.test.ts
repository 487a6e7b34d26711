import { describe, expect, it } from 'vitest';
import type { LiveMessage } from '@voltfleet/domain/device-list';
import { isAlarmLiveEvent, liveUrl, reconnectDelay } from './live-socket';

describe('reconnectDelay', () => {
  it('doubles from 1 s up to 30 s at most', () => {
    const full = [0, 1, 2, 3, 4, 5, 6, 20].map((attempt) => reconnectDelay(attempt, () => 0));
    expect(full).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  });

  it('takes up to half off at random so that tabs do not return in step', () => {
    expect(reconnectDelay(0, () => 0.999_999)).toBe(500);
    expect(reconnectDelay(10, () => 0.5)).toBe(22500);
  });
});

describe('liveUrl', () => {
  it('uses the page’s host, over TLS when the page is', () => {
    expect(liveUrl({ protocol: 'http:', host: 'localhost:8080' })).toBe('ws://localhost:8080/api/ws');
    expect(liveUrl({ protocol: 'https:', host: 'fleet.example.com' })).toBe('wss://fleet.example.com/api/ws');
  });
});

describe('isAlarmLiveEvent', () => {
  const alarm = {
    id: 9,
    deviceId: 4,
    plantId: 2,
    code: 'grid.voltageHigh',
    severity: 'major',
    state: 'active',
    raisedAt: '2026-03-01T10:00:00.000Z',
    recoveredAt: null,
  } as const;

  it('knows an alarm event by its type and its device', () => {
    expect(isAlarmLiveEvent({ type: 'alarm', event: 'raised', alarm })).toBe(true);
    expect(isAlarmLiveEvent({ type: 'plantStatus', plantId: 2, status: 'alarm' })).toBe(false);
    // A malformed push (no alarm object) is not taken for one.
    expect(isAlarmLiveEvent({ type: 'alarm' } as unknown as LiveMessage)).toBe(false);
  });
});
