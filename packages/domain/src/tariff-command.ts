import { TARIFF_TYPES, type TariffType } from './plants.js';
import {
  TARIFF_MAX_PERIODS,
  formatMinuteOfDay,
  minuteOfDay,
  orderedPlan,
  tariffPlanIssues,
  type TariffPeriod,
} from './tariffs.js';
import type { MessageKey, Translate } from './i18n/catalogue.js';
import { findOption } from './telemetry/labels.js';
import type { TariffCommand } from './tariff-command-schemas.js';

/** The command that pushes a day plan of tariff periods to an inverter (R3.7 parameter settings). */
export const TARIFF_PERIODS = 'tariffPeriods' as const;

/** The inverter holds one price per tariff type, in thousandths of the currency unit per kWh. */
export const TARIFF_PRICE_REGISTERS = {
  1: 'tariffPriceSharpMilli',
  2: 'tariffPricePeakMilli',
  3: 'tariffPriceFlatMilli',
  4: 'tariffPriceValleyMilli',
} as const satisfies Record<TariffType, string>;
export type TariffPriceRegister = (typeof TARIFF_PRICE_REGISTERS)[TariffType];
export const TARIFF_PRICE_REGISTER_KEYS: readonly TariffPriceRegister[] = Object.values(TARIFF_PRICE_REGISTERS);
export const TARIFF_PERIOD_COUNT_REGISTER = 'tariffPeriodCount' as const;

/** Slot i (0 … 9) of the inverter's period table: type 1–4, start and end minute of the day (end included). */
export type TariffSlot = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;
export type TariffSlotField = 'Type' | 'StartMin' | 'EndMin';
export type TariffSlotRegister = `tariffPeriod${TariffSlot}${TariffSlotField}`;
export const TARIFF_SLOT_FIELDS: readonly TariffSlotField[] = ['Type', 'StartMin', 'EndMin'];
export const tariffSlotRegister = (slot: number, field: TariffSlotField) =>
  `tariffPeriod${slot}${field}` as TariffSlotRegister;

/** Every register of the tariff table: prices, count, then the slots in order. */
export const TARIFF_REGISTERS: readonly string[] = [
  ...TARIFF_PRICE_REGISTER_KEYS,
  TARIFF_PERIOD_COUNT_REGISTER,
  ...Array.from({ length: TARIFF_MAX_PERIODS }, (_, i) =>
    TARIFF_SLOT_FIELDS.map((f) => tariffSlotRegister(i, f)),
  ).flat(),
];

/** OSIM inverters keep prices to 0.1 currency unit: a price read back within this many thousandths confirms. */
export const TARIFF_PRICE_TOLERANCE_MILLI = 50;

export function isTariffPriceRegister(key: string): key is TariffPriceRegister {
  return (TARIFF_PRICE_REGISTER_KEYS as readonly string[]).includes(key);
}

/** A refusal (path, message key) or the registers to write. */
export type TariffRegisters =
  { ok: true; parameters: Record<string, number> } | { ok: false; issue: { path: string; key: MessageKey } };

const refuse = (path: string, key: MessageKey): TariffRegisters => ({ ok: false, issue: { path, key } });
const milli = (price: number) => Math.round(price * 1000);

/**
 * Checks a plan by every R5.8 rule, then that each tariff type has one price (the inverter stores one per type),
 * and returns the flat registers: prices in thousandths (0 for unused types), the count, and the periods by start.
 */
export function tariffRegisters(tariff: TariffCommand | undefined): TariffRegisters {
  if (!tariff) return refuse('tariff', 'command.parametersEmpty');
  const issue = tariffPlanIssues(tariff.periods)[0];
  if (issue)
    return refuse(issue.index === null ? 'tariff.periods' : `tariff.periods.${issue.index}.${issue.field}`, issue.key);
  const prices = new Map<TariffType, number>();
  for (const [index, p] of tariff.periods.entries()) {
    const price = milli(p.price as number);
    const known = prices.get(p.type as TariffType);
    if (known !== undefined && known !== price)
      return refuse(`tariff.periods.${index}.price`, 'command.tariffOnePricePerType');
    prices.set(p.type as TariffType, price);
  }
  const parameters: Record<string, number> = {};
  for (const [type, key] of Object.entries(TARIFF_PRICE_REGISTERS))
    parameters[key] = prices.get(Number(type) as TariffType) ?? 0;
  const plan = orderedPlan(tariff.periods);
  parameters[TARIFF_PERIOD_COUNT_REGISTER] = plan.length;
  plan.forEach((p, i) => {
    parameters[tariffSlotRegister(i, 'Type')] = p.type;
    parameters[tariffSlotRegister(i, 'StartMin')] = minuteOfDay(p.start) as number;
    parameters[tariffSlotRegister(i, 'EndMin')] = minuteOfDay(p.end) as number;
  });
  return { ok: true, parameters };
}

/** The periods a set of tariff registers describes (prices per kWh), or null when a register is missing or wrong. */
export function tariffPeriodsOf(registers: Record<string, number>): TariffPeriod[] | null {
  const count = registers[TARIFF_PERIOD_COUNT_REGISTER];
  if (count === undefined || !Number.isInteger(count) || count < 1 || count > TARIFF_MAX_PERIODS) return null;
  const periods: TariffPeriod[] = [];
  for (let i = 0; i < count; i++) {
    const type = registers[tariffSlotRegister(i, 'Type')];
    const start = registers[tariffSlotRegister(i, 'StartMin')];
    const end = registers[tariffSlotRegister(i, 'EndMin')];
    if (type === undefined || start === undefined || end === undefined || !findOption(TARIFF_TYPES, type)) return null;
    const price = registers[TARIFF_PRICE_REGISTERS[type as TariffType]];
    if (price === undefined) return null;
    periods.push({
      type: type as TariffType,
      start: formatMinuteOfDay(start),
      end: formatMinuteOfDay(end),
      price: price / 1000,
    });
  }
  return periods;
}

/** One line for people: "00:00–07:59 Valley 0.300 · 08:00–23:59 Peak 1.200", the types read with `t`. */
export function formatTariffPeriods(periods: readonly TariffPeriod[], t: Translate): string {
  return periods
    .map(
      (p) =>
        `${p.start}–${p.end} ${labelOf(findOption(TARIFF_TYPES, p.type)?.label, t) ?? p.type} ${p.price.toFixed(3)}`,
    )
    .join(' · ');
}

const labelOf = (key: MessageKey | undefined, t: Translate) => (key ? t(key) : undefined);
