/** The telemetry feature's front door: what the rest of the server may use of it. */
export { COUNTER_KEYS, columnOf, deltaColumns, rollupColumn } from './columns.js';
export { Ingest } from './ingest.js';
export type { StoredReading } from './ingest.js';
export { startRetentionJob } from './retention.job.js';
export { retentionCutoff } from './retention.js';
export { startCompactionJob } from './compaction.job.js';
export {
  readingColumnOf,
  readingsIn,
  READING_VALUE_COLUMNS,
  type ReadingColumn,
  type ReadingsRange,
} from './readings-source.js';
export { dropPlantRollups } from './ingest.repository.js';
export { startValuesJob } from './values-5m.job.js';
export { VALUES_STEP_MS, historyAggregate, onValuesGrid } from './values-5m.js';
export { valueBins as fiveMinuteBins } from './values-5m.repository.js';
