import type { MessageKey } from '../i18n/catalogue.js';
import type { AlarmGroup, AlarmSeverity } from './alarm-types.js';

// Apart from the groups and severities (alarm-types.ts), which lists and badges read without the catalogue: a module
// that names the catalogue's keys brings its namespace to the page that imports it (the web's texts-coverage test).

/**
 * One alarm of the catalogue: what it is, why it happens and what to do. The texts are in the catalogue's
 * `alarmCatalogue` namespace (decision 0031), keyed by the code: `alarmText.<code>.name`, `.cause`, `.handling`.
 */
export interface AlarmEntry {
  /** Stable code `group.camelCaseName`; stored with every alarm, never renamed. */
  readonly code: string;
  readonly group: AlarmGroup;
  readonly severity: AlarmSeverity;
  readonly name: MessageKey;
  readonly cause: MessageKey;
  /** The alarm's own first steps followed by R8.8's typical handling, or check-first for faults a restart must not mask. */
  readonly handling: MessageKey;
  /** Values of the texts' placeholders: the device's code `n` of an "unknown code N" entry. */
  readonly params?: Readonly<Record<string, number>>;
}

/** Builds a catalogue entry; its texts' keys follow from the code (catalogue.test.ts checks each exists). */
export function alarm(code: string, group: AlarmGroup, severity: AlarmSeverity): AlarmEntry {
  const key = `alarmText.${code}`;
  return {
    code,
    group,
    severity,
    name: `${key}.name` as MessageKey,
    cause: `${key}.cause` as MessageKey,
    handling: `${key}.handling` as MessageKey,
  };
}
