import type { TariffType } from '@voltfleet/domain/plants';

/**
 * One period of a plant's tariff, as the tariff page configures it: start and end as 'HH:MM' with the end minute
 * included (00:00–07:59, 08:00–…, last ends 23:59), so the periods of a valid tariff cover the day exactly.
 */
export interface TariffPeriod {
  type: TariffType;
  start: string;
  end: string;
  /** Price per kWh in the plant's currency. */
  price: number;
}

const minuteOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** The period in force at a minute of the local day (0 ≤ minute < 1440), or undefined if none covers it. */
export function tariffAt(periods: readonly TariffPeriod[], minuteOfDay: number): TariffPeriod | undefined {
  const minute = Math.floor(minuteOfDay);
  return periods.find((p) => minute >= minuteOf(p.start) && minute <= minuteOf(p.end));
}

/** True when the periods start at 00:00, follow each other minute by minute and end at 23:59. */
export function coversDay(periods: readonly TariffPeriod[]): boolean {
  let expected = 0;
  for (const p of periods) {
    if (minuteOf(p.start) !== expected || minuteOf(p.end) < minuteOf(p.start)) return false;
    expected = minuteOf(p.end) + 1;
  }
  return expected === 24 * 60;
}

/** A single flat price all day. */
export function flatTariff(price: number): TariffPeriod[] {
  return [{ type: 3, start: '00:00', end: '23:59', price }];
}
