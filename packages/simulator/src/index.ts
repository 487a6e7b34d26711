export { Rng, hash32, hashString, unitHash, valueNoise } from './random.js';
// The sun's geometry and the clear-sky model are the domain's (@voltfleet/domain/solar), not re-exported here.
export {
  ambientTempC,
  cloudCover,
  dayClearness,
  monthlyClearness,
  rainMmPerHour,
  relativeHumidityPct,
  skyAt,
  type Sky,
  type SkySite,
} from './weather.js';
export { CLIMATE, type ClimatePlace, type MonthlyGhi } from './climate.js';
export { LOAD_PROFILES, loadPowerW, profileFactor, type LoadConfig, type LoadProfile } from './load.js';
export { SOH_LOSS_PER_CYCLE, SimBattery, type BatteryConfig } from './battery.js';
export { coversDay, flatTariff, tariffAt, type TariffPeriod } from './tariff.js';
export { dispatch, type DispatchInput, type PowerFlow } from './dispatch.js';
export {
  DEFAULT_PARAMETERS,
  PARAMETER_KEYS,
  checkParameter,
  isParameterKey,
  type InverterParameters,
  type ParameterKey,
  type ParameterRefusal,
  type ParameterResult,
} from './parameters.js';
export {
  NO_FAULTS,
  SIM_FAULTS,
  SIM_WARNINGS,
  backgroundFault,
  faultState,
  simFault,
  type FaultEffect,
  type FaultState,
  type FaultWindow,
  type SimFault,
  type SimFaultKey,
} from './faults.js';
export {
  FaultSchedule,
  GRID_LOSS_CODES,
  morningRainMm,
  type EpisodeScenario,
  type FaultScenario,
  type FaultSite,
  type FlappingScenario,
  type GridLossScenario,
  type StandingScenario,
  type TransientScenario,
  type WetMorningScenario,
} from './fault-scenarios.js';
export { EnergyCounters, addTotals, zeroTotals, type EnergyTotals, type GateMeter } from './counters.js';
export {
  environmentAt,
  skyIrradianceAt,
  type Environment,
  type SiteGeometry,
  type SkyIrradiance,
  type StringsConfig,
} from './environment.js';
export { SOILING_CAP_PCT, WASHING_RAIN_MM, dailyRainMm, isRainyDay, soilingLossPct } from './soiling.js';
export { demoDailySky, demoSkyForPlant, type DailySky, type DailySkySite } from './demo-sky.js';
export { SimInverter, type InverterOptions } from './inverter.js';
export type { InverterSite } from './inverter-state.js';
export { SimFirmware, type UpgradeAnswer, type UpgradeOrder, type UpgradeRefusal } from './firmware-upgrade.js';
export { Fleet, createFleet, type GroundTruth, type TruthSeries } from './fleet.js';
export { runAccelerated, type AcceleratedRun, type AccelerateOptions, type ReadingListener } from './accelerate.js';
export {
  DEMO_DSP_VERSIONS,
  DEMO_HISTORY_DAYS,
  DEMO_LOSSES,
  DEMO_PCU_VERSIONS,
  demoFleetConfig,
  type DemoFleetConfig,
  type DemoUser,
} from './demo-fleet.js';
export { DEMO_PCU_RELEASE, demoFirmwareImages, type DemoFirmwareImage } from './demo-firmware.js';
export { DEMO_FAULT_SCENARIOS } from './demo-faults.js';
export type {
  FleetConfig,
  SimBatteryDeviceConfig,
  SimCollectorConfig,
  SimDeviceConfig,
  SimInverterConfig,
  SimPlantConfig,
} from './config.js';
export { MqttDevice, type MqttDeviceOptions } from './transport/mqtt-device.js';
export { OsimDevice, type OsimDeviceOptions } from './transport/osim-device.js';
export { OsimUpgradeReceiver, readSimulatedImage, simulatedImage } from './transport/osim-upgrade.js';
export { inverterCommands, parseCommand } from './transport/commands.js';
export type { CommandAnswer, DeviceCommand } from '@voltfleet/domain/protocol';
export { connectMqttFleet, type MqttFleet } from './transport/mqtt-fleet.js';
