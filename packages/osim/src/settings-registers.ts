// The platform's setting registers and the OSIM blocks that carry them (docs/protocol.md, "OSIM settings"). The
// register names are the ones devices receive and report over MQTT, defined by @voltfleet/domain; this package does
// not depend on the domain, so the server's tests check that both spell the same names.

/** The frames a setting travels in: the query that reads its block and the write that writes the block whole. */
export const OSIM_SETTING_BLOCKS = {
  onOff: { read: '0C', write: '64' },
  operatingMode: { read: '95', write: '66' },
  gridBattery: { read: '95', write: '69' },
  batteryParameters: { read: '9D', write: '6A' },
  forcedCharge: { read: 'A2', write: '71' },
} as const;
export type OsimSettingBlock = keyof typeof OSIM_SETTING_BLOCKS;

/** A register that is one field of its block. */
export interface OsimScalarSetting {
  readonly block: OsimSettingBlock;
  readonly field: string;
}

/**
 * The scalar registers and their field in the block's read and write frames. Values travel as the domain codes them:
 * on/off 1/0 (the codec maps it to 55/aa), work mode 0/1/2/3/4/6, enable option 0/1/2 (0000/ee00/00ee), percent,
 * watts; battery type 1/2, PV source 0–3 and backup order 0/1 are the reference's own value tables. The reference has
 * no value table for `batteryCharge`: the charge state's domain code (0 charge, 1 discharge, 2 standby) is written
 * unchanged.
 */
export const OSIM_SCALAR_SETTINGS = {
  onOff: { block: 'onOff', field: 'onOff' },
  workMode: { block: 'operatingMode', field: 'operatingMode' },
  socLowerLimitPct: { block: 'operatingMode', field: 'soc' },
  gridConnectionLimitW: { block: 'operatingMode', field: 'con' },
  antiBackflow: { block: 'operatingMode', field: 'antiBackflow' },
  batteryChargeState: { block: 'operatingMode', field: 'batteryCharge' },
  batteryType: { block: 'gridBattery', field: 'dcBatteryType' },
  acCouplingPvSource: { block: 'batteryParameters', field: 'pvSourceChoice' },
  backupSupplyOrder: { block: 'batteryParameters', field: 'backUpOrder' },
} as const satisfies Readonly<Record<string, OsimScalarSetting>>;
export type OsimScalarSettingKey = keyof typeof OSIM_SCALAR_SETTINGS;

/** The price register of each tariff type (1 sharp … 4 valley), in thousandths, and its field (0.1 steps). */
export const OSIM_TARIFF_PRICES = [
  { type: 1, register: 'tariffPriceSharpMilli', field: 'price1' },
  { type: 2, register: 'tariffPricePeakMilli', field: 'price2' },
  { type: 3, register: 'tariffPriceFlatMilli', field: 'price3' },
  { type: 4, register: 'tariffPriceValleyMilli', field: 'price4' },
] as const;
export const OSIM_TARIFF_COUNT_REGISTER = 'tariffPeriodCount';
/** Periods of the platform's tariff table (the 95 block has room for 16; R5.8 (f) allows 10). */
export const OSIM_TARIFF_SLOTS = 10;
/** A tariff period's register suffix and its field in the `elecPrice` records. */
export const OSIM_TARIFF_SLOT_FIELDS = {
  Type: 'electricityTypeValue',
  StartMin: 'startTime',
  EndMin: 'endTime',
} as const;
export type OsimTariffSlotField = keyof typeof OSIM_TARIFF_SLOT_FIELDS;
export const osimTariffSlotRegister = (slot: number, field: OsimTariffSlotField): string =>
  `tariffPeriod${slot}${field}`;

/** Every register of the tariff table: prices, count, then the slots in order. */
export const OSIM_TARIFF_REGISTERS: readonly string[] = [
  ...OSIM_TARIFF_PRICES.map((p) => p.register),
  OSIM_TARIFF_COUNT_REGISTER,
  ...Array.from({ length: OSIM_TARIFF_SLOTS }, (_, slot) =>
    (Object.keys(OSIM_TARIFF_SLOT_FIELDS) as OsimTariffSlotField[]).map((f) => osimTariffSlotRegister(slot, f)),
  ).flat(),
];

/** The registers of weekly forced charging: mode, weekday masks (bit 0 = Monday), one period per side in minutes. */
export const OSIM_FORCED_CHARGING_REGISTERS = [
  'forcedChargingMode',
  'forcedChargeDays',
  'forcedDischargeDays',
  'forcedChargeStartMin',
  'forcedChargeEndMin',
  'forcedDischargeStartMin',
  'forcedDischargeEndMin',
] as const;
