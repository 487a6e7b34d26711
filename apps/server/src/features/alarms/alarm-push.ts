import { alarmLiveEventSchema, type AlarmLiveEvent } from '@voltfleet/domain/alarms';
import type { LivePublisher } from '../live/index.js';

/** Where alarm events come from: the alarm engine (an EventEmitter emitting 'alarm'). */
export interface AlarmEventSource {
  on(event: 'alarm', listener: (e: AlarmLiveEvent) => void): unknown;
  off?(event: 'alarm', listener: (e: AlarmLiveEvent) => void): unknown;
}

/**
 * Delivers every alarm event of `source` over the live channel: `live` is the process's LiveBus (`app.live`), which
 * hands it to this process's tabs and, on PostgreSQL, to every other process's; each hub sends it only to the tabs
 * of users who may see the alarm's device (the same visible set as the device's readings). An event that does not
 * have the contract's shape is dropped with a warning rather than sent. Returns the function that stops it.
 */
export function startAlarmPush(
  live: Pick<LivePublisher, 'publishAlarm'>,
  source: AlarmEventSource,
  log?: { warn(obj: object, msg: string): void },
): () => void {
  const listener = (event: AlarmLiveEvent) => {
    const parsed = alarmLiveEventSchema.safeParse(event);
    if (!parsed.success) {
      log?.warn({ issues: parsed.error.issues }, 'alarm push: an event without the contract shape was dropped');
      return;
    }
    live.publishAlarm(parsed.data);
  };
  source.on('alarm', listener);
  return () => void source.off?.('alarm', listener);
}
