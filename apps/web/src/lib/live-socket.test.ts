import { describe, expect, it } from 'vitest';
import { liveUrl, reconnectDelay } from './live-socket';

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
