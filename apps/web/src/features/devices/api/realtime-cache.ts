import {
  FIELD_GROUPS,
  FIELDS_BY_GROUP,
  roundToField,
  type DeviceDetail,
  type DeviceRealtime,
} from '@voltfleet/domain/telemetry';
import { type LiveMessage } from '@voltfleet/domain/device-list';

/**
 * The real-time tab's data with a pushed reading applied: a newer reading of this device becomes the newest one
 * (its values, null for what it did not carry); a group appears once the device reports one of its values. A
 * battery's values are its source inverter's: that device's readings apply, to the groups shown alone. Anything
 * else returns the same object, so nothing re-renders.
 */
export function applyLiveReading(realtime: DeviceRealtime, message: LiveMessage, deviceId: number): DeviceRealtime {
  if (message.type !== 'reading' || message.deviceId !== (realtime.source?.id ?? deviceId)) return realtime;
  // Readings can arrive late or twice (redelivery): only a newer one replaces what is shown.
  if (realtime.ts && message.ts <= Date.parse(realtime.ts)) return realtime;
  const values: Partial<Record<string, number>> = message.values;
  const groups = FIELD_GROUPS.flatMap((group) => {
    const fields = FIELDS_BY_GROUP[group];
    const shown = realtime.groups.some((g) => g.group === group);
    if (!shown && (realtime.source || !fields.some((f) => values[f.key] !== undefined))) return [];
    return [
      {
        group,
        values: fields.map((f) => {
          const value = values[f.key];
          return {
            key: f.key,
            unit: f.unit,
            decimals: f.decimals,
            value: value === undefined ? null : roundToField(f.key, value),
          };
        }),
      },
    ];
  });
  return { ...realtime, ts: new Date(message.ts).toISOString(), groups };
}

/** The basic info with a pushed status change of this device applied. */
export function applyLiveStatus(detail: DeviceDetail, message: LiveMessage): DeviceDetail {
  if (message.type !== 'deviceStatus' || message.deviceId !== detail.id) return detail;
  return detail.runningStatus === message.status ? detail : { ...detail, runningStatus: message.status };
}
