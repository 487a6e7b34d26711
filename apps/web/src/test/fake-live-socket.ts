import { act } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import type { AlarmLiveEvent } from '@voltfleet/domain/alarms';
import { closeLive } from '@/lib/live-socket';

/**
 * The tab's live socket (/api/ws), played by the test: `installFakeLiveSocket()` in a describe puts it in place of
 * WebSocket; `FakeLiveSocket.latest()` is the page's socket, which opens and delivers messages when told.
 */
export class FakeLiveSocket {
  static all: FakeLiveSocket[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeLiveSocket.all.push(this);
  }
  close() {}
  static latest(): FakeLiveSocket {
    const socket = FakeLiveSocket.all.at(-1);
    if (!socket) throw new Error('no live socket was opened');
    return socket;
  }
  open() {
    act(() => this.onopen?.());
  }
  push(message: unknown) {
    act(() => this.onmessage?.({ data: JSON.stringify(message) }));
  }
}

/** Installs the fake socket for each test of the calling describe and closes the tab's socket after it. */
export function installFakeLiveSocket(): void {
  beforeEach(() => vi.stubGlobal('WebSocket', FakeLiveSocket));
  afterEach(() => {
    closeLive();
    FakeLiveSocket.all = [];
  });
}

/** An alarm event as the live channel pushes it (domain alarmLiveEventSchema). */
export function alarmEvent(
  alarm: Partial<AlarmLiveEvent['alarm']> & Pick<AlarmLiveEvent['alarm'], 'deviceId'>,
  event: AlarmLiveEvent['event'] = 'raised',
): AlarmLiveEvent {
  return {
    type: 'alarm',
    event,
    alarm: {
      id: 1,
      plantId: null,
      code: 'grid.voltageHigh',
      severity: 'major',
      state: event === 'recovered' ? 'recovered' : 'active',
      raisedAt: '2026-03-03T22:30:00.000Z',
      recoveredAt: null,
      ...alarm,
    },
  };
}
