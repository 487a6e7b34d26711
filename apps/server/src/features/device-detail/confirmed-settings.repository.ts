import type { ConfirmedSetting } from '@voltfleet/domain/telemetry';
import type { Queryable } from '../../db/db.js';

/** The settings the device detail shows as the device last confirmed them (R3.3). */
export const CONFIRMED_SETTING_KEYS = ['gridConnectionLimitW', 'socLowerLimitPct'] as const;
export type ConfirmedSettingKey = (typeof CONFIRMED_SETTING_KEYS)[number];
export type ConfirmedSettings = Partial<Record<ConfirmedSettingKey, ConfirmedSetting>>;

/**
 * The value each of these settings last had when a parameter command succeeded: the device's read-back, kept per
 * setting by the commands feature (`device_parameters`, the one place a confirmed setting lands), with its time.
 */
export async function confirmedSettings(db: Queryable, deviceId: number): Promise<ConfirmedSettings> {
  const { rows } = await db.query<{ key: ConfirmedSettingKey; value: number; reported_at: Date }>(
    `SELECT key, value, reported_at FROM device_parameters WHERE device_id = $1 AND key = ANY($2::text[])`,
    [deviceId, [...CONFIRMED_SETTING_KEYS]],
  );
  return Object.fromEntries(
    rows.map((r) => [r.key, { value: r.value, confirmedAt: r.reported_at.toISOString() }]),
  ) as ConfirmedSettings;
}
