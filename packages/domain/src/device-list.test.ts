import { describe, expect, it } from 'vitest';
import { DEVICE_LIVE_FIELDS, DEVICE_LIVE_KEYS, roundLiveValue } from './device-list.js';
import { fieldByKey, roundToField } from './telemetry/fields.js';

describe('device list live fields', () => {
  it.each(DEVICE_LIVE_KEYS)('%s is the catalogue’s own entry', (key) => {
    const { group, ...entry } = fieldByKey(key);
    expect(group).toBeTruthy();
    expect(DEVICE_LIVE_FIELDS[key]).toEqual(entry);
    for (const value of [0, -1234.56, 55.349, 3.215]) expect(roundLiveValue(key, value)).toBe(roundToField(key, value));
  });
});
