// Layout selection: for a device's PCU version, each command uses the newest layout version ≤ that version.
import { fail, ok, type OsimResult } from './errors.js';
import type { CommandDef, VersionLayout } from './layout.js';
import { UPGRADE_LAYOUT_V0 } from './tables/upgrade-v0.js';
import { UPGRADE_LAYOUT_V400 } from './tables/upgrade-v400.js';
import { LAYOUT_V0 } from './tables/v0.js';
import { LAYOUT_V252 } from './tables/v252.js';
import { LAYOUT_V258 } from './tables/v258.js';
import { LAYOUT_V259 } from './tables/v259.js';
import { LAYOUT_V500 } from './tables/v500.js';
import { LAYOUT_V603 } from './tables/v603.js';

/** OSIM layouts, oldest first. */
export const OSIM_LAYOUTS: readonly VersionLayout[] = [
  LAYOUT_V0,
  LAYOUT_V252,
  LAYOUT_V258,
  LAYOUT_V259,
  LAYOUT_V500,
  LAYOUT_V603,
];
/** Firmware upgrade command layouts, oldest first. */
export const UPGRADE_LAYOUTS: readonly VersionLayout[] = [UPGRADE_LAYOUT_V0, UPGRADE_LAYOUT_V400];

export const OSIM_VERSIONS: readonly number[] = OSIM_LAYOUTS.map((l) => l.version);

/** The identification query every device answers, whatever its version. */
export const SYSTEM_INFO_COMMAND = '98';

/** Devices reporting these PCU versions use the 601 layouts (community practice). */
const VERSION_ALIASES: ReadonlyMap<number, number> = new Map([
  [991, 601],
  [998, 601],
]);

/** The version used to pick layouts for a device's reported PCU version. */
export function effectiveVersion(pcuVersion: number): number {
  return VERSION_ALIASES.get(pcuVersion) ?? pcuVersion;
}

const validVersion = (v: number) => Number.isInteger(v) && v >= 0 && v <= 0xffff;

function resolveIn(layouts: readonly VersionLayout[], code: string, pcuVersion: number): OsimResult<CommandDef> {
  const wanted = code.toUpperCase();
  if (!validVersion(pcuVersion)) return fail({ code: 'INVALID_VALUE', field: 'pcuVersion', value: String(pcuVersion) });
  const version = effectiveVersion(pcuVersion);
  let found: CommandDef | undefined;
  for (const layout of layouts) {
    if (layout.version > version) break;
    found = layout.commands.find((c) => c.code === wanted) ?? found;
  }
  return found ? ok(found) : fail({ code: 'UNKNOWN_COMMAND', command: wanted, version: pcuVersion });
}

/** The layout of an OSIM command for a device's PCU version. */
export function resolveCommand(code: string, pcuVersion: number): OsimResult<CommandDef> {
  return resolveIn(OSIM_LAYOUTS, code, pcuVersion);
}

/** The layout of a firmware upgrade command for a device's PCU version. */
export function resolveUpgradeCommand(code: string, pcuVersion: number): OsimResult<CommandDef> {
  return resolveIn(UPGRADE_LAYOUTS, code, pcuVersion);
}

/** Every OSIM command a device of this version knows, each in its newest applicable layout, sorted by code. */
export function commandsFor(pcuVersion: number): CommandDef[] {
  if (!validVersion(pcuVersion)) return [];
  const version = effectiveVersion(pcuVersion);
  const byCode = new Map<string, CommandDef>();
  for (const layout of OSIM_LAYOUTS) {
    if (layout.version > version) break;
    for (const command of layout.commands) byCode.set(command.code, command);
  }
  return [...byCode.values()].sort((a, b) => a.code.localeCompare(b.code));
}

/**
 * The queries to poll a device of this version with: 98 (identification) plus the newest layout's query set. A
 * query whose reply comes as several frames (99 → 99, 9A, 9B, 9C) is listed once.
 */
export function pollingCommands(pcuVersion: number): string[] {
  if (!validVersion(pcuVersion)) return [SYSTEM_INFO_COMMAND];
  const version = effectiveVersion(pcuVersion);
  let queries: readonly string[] = [];
  for (const layout of OSIM_LAYOUTS) {
    if (layout.version > version) break;
    if (layout.queryCommands.length > 0) queries = layout.queryCommands;
  }
  return [SYSTEM_INFO_COMMAND, ...queries.filter((q) => q !== SYSTEM_INFO_COMMAND)];
}
