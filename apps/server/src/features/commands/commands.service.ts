import { randomUUID } from 'node:crypto';
import {
  COMMAND_MAX_DEVICES,
  PASSWORD_COMMANDS,
  checkSetting,
  commandCategory,
  type Command,
  type CommandDeviceFilter,
  type CommandDeviceQuery,
  type CommandDeviceSelection,
  type IssueCommand,
} from '@voltfleet/domain/commands';
import { ratedPowerW, INVERTER_MODEL_NAMES, type InverterModel } from '@voltfleet/domain/devices';
import { type ControlExportQuery, type ControlRecordQuery } from '@voltfleet/domain/records';
import { type Lang } from '@voltfleet/domain/i18n';
import type { Config } from '../../config.js';
import type { Db } from '../../db/db.js';
import type { Caller } from '../../platform/auth.js';
import { AppError, invalid, notFound } from '../../platform/errors.js';
import { subtreePattern } from '../../platform/scope.js';
import { exportControlRecords } from './control-records-export.js';
import { openPasswordBlob, verifyPassword, type LoginKey } from '../auth/index.js';
import {
  commandInScope,
  commandsByKey,
  currentParameters,
  devicesInScope,
  insertCommands,
  listRecords,
  passwordHashOf,
  toCommand,
  type NewCommand,
  type Scope,
  type TargetDevice,
} from './commands.repository.js';
import { pickableDevices, pickableOptions } from './command-devices.repository.js';

// The commands feature owns the `commands` table: firmware upgrades insert their carrying command and end it here.
export { insertUpgradeCommand } from './commands.repository.js';
export { finishCommands } from './lifecycle.repository.js';

export interface CommandDeps {
  db: Db;
  config: Config;
  loginKey: LoginKey;
}

const scopeOf = (caller: Caller): Scope => ({ pattern: subtreePattern(caller), callerId: caller.id });

const ratedOf = (model: string) =>
  (INVERTER_MODEL_NAMES as string[]).includes(model) ? ratedPowerW(model as InverterModel) : 0;

/**
 * Accepts a command for a selection of devices: every device must be in scope (else 404, like a missing one) and an
 * inverter; large selections need the batch permission and an explicit confirmation; a shutdown needs the password
 * again. The same idempotency key from the same user returns the commands it created the first time.
 * Returns the stored commands and the ids that are new (to deliver).
 */
export async function issueCommands(
  deps: CommandDeps,
  caller: Caller,
  body: IssueCommand,
  /** The client address the request came from, kept on each command (control records filter by it). */
  ip: string | null = null,
): Promise<{ commands: Command[]; created: number[] }> {
  const { db, config } = deps;
  const earlier = await commandsByKey(db, caller.id, body.idempotencyKey);
  if (earlier.length > 0) return { commands: earlier.map(toCommand), created: [] };

  const ids = [...new Set(body.deviceIds)];
  const limit = config.commandBatchLimit;
  if (ids.length > limit) {
    if (!caller.permissions.has('B/E:command.batch'))
      throw new AppError('forbidden', 'command.batchForbidden', { limit });
    if (body.confirm !== true) throw invalid('confirm', 'command.confirmRequired', { limit });
  }
  const devices = await devicesInScope(db, scopeOf(caller), ids);
  if (devices.length !== ids.length) throw notFound();
  if (devices.some((d) => d.kind !== 'inverter')) throw invalid('deviceIds', 'validation.invalidValue');

  const commands = await settingsPerDevice(db, body, devices);
  if (PASSWORD_COMMANDS.includes(body.kind)) await checkPassword(deps, caller, body.password);

  const created = await insertCommands(
    db,
    { ...caller, ip },
    body.idempotencyKey,
    config.commandExpiryMinutes,
    commands,
  );
  return { commands: (await commandsByKey(db, caller.id, body.idempotencyKey)).map(toCommand), created };
}

/** The request field that holds a setting's new value (for "Enter a new value"). */
const SETTING_FIELD: Partial<Record<IssueCommand['kind'], string>> = {
  forcedCharging: 'forcedCharging',
  tariffPeriods: 'tariff',
};

/** Checks the setting against each device's model; refuses a change that every device already has. */
async function settingsPerDevice(db: Db, body: IssueCommand, devices: TargetDevice[]): Promise<NewCommand[]> {
  const category = commandCategory(body.kind);
  const commands: NewCommand[] = [];
  for (const device of devices) {
    const checked = checkSetting(body, ratedOf(device.model));
    if (!checked.ok) throw invalid(checked.issue.path, checked.issue.key, { ...checked.issue.params, sn: device.sn });
    commands.push({
      wireId: randomUUID(),
      deviceId: device.id,
      kind: body.kind,
      category,
      parameters: checked.parameters,
    });
  }
  if (category === 'parameter') {
    const current = await currentParameters(
      db,
      devices.map((d) => d.id),
    );
    const unchanged = commands.every((c) =>
      Object.entries(c.parameters).every(([key, value]) => current.get(c.deviceId)?.get(key) === value),
    );
    if (unchanged) throw invalid(SETTING_FIELD[body.kind] ?? 'value', 'command.sameValue');
  }
  return commands;
}

async function checkPassword(deps: CommandDeps, caller: Caller, blob: string | undefined): Promise<void> {
  if (!blob) throw invalid('password', 'command.passwordRequired');
  const password = await openPasswordBlob(deps.db, deps.loginKey, blob, 'password');
  const hash = await passwordHashOf(deps.db, caller.id);
  if (!hash || !(await verifyPassword(hash, password))) throw invalid('password', 'command.passwordWrong');
}

export async function getCommand(db: Db, caller: Caller, id: number): Promise<Command> {
  const row = await commandInScope(db, scopeOf(caller), id);
  if (!row) throw notFound();
  return toCommand(row);
}

export const listControlRecords = (db: Db, caller: Caller, query: ControlRecordQuery) =>
  listRecords(db, scopeOf(caller), query);

/** The filtered control records of the caller's devices as an .xlsx or .csv file in `lang`. */
export const exportControlRecordsOf = (db: Db, caller: Caller, query: ControlExportQuery, lang: Lang) =>
  exportControlRecords(db, scopeOf(caller), query, lang);

/** One page of the inverters the caller may pick, by serial number. */
export async function listCommandDevices(db: Db, caller: Caller, query: CommandDeviceQuery, offlineSeconds: number) {
  const { page, pageSize, ...filter } = query;
  const window = { limit: pageSize, offset: (page - 1) * pageSize };
  const { devices, total } = await pickableDevices(db, scopeOf(caller), filter, offlineSeconds, window);
  return { items: devices, total, page, pageSize };
}

/**
 * "Select all within the filter": every inverter in scope matching it, when there are at most COMMAND_MAX_DEVICES
 * (what one command request may name); above that none, and the page asks for a narrower filter.
 */
export async function selectCommandDevices(
  db: Db,
  caller: Caller,
  filter: CommandDeviceFilter,
  offlineSeconds: number,
): Promise<CommandDeviceSelection> {
  const limit = COMMAND_MAX_DEVICES;
  const found = await pickableDevices(db, scopeOf(caller), filter, offlineSeconds, { limit, offset: 0 });
  return { devices: found.total > limit ? [] : found.devices, total: found.total, limit };
}

export const commandDeviceOptions = (db: Db, caller: Caller) => pickableOptions(db, scopeOf(caller));
