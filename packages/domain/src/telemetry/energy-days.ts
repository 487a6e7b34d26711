import { roundEnergyKwh, type EnergyDelta } from './energy.js';
import { localDay, nextLocalMidnight, startOfLocalDay } from './local-time.js';

/**
 * Splits a delta over plant-local days: `nextDayKwh` goes to next's day, the rest is spread over the time from
 * prev.ts to next's local midnight in proportion to each day's share of it (the best guess inside a gap).
 */
export function attributeToDays(
  prevTs: number,
  nextTs: number,
  delta: EnergyDelta,
  timeZone: string,
): { day: string; kwh: number }[] {
  const nextDay = localDay(nextTs, timeZone);
  const earlier = delta.kwh - delta.nextDayKwh;
  const end = startOfLocalDay(nextTs, timeZone);
  const shares: { day: string; kwh: number }[] = [];
  if (earlier > 0 && end > prevTs) {
    for (let cursor = prevTs; cursor < end;) {
      const dayEnd = Math.min(nextLocalMidnight(cursor, timeZone), end);
      shares.push({
        day: localDay(cursor, timeZone),
        kwh: roundEnergyKwh((earlier * (dayEnd - cursor)) / (end - prevTs)),
      });
      cursor = dayEnd;
    }
  }
  const rest = earlier > 0 && end > prevTs ? delta.nextDayKwh : delta.kwh;
  if (rest > 0) shares.push({ day: nextDay, kwh: roundEnergyKwh(rest) });
  return shares;
}
