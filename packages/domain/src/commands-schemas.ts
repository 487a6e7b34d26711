// The schemas of commands.ts, apart from its constants: a page that only reads those does not load zod.
import { z } from 'zod';
import { WEEKLY_FORCED_CHARGING } from './devices.js';
import { optionSchema } from './devices-schemas.js';
import { tariffCommandSchema } from './tariff-command-schemas.js';
import { COMMAND_STATUSES } from './command-lifecycle.js';
import { COMMAND_MAX_DEVICES } from './command-devices.js';
import { COMMAND_KINDS, COMMAND_CATEGORIES } from './commands.js';

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

const optionalTime = z.string().regex(TIME, 'validation.invalidValue').optional();

export const forcedChargingSchema = z.strictObject({
  mode: optionSchema(WEEKLY_FORCED_CHARGING),
  chargeDays: z.array(z.boolean()).length(7, 'validation.invalidValue'),
  dischargeDays: z.array(z.boolean()).length(7, 'validation.invalidValue'),
  chargeStart: optionalTime,
  chargeEnd: optionalTime,
  dischargeStart: optionalTime,
  dischargeEnd: optionalTime,
});

export type ForcedCharging = z.infer<typeof forcedChargingSchema>;

export const issueCommandSchema = z.strictObject({
  deviceIds: z
    .array(z.number().int().positive().max(2_147_483_647), 'command.selectDevice')
    .min(1, 'command.selectDevice')
    .max(COMMAND_MAX_DEVICES, 'validation.exceedsLimit'),
  kind: z.enum(COMMAND_KINDS, 'validation.invalidValue'),
  value: z.number('validation.invalidValue').finite().optional(),
  forcedCharging: forcedChargingSchema.optional(),
  /** The day plan of a tariff-periods command. */
  tariff: tariffCommandSchema.optional(),
  /** Explicit confirmation of a large selection. */
  confirm: z.boolean().optional(),
  /** The user's password again, RSA-encrypted like at login (shutdown). */
  password: z.string().max(2048).optional(),
  /** Same key from the same user returns the same commands: a double click sends once. */
  idempotencyKey: z
    .string()
    .min(8, 'validation.invalidValue')
    .max(64, 'validation.tooLong')
    .regex(/^[\w-]+$/),
});

export type IssueCommand = z.infer<typeof issueCommandSchema>;

/** What checkSetting reads of a command. */
export type SettingInput = Pick<IssueCommand, 'kind' | 'value' | 'forcedCharging' | 'tariff'>;

/** A command as the command-issue page and the control records show it. */
export const commandSchema = z.object({
  id: z.number().int(),
  deviceId: z.number().int(),
  deviceSn: z.string(),
  plantName: z.string().nullable(),
  /** The zone of the device's plant: a clock sync's time is read on the plant's wall clock (null: no plant, UTC). */
  plantTimeZone: z.string().nullable(),
  userId: z.number().int().nullable(),
  username: z.string(),
  /** The client address the command was sent from (null on commands sent before addresses were kept). */
  ip: z.string().nullable(),
  kind: z.enum(COMMAND_KINDS),
  category: z.enum(COMMAND_CATEGORIES),
  parameters: z.record(z.string(), z.number()),
  status: z.enum(COMMAND_STATUSES),
  reason: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  ackedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  expiresAt: z.string(),
});

export type Command = z.infer<typeof commandSchema>;

/** What the command form needs to know before it sends: above `batchLimit` devices it asks for a confirmation. */
export const commandLimitsSchema = z.object({ batchLimit: z.number().int().positive() });

export type CommandLimits = z.infer<typeof commandLimitsSchema>;
