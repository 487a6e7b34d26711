import { READING_MAX_AGE_MS } from '@voltfleet/domain/telemetry';
import { describe, expect, it } from 'vitest';
import { loadConfig, MIN_COMPACT_AFTER_DAYS, MIN_RETENTION_MONTHS } from './config.js';
import { retentionCutoff } from './features/telemetry/retention.js';

describe('READINGS_COMPACT_AFTER_DAYS', () => {
  it('compacts after 7 days by default; off keeps readings raw; whole days from 2 to 3650 otherwise', () => {
    expect(loadConfig({}).readingsCompactAfterDays).toBe(7);
    expect(loadConfig({ READINGS_COMPACT_AFTER_DAYS: '' }).readingsCompactAfterDays).toBe(7);
    expect(loadConfig({ READINGS_COMPACT_AFTER_DAYS: 'off' }).readingsCompactAfterDays).toBeNull();
    expect(loadConfig({ READINGS_COMPACT_AFTER_DAYS: '2' }).readingsCompactAfterDays).toBe(MIN_COMPACT_AFTER_DAYS);
    expect(loadConfig({ READINGS_COMPACT_AFTER_DAYS: '3650' }).readingsCompactAfterDays).toBe(3650);
  });

  it.each(['0', '1', '3651', '7.5', '-7', ' 7', '1e3', 'seven'])('refuses %j at start', (raw) => {
    expect(() => loadConfig({ READINGS_COMPACT_AFTER_DAYS: raw })).toThrow(/READINGS_COMPACT_AFTER_DAYS/);
  });
});

describe('READINGS_RETENTION_MONTHS', () => {
  it('keeps 24 months by default; off or 0 keeps every reading; a whole number of months otherwise', () => {
    expect(loadConfig({}).readingsRetentionMonths).toBe(24);
    expect(loadConfig({ READINGS_RETENTION_MONTHS: '' }).readingsRetentionMonths).toBe(24);
    expect(loadConfig({ READINGS_RETENTION_MONTHS: 'off' }).readingsRetentionMonths).toBeNull();
    expect(loadConfig({ READINGS_RETENTION_MONTHS: '0' }).readingsRetentionMonths).toBeNull();
    expect(loadConfig({ READINGS_RETENTION_MONTHS: '36' }).readingsRetentionMonths).toBe(36);
    expect(loadConfig({ READINGS_RETENTION_MONTHS: '2' }).readingsRetentionMonths).toBe(2);
  });

  it.each(['1', '-3', '24.5', '2y', ' 24', '1e2', 'forever', '0x18', '1201', 'OFF'])('refuses "%s" at start', (raw) => {
    expect(() => loadConfig({ READINGS_RETENTION_MONTHS: raw })).toThrow(
      `READINGS_RETENTION_MONTHS must be off (or 0: keep every reading) or a whole number of months from 2 to 1200, got "${raw}"`,
    );
  });

  it('refuses a demo history reaching before the window (the purge would drop months under the seeder)', () => {
    expect(loadConfig({ DEMO_FLEET: 'on', DEMO_HISTORY_DAYS: '395' }).readingsRetentionMonths).toBe(24);
    expect(
      loadConfig({ DEMO_FLEET: 'on', DEMO_HISTORY_DAYS: '1000', READINGS_RETENTION_MONTHS: 'off' }).demoHistoryDays,
    ).toBe(1000);
    expect(loadConfig({ DEMO_HISTORY_DAYS: '1000' }).demoHistoryDays).toBe(1000);
    expect(() => loadConfig({ DEMO_FLEET: 'on', DEMO_HISTORY_DAYS: '395', READINGS_RETENTION_MONTHS: '12' })).toThrow(
      'DEMO_HISTORY_DAYS=395 reaches before the readings retention window (READINGS_RETENTION_MONTHS=12 keeps at least 336 days)',
    );
  });

  it('the shortest window always starts before the oldest reading the device link accepts', () => {
    // Every day of four years, at the start and the end of the day: the cut-off is older than 35 days.
    for (let day = 0; day < 4 * 366; day++)
      for (const ms of [0, 86_399_999]) {
        const now = Date.UTC(2026, 0, 1) + day * 86_400_000 + ms;
        expect(retentionCutoff(MIN_RETENTION_MONTHS, now)).toBeLessThan(now - READING_MAX_AGE_MS);
      }
  });
});

describe('retentionCutoff', () => {
  it('is the first instant of the UTC month that many months before now', () => {
    expect(new Date(retentionCutoff(24, Date.UTC(2026, 10, 27, 3, 15))).toISOString()).toBe('2024-11-01T00:00:00.000Z');
    expect(new Date(retentionCutoff(24, Date.UTC(2026, 0, 1, 0, 0))).toISOString()).toBe('2024-01-01T00:00:00.000Z');
    expect(new Date(retentionCutoff(2, Date.UTC(2026, 1, 28, 23, 59))).toISOString()).toBe('2025-12-01T00:00:00.000Z');
  });
});

describe('DEMO_REPORT_SECONDS', () => {
  it('is unset by default (the inverters keep their own 30–60 s) and a whole number of seconds otherwise', () => {
    expect(loadConfig({}).demoReportSeconds).toBeUndefined();
    expect(loadConfig({ DEMO_REPORT_SECONDS: '' }).demoReportSeconds).toBeUndefined();
    expect(loadConfig({ DEMO_REPORT_SECONDS: '2' }).demoReportSeconds).toBe(2);
  });

  it.each(['0', '-1', '1.5', 'fast'])('refuses "%s" at start', (raw) => {
    expect(() => loadConfig({ DEMO_REPORT_SECONDS: raw })).toThrow(
      `DEMO_REPORT_SECONDS must be a whole number of at least 1, got "${raw}"`,
    );
  });
});

describe('alarm debounce and recovery by severity', () => {
  it('scales minor and warning times from the base, and takes each severity’s own where given', () => {
    expect(loadConfig({}).alarmRules.bySeverity).toEqual({
      critical: { debounceMs: 60_000, recoverMs: 120_000 },
      major: { debounceMs: 60_000, recoverMs: 120_000 },
      minor: { debounceMs: 300_000, recoverMs: 300_000 },
      warning: { debounceMs: 900_000, recoverMs: 600_000 },
    });
    const zero = loadConfig({ ALARM_DEBOUNCE_SECONDS: '0', ALARM_RECOVER_SECONDS: '0' }).alarmRules.bySeverity;
    expect(Object.values(zero ?? {})).toEqual(Array(4).fill({ debounceMs: 0, recoverMs: 0 }));
    const own = loadConfig({ ALARM_DEBOUNCE_SECONDS_WARNING: '1800', ALARM_RECOVER_SECONDS_CRITICAL: '30' });
    expect(own.alarmRules.bySeverity?.warning).toEqual({ debounceMs: 1_800_000, recoverMs: 600_000 });
    expect(own.alarmRules.bySeverity?.critical).toEqual({ debounceMs: 60_000, recoverMs: 30_000 });
  });

  it.each(['-1', '1.5', 'soon'])('refuses "%s" at start', (raw) => {
    expect(() => loadConfig({ ALARM_DEBOUNCE_SECONDS_MINOR: raw })).toThrow('ALARM_DEBOUNCE_SECONDS_MINOR');
  });
});

describe('SMS_BUDGET_*', () => {
  it('has sensible defaults and takes whole numbers of at least 1', () => {
    expect(loadConfig({}).delivery.smsBudget).toEqual({
      perNumberPerDay: 10,
      perClientPerHour: 5,
      platformPerHour: 300,
    });
    expect(
      loadConfig({
        SMS_BUDGET_PER_NUMBER_PER_DAY: '3',
        SMS_BUDGET_PER_CLIENT_PER_HOUR: '2',
        SMS_BUDGET_PLATFORM_PER_HOUR: '1000',
      }).delivery.smsBudget,
    ).toEqual({ perNumberPerDay: 3, perClientPerHour: 2, platformPerHour: 1000 });
    expect(() => loadConfig({ SMS_BUDGET_PLATFORM_PER_HOUR: '0' })).toThrow(/SMS_BUDGET_PLATFORM_PER_HOUR/);
  });
});

describe('the Home Assistant bridge (ROLES=bridge, HA_*)', () => {
  const base = { ROLES: 'bridge', HA_MQTT_URL: 'mqtt://ha:pw@homeassistant.local:1883', HA_API_KEY: 'vf_key' };

  it('is off without the role, whatever HA_* say', () => {
    expect(loadConfig({}).haBridge).toBeUndefined();
    expect(loadConfig({ HA_POLL_SECONDS: 'nonsense' }).haBridge).toBeUndefined();
  });

  it('defaults: this process on loopback, homeassistant discovery, voltfleet topics, every 30 s', () => {
    expect(loadConfig({ ...base, PORT: '9090' }).haBridge).toEqual({
      mqttUrl: base.HA_MQTT_URL,
      apiKey: 'vf_key',
      apiUrl: 'http://127.0.0.1:9090',
      discoveryPrefix: 'homeassistant',
      topicPrefix: 'voltfleet',
      pollSeconds: 30,
    });
    const set = loadConfig({
      ...base,
      ROLES: 'http,bridge',
      HA_API_URL: 'https://portal.example.com/',
      HA_DISCOVERY_PREFIX: 'ha/discovery',
      HA_TOPIC_PREFIX: 'vf',
      HA_POLL_SECONDS: '5',
    }).haBridge;
    expect(set).toMatchObject({
      apiUrl: 'https://portal.example.com',
      discoveryPrefix: 'ha/discovery',
      topicPrefix: 'vf',
      pollSeconds: 5,
    });
  });

  it('needs the broker and the key', () => {
    expect(() => loadConfig({ ROLES: 'bridge', HA_API_KEY: 'k' })).toThrow(/ROLES=bridge needs HA_MQTT_URL/);
    expect(() => loadConfig({ ROLES: 'bridge', HA_MQTT_URL: base.HA_MQTT_URL })).toThrow(/needs HA_API_KEY/);
    expect(() => loadConfig({ ...base, HA_API_KEY: 'two words' })).toThrow(/HA_API_KEY/);
  });

  it.each(['homeassistant.local:1883', 'http://host:1883', 'mqtt://', 'not a url'])('refuses HA_MQTT_URL %j', (raw) => {
    expect(() => loadConfig({ ...base, HA_MQTT_URL: raw })).toThrow(/HA_MQTT_URL must be/);
  });

  it('never shows the broker password in its error', () => {
    expect(() => loadConfig({ ...base, HA_MQTT_URL: 'http://ha:s3cret@host' })).toThrow(/ha:\*\*\*@host/);
    expect(() => loadConfig({ ...base, HA_MQTT_URL: 'http://ha:s3cret@host' })).not.toThrow(/s3cret/);
  });

  it.each(['ftp://portal', 'portal:8080'])('refuses HA_API_URL %j', (raw) => {
    expect(() => loadConfig({ ...base, HA_API_URL: raw })).toThrow(/HA_API_URL must be/);
  });

  it.each(['4', '3601', '7.5', '-30', ' 30', '1e2', 'often'])('refuses HA_POLL_SECONDS %j', (raw) => {
    expect(() => loadConfig({ ...base, HA_POLL_SECONDS: raw })).toThrow(
      `HA_POLL_SECONDS must be a whole number of seconds from 5 to 3600, got "${raw}"`,
    );
  });

  it.each(['ha/#', 'ha/+/x', '/ha', 'ha/', 'a//b', '$SYS', 'has space'])('refuses the topic prefix %j', (raw) => {
    expect(() => loadConfig({ ...base, HA_DISCOVERY_PREFIX: raw })).toThrow(/HA_DISCOVERY_PREFIX must be/);
    expect(() => loadConfig({ ...base, HA_TOPIC_PREFIX: raw })).toThrow(/HA_TOPIC_PREFIX must be/);
  });

  it('names the roles when one is unknown', () => {
    expect(() => loadConfig({ ROLES: 'http,homeassistant' })).toThrow(
      'ROLES: unknown role "homeassistant" (roles: http, ingest, osim, jobs, bridge)',
    );
  });
});
