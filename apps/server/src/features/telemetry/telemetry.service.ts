/**
 * The telemetry feature owns `readings` and the energy rollups (device_energy_*, plant_energy_*), which ingest writes.
 * This is the face other features use to change them; the SQL is in ingest.repository.ts, private to this feature
 * like every repository (eslint.config.js).
 */
export { dropPlantRollups } from './ingest.repository.js';
