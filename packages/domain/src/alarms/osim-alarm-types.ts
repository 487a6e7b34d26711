/** Battery makers whose BMS warnings OSIM inverters report (0x1E), each in its own block of codes. */
export const OSIM_BMS_MAKERS = [
  'pylonHv',
  'pylonLv',
  'chilwee',
  'alphaEss',
  'shanghaiPower',
  'bydLv',
  'bydHv',
  'generic',
  'soluna',
] as const;
export type OsimBmsMaker = (typeof OSIM_BMS_MAKERS)[number];

/** Level the vendor gives a warning code: 1 a fault, 3 a warning (2 is not used by the reference tables). */
export type OsimAlarmLevel = 1 | 3;

/** One OSIM warning code and the catalogue entry it raises. */
export interface OsimAlarmCode {
  /** The vendor's warning code: 1–80 system faults (0x1F), 81 and above BMS warnings (0x1E). */
  readonly code: number;
  readonly source: 'system' | OsimBmsMaker;
  readonly level: OsimAlarmLevel;
  readonly kind: 'fault' | 'warning';
  /** Code of the catalogue entry (ALARM_CATALOGUE). */
  readonly alarm: string;
  /** The vendor's English description, for diagnostics only; users see the catalogue's texts. */
  readonly label: string;
}
