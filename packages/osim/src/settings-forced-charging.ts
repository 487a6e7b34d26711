// Weekly forced charging and discharging (read A2, write 71; PCU ≥ 500) as the platform's seven registers. Each side
// (fc charge, fd discharge) has an open flag, an enable per weekday (0 off, 1 once, 2 weekly: the codec maps weekly
// to the wire's 3) and up to four time ranges, of which `TimeRangeLen` are in force.
import type { OsimInput, OsimValues } from './codec.js';
import { fail, ok, type OsimResult } from './errors.js';
import { numberAt, recordsAt } from './settings-values.js';

/** Weekdays as the registers' masks count them (bit 0 = Monday … bit 6 = Sunday), spelt as the protocol's fields. */
const WEEKDAYS = ['Mon', 'Tus', 'Wen', 'Thu', 'Fri', 'Sat', 'Sun'] as const;
const EVERY_DAY = 0b1111111;
const MODES: readonly number[] = [0, 1, 2];

const SIDES = [
  { prefix: 'fc', days: 'forcedChargeDays', start: 'forcedChargeStartMin', end: 'forcedChargeEndMin' },
  { prefix: 'fd', days: 'forcedDischargeDays', start: 'forcedDischargeStartMin', end: 'forcedDischargeEndMin' },
] as const;
type Side = (typeof SIDES)[number];

/**
 * The forced-charging registers an A2 or 71 block holds. A side's mask holds the days enabled while the side is open;
 * the mode is the enable those days carry, and days carrying different modes are refused (one mode is all the
 * registers hold). Mode 0 is just `{ forcedChargingMode: 0 }`, as the domain writes it: no day is on the wire then.
 * A side's period is its first time range, when it has at least one in force.
 */
export function osimForcedChargingOf(values: OsimValues): OsimResult<Record<string, number>> {
  const modes = new Set<number>();
  const out: Record<string, number> = {};
  for (const side of SIDES) {
    const open = numberAt(values, `${side.prefix}Open`);
    if (!open.ok) return open;
    let mask = 0;
    for (const [i, day] of WEEKDAYS.entries()) {
      const enable = numberAt(values, `${side.prefix}${day}Enable`);
      if (!enable.ok) return enable;
      if (open.value === 0 || enable.value === 0) continue;
      mask |= 1 << i;
      modes.add(enable.value);
    }
    out[side.days] = mask;
    const period = periodOf(values, side);
    if (!period.ok) return period;
    Object.assign(out, period.value);
  }
  if (modes.size > 1) return fail({ code: 'INVALID_VALUE', field: 'forcedChargingMode', value: [...modes].join('/') });
  const [mode = 0] = modes;
  return ok(mode === 0 ? { forcedChargingMode: 0 } : { forcedChargingMode: mode, ...out });
}

/** A side's first time range as its start and end registers; none when no range is in force. */
function periodOf(values: OsimValues, side: Side): OsimResult<Record<string, number>> {
  const ranges = numberAt(values, `${side.prefix}TimeRangeLen`);
  if (!ranges.ok) return ranges;
  const first = recordsAt(values, `${side.prefix}TimeGap`)[0];
  if (ranges.value < 1 || !first) return ok({});
  const start = numberAt(first, 'startTime', `${side.prefix}TimeGap[0].startTime`);
  if (!start.ok) return start;
  const end = numberAt(first, 'endTime', `${side.prefix}TimeGap[0].endTime`);
  if (!end.ok) return end;
  return ok({ [side.start]: start.value, [side.end]: end.value });
}

/**
 * The 71 fields for the settings over the A2 block read back: fcOpen/fdOpen = mode ≠ 0 and a day of the side
 * enabled; each weekday's enable = the mode on the side's days, else 0; a side whose period is given gets one time
 * range (`TimeRangeLen` 1) with it, a side without keeps its ranges. A mode or mask the settings leave out comes from
 * the read-back. Everything else (the SOC limits) stays as read back (`mergeBlock`).
 */
export function osimForcedChargingFields(
  settings: Readonly<Record<string, number>>,
  readBack: OsimValues,
): OsimResult<OsimInput> {
  const target = completed(settings, readBack);
  if (!target.ok) return target;
  const mode = target.value.forcedChargingMode ?? 0;
  if (!MODES.includes(mode))
    return fail({ code: 'OUT_OF_RANGE', field: 'forcedChargingMode', value: String(mode), range: '{0, 1, 2}' });
  const fields: Record<string, OsimInput[string]> = {};
  for (const side of SIDES) {
    const mask = mode === 0 ? 0 : (target.value[side.days] ?? 0);
    if (!Number.isInteger(mask) || mask < 0 || mask > EVERY_DAY)
      return fail({ code: 'OUT_OF_RANGE', field: side.days, value: String(mask), range: `0–${EVERY_DAY}` });
    fields[`${side.prefix}Open`] = mask !== 0 ? 1 : 0;
    WEEKDAYS.forEach((day, i) => {
      fields[`${side.prefix}${day}Enable`] = (mask & (1 << i)) !== 0 ? mode : 0;
    });
    const [start, end] = [settings[side.start], settings[side.end]];
    if ((start === undefined) !== (end === undefined))
      return fail({ code: 'INVALID_VALUE', field: start === undefined ? side.start : side.end, value: 'missing' });
    if (start !== undefined && end !== undefined) {
      fields[`${side.prefix}TimeRangeLen`] = 1;
      fields[`${side.prefix}TimeGap`] = [{ startTime: start, endTime: end }];
    }
  }
  return ok(fields);
}

/** The settings with the mode and masks they leave out taken from the read-back (masks do not matter at mode 0). */
function completed(
  settings: Readonly<Record<string, number>>,
  readBack: OsimValues,
): OsimResult<Readonly<Record<string, number>>> {
  const mode = settings.forcedChargingMode;
  const complete = mode === 0 || (mode !== undefined && SIDES.every((side) => settings[side.days] !== undefined));
  if (complete) return ok(settings);
  const current = osimForcedChargingOf(readBack);
  return current.ok ? ok({ ...current.value, ...settings }) : current;
}
