import { describe, expect, it } from 'vitest';
import { DEVICE_KINDS, RUNNING_STATUSES } from '@voltfleet/domain/devices';
import { POWER_SIGNS } from '@voltfleet/domain/device-list';
import { TEXTS } from '@/test/texts';

const en = TEXTS.en;

// The device list builds these keys from values (t(`devices.status.${status}`)), out of reach of the literal-key
// check in locales.test.ts; that test then holds the other languages to English.
const keys = [
  ...DEVICE_KINDS.map((kind) => `kinds.${kind}`),
  ...RUNNING_STATUSES.map((status) => `status.${status}`),
  ...['open', 'connecting', 'closed'].map((state) => `live.${state}`),
  ...Object.keys(POWER_SIGNS).map((key) => `powerSign.${key}`),
  ...Object.values(POWER_SIGNS).flatMap((sign) => [`flow.${sign.positive}`, `flow.${sign.negative}`]),
];

describe('device list messages', () => {
  it.each(keys)('devices.%s exists in English', (key) => {
    const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], en.devices);
    expect(typeof value).toBe('string');
  });
});
