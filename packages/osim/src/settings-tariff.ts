// The tariff table of the operating-mode block (read 95, write 66): one price per tariff type and the day's periods.
import type { OsimInput, OsimValues } from './codec.js';
import { fail, ok, type OsimResult } from './errors.js';
import {
  OSIM_TARIFF_COUNT_REGISTER,
  OSIM_TARIFF_PRICES,
  OSIM_TARIFF_SLOTS,
  OSIM_TARIFF_SLOT_FIELDS,
  osimTariffSlotRegister,
  type OsimTariffSlotField,
} from './settings-registers.js';
import { numberAt, recordsAt } from './settings-values.js';

const SLOT_FIELDS = Object.entries(OSIM_TARIFF_SLOT_FIELDS) as [OsimTariffSlotField, string][];

/**
 * The tariff registers a 95 or 66 block holds: prices in thousandths (the block keeps 0.1), the period count and the
 * periods below it (type = `electricityTypeValue`, start and end minute as the block holds them).
 */
export function osimTariffOf(values: OsimValues): OsimResult<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const { register, field } of OSIM_TARIFF_PRICES) {
    const price = numberAt(values, field);
    if (!price.ok) return price;
    out[register] = Math.round(price.value * 1000);
  }
  const count = numberAt(values, 'totalPriceNum');
  if (!count.ok) return count;
  if (!Number.isInteger(count.value) || count.value < 0)
    return fail({ code: 'INVALID_VALUE', field: 'totalPriceNum', value: String(count.value) });
  out[OSIM_TARIFF_COUNT_REGISTER] = count.value;
  const records = recordsAt(values, 'elecPrice');
  for (let slot = 0; slot < Math.min(count.value, records.length, OSIM_TARIFF_SLOTS); slot += 1) {
    for (const [suffix, field] of SLOT_FIELDS) {
      const value = numberAt(records[slot]!, field, `elecPrice[${slot}].${field}`);
      if (!value.ok) return value;
      out[osimTariffSlotRegister(slot, suffix)] = value.value;
    }
  }
  return ok(out);
}

/**
 * The 95/66 fields of a whole tariff table: prices rounded to the block's 0.1, the count and one `elecPrice` record
 * per period. The domain's end minute (end included) is written unchanged: the reference names no convention for
 * `endTime`. A table with a register missing or a count outside 0–10 is refused.
 */
export function osimTariffFields(registers: Readonly<Record<string, number>>): OsimResult<OsimInput> {
  const fields: Record<string, OsimInput[string]> = {};
  for (const { register, field } of OSIM_TARIFF_PRICES) {
    const milli = registers[register];
    if (milli === undefined) return incomplete(register);
    fields[field] = Math.round(milli / 100) / 10;
  }
  const count = registers[OSIM_TARIFF_COUNT_REGISTER];
  if (count === undefined) return incomplete(OSIM_TARIFF_COUNT_REGISTER);
  if (!Number.isInteger(count) || count < 0 || count > OSIM_TARIFF_SLOTS)
    return fail({
      code: 'OUT_OF_RANGE',
      field: OSIM_TARIFF_COUNT_REGISTER,
      value: String(count),
      range: `0–${OSIM_TARIFF_SLOTS}`,
    });
  const records: Record<string, number>[] = [];
  for (let slot = 0; slot < count; slot += 1) {
    const record: Record<string, number> = {};
    for (const [suffix, field] of SLOT_FIELDS) {
      const value = registers[osimTariffSlotRegister(slot, suffix)];
      if (value === undefined) return incomplete(osimTariffSlotRegister(slot, suffix));
      record[field] = value;
    }
    records.push(record);
  }
  fields.totalPriceNum = count;
  fields.elecPrice = records;
  return ok(fields);
}

// INVALID_VALUE, not MISSING_FIELD: the table is incomplete, while the block itself has every field it needs.
const incomplete = (register: string): OsimResult<never> =>
  fail({ code: 'INVALID_VALUE', field: register, value: 'missing' });
