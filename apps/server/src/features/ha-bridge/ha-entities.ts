import type { DeviceListItem } from '@voltfleet/domain/device-list';
import type { PlantListItem, PlantOverview, PlantSavings } from '@voltfleet/domain/plants';
import type { DeviceDetail } from '@voltfleet/domain/telemetry';

/**
 * What the bridge publishes, as pure data: the Home Assistant entities of a plant and of its devices, each figure
 * taken as it is from the API answer the portal's pages show (nothing computed but the split of a signed power into
 * its two directions).
 */

/** What the API answered for one plant in one poll; `devices` undefined when the key may not list devices. */
export interface PlantSnapshot {
  plant: PlantListItem;
  overview: PlantOverview;
  savings: PlantSavings | undefined;
  devices: DeviceListItem[] | undefined;
  /** Device details (versions) by device id, for the devices whose detail could be read. */
  details: ReadonlyMap<number, DeviceDetail>;
}

export type StateClass = 'measurement' | 'total_increasing';

/** A sensor of a plant or device: its meaning, and how its value comes out of a snapshot (null: unknown now). */
export interface SensorSpec<S> {
  key: string;
  name: string;
  unit?: string;
  deviceClass?: 'power' | 'energy' | 'battery';
  stateClass: StateClass;
  icon?: string;
  /** Battery sensors exist only for a plant or device with a battery. */
  battery?: boolean;
  value(s: S): number | null;
}

const W = { unit: 'W', deviceClass: 'power', stateClass: 'measurement' } as const;
const KWH = { unit: 'kWh', deviceClass: 'energy', stateClass: 'total_increasing' } as const;
const PCT = { unit: '%', deviceClass: 'battery', stateClass: 'measurement', battery: true } as const;

/** The positive part of a signed power (null stays null): import/discharge for positive, export/charge negated. */
const positive = (w: number | null): number | null => (w === null ? null : Math.max(w, 0));
const negative = (w: number | null): number | null => (w === null ? null : Math.max(-w, 0));

/** A plant's sensors: the plant detail's power flow and today's energy, the lifetime PV energy, the alarm badge. */
export const PLANT_SENSORS: readonly SensorSpec<PlantSnapshot>[] = [
  { key: 'pv_power', name: 'PV power', ...W, value: (s) => s.overview.power.pvPowerW },
  { key: 'load_power', name: 'Load power', ...W, value: (s) => s.overview.power.loadPowerW },
  { key: 'grid_import_power', name: 'Grid import power', ...W, value: (s) => positive(s.overview.power.gridPowerW) },
  { key: 'grid_export_power', name: 'Grid export power', ...W, value: (s) => negative(s.overview.power.gridPowerW) },
  {
    key: 'battery_charge_power',
    name: 'Battery charge power',
    ...W,
    battery: true,
    value: (s) => negative(s.overview.power.batPowerW),
  },
  {
    key: 'battery_discharge_power',
    name: 'Battery discharge power',
    ...W,
    battery: true,
    value: (s) => positive(s.overview.power.batPowerW),
  },
  { key: 'battery_soc', name: 'Battery SOC', ...PCT, value: (s) => s.overview.power.batSocPct },
  { key: 'pv_energy_today', name: 'PV energy today', ...KWH, value: (s) => s.overview.energyToday.pvKwh },
  { key: 'load_energy_today', name: 'Load energy today', ...KWH, value: (s) => s.overview.energyToday.loadKwh },
  {
    key: 'grid_import_energy_today',
    name: 'Grid import energy today',
    ...KWH,
    value: (s) => s.overview.energyToday.gridImportKwh,
  },
  {
    key: 'grid_export_energy_today',
    name: 'Grid export energy today',
    ...KWH,
    value: (s) => s.overview.energyToday.gridExportKwh,
  },
  {
    key: 'battery_charge_energy_today',
    name: 'Battery charge energy today',
    ...KWH,
    battery: true,
    value: (s) => s.overview.energyToday.batChargeKwh,
  },
  {
    key: 'battery_discharge_energy_today',
    name: 'Battery discharge energy today',
    ...KWH,
    battery: true,
    value: (s) => s.overview.energyToday.batDischargeKwh,
  },
  {
    key: 'pv_energy_total',
    name: 'PV energy total',
    ...KWH,
    value: (s) => s.savings?.periods.total.pvKwh ?? null,
  },
  {
    key: 'active_alarms',
    name: 'Active alarms',
    stateClass: 'measurement',
    icon: 'mdi:alert-circle-outline',
    value: (s) => s.plant.activeAlarms.count,
  },
];

/** A device's sensors: the device list's live values and alarm badge. */
export const DEVICE_SENSORS: readonly SensorSpec<DeviceListItem>[] = [
  { key: 'pv_power', name: 'PV power', ...W, value: (d) => d.latest?.pvPowerW ?? null },
  { key: 'load_power', name: 'Load power', ...W, value: (d) => d.latest?.loadPowerW ?? null },
  {
    key: 'grid_power',
    name: 'Grid power',
    ...W,
    icon: 'mdi:transmission-tower',
    value: (d) => d.latest?.gridPowerW ?? null,
  },
  { key: 'battery_power', name: 'Battery power', ...W, battery: true, value: (d) => d.latest?.batPowerW ?? null },
  { key: 'battery_soc', name: 'Battery SOC', ...PCT, value: (d) => d.latest?.batSocPct ?? null },
  { key: 'pv_energy_today', name: 'PV energy today', ...KWH, value: (d) => d.latest?.pvEnergyTodayKwh ?? null },
  {
    key: 'active_alarms',
    name: 'Active alarms',
    stateClass: 'measurement',
    icon: 'mdi:alert-circle-outline',
    value: (d) => d.activeAlarms.count,
  },
];

/**
 * Whether a plant has a battery: a battery device, or a battery figure in its power flow or today's energy. A plant
 * without one gets no battery sensors.
 */
export function plantHasBattery(s: PlantSnapshot): boolean {
  const { power, energyToday } = s.overview;
  return (
    (s.devices?.some((d) => d.kind === 'battery') ?? false) ||
    power.batSocPct !== null ||
    power.batPowerW !== null ||
    energyToday.batChargeKwh > 0 ||
    energyToday.batDischargeKwh > 0
  );
}

/**
 * The keys of the sensors a plant has now: the power and energy figures once it has a device (a plant without any
 * has no power flow at all), the battery figures with a battery, the alarm count always, the lifetime PV energy when
 * the key may read it.
 */
export function plantSensorKeys(s: PlantSnapshot): string[] {
  const battery = plantHasBattery(s);
  return PLANT_SENSORS.filter((spec) => {
    if (spec.key === 'active_alarms') return true;
    if (s.plant.deviceCount === 0) return false;
    if (spec.key === 'pv_energy_total') return s.savings !== undefined;
    return !spec.battery || battery;
  }).map((spec) => spec.key);
}

/** The keys of the sensors a device has now: a value it reported (the alarm count always). */
export function deviceSensorKeys(d: DeviceListItem): string[] {
  return DEVICE_SENSORS.filter((spec) => spec.key === 'active_alarms' || spec.value(d) !== null).map(
    (spec) => spec.key,
  );
}

/** The state of a node: one JSON object, one member per sensor key (null: unknown). */
export function stateOf<S>(
  specs: readonly SensorSpec<S>[],
  keys: Iterable<string>,
  s: S,
): Record<string, number | null> {
  const wanted = new Set(keys);
  return Object.fromEntries(specs.filter((spec) => wanted.has(spec.key)).map((spec) => [spec.key, spec.value(s)]));
}
