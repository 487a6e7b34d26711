/**
 * ESLint refuses the bare domain import (eslint.config.js; which folder may import which is dependency-cruiser's,
 * tried in dependency-rules.test.ts), and every table has one feature that writes it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function problems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${file}` });
  return (result?.messages ?? []).filter((m) => m.ruleId?.endsWith('no-restricted-imports')).map((m) => m.message);
}

describe('the domain imported by context', () => {
  it.each([
    ...[
      'apps/server/src/features/plants/wrong.ts',
      'apps/web/src/features/plants/wrong.tsx',
      'bench/api/wrong.mjs',
      // A file the sheet writer's block leaves out (that block repeats the domain rule for the files it covers).
      'apps/server/src/platform/spreadsheet.ts',
    ].map((file): [string, string, string, RegExp] => [
      `the bare domain package (${file.split('/')[0]})`,
      file,
      "import { PLANT_TYPES } from '@voltfleet/domain';\nexport const x = PLANT_TYPES;\n",
      /@voltfleet\/domain\/<context>/,
    ]),
  ])('refuses %s', async (_what, file, code, message) => {
    const found = await problems(file, code);
    expect(found.length).toBeGreaterThan(0);
    expect(found[0]).toMatch(message);
  });

  it('lets a domain context through', async () => {
    expect(
      await problems(
        'apps/server/src/features/plants/fine.ts',
        "import { PLANT_TYPES } from '@voltfleet/domain/plants';\nexport const x = PLANT_TYPES;\n",
      ),
    ).toEqual([]);
  });
});

describe('table owners', () => {
  const src = fileURLToPath(new URL('../', import.meta.url));
  const sources = readdirSync(src, { recursive: true, encoding: 'utf8' })
    // Tests and their fixtures (test/) set rows up directly; migrations create the tables.
    .filter((f) => f.endsWith('.ts') && !/\.test(-support)?\.ts$/.test(f) && !/^(test|db[/\\]migrations)/.test(f))
    .map((f) => ({ file: f.split(sep).join('/'), text: readFileSync(join(src, f), 'utf8') }));

  /** The tables the migrations create. */
  const migrations = join(src, 'db', 'migrations');
  const createdTables = readdirSync(migrations)
    .filter((f) => f.endsWith('.sql'))
    .flatMap((f) =>
      [
        ...readFileSync(join(migrations, f), 'utf8').matchAll(
          /\bCREATE TABLE\s+(?:IF NOT EXISTS\s+)?([a-z_][a-z0-9_]*)/gi,
        ),
      ].map((m) => m[1]!.toLowerCase()),
    );

  /** A feature's repositories: its SQL lives there (the next test keeps it so). */
  const repositoriesOf = (feature: string) => new RegExp(`^features/${feature}/[a-z-]+\\.repository\\.ts$`);
  /** Every table and the files whose SQL may write it: one owner each (issue 12, point 3). */
  const owners: Record<string, RegExp> = {
    // Only the alarms repositories write them (the engine's writes, and whole alarms of a past the engine did not
    // see); the search and overview read.
    // The platform's own alarms (no data, performance analytics' judged conditions) in platform-alarms.repository.ts.
    alarms: /^features\/alarms\/(past-|platform-)?alarms\.repository\.ts$/,
    alarm_events: /^features\/alarms\/(past-|platform-)?alarms\.repository\.ts$/,
    alarm_faults: /^features\/alarms\/alarms\.repository\.ts$/,
    // Readings on their way to the process that owns their device's alarm state (decision 0028).
    alarm_handoff: /^features\/alarms\/alarm-handoff\.repository\.ts$/,
    captchas: repositoriesOf('auth'),
    login_failures: repositoriesOf('auth'),
    server_secrets: repositoriesOf('auth'),
    sessions: repositoriesOf('auth'),
    used_nonces: repositoriesOf('auth'),
    verification_codes: repositoriesOf('auth'),
    commands: repositoriesOf('commands'),
    // The values a device read back in its answers (the command lifecycle stores them).
    device_parameters: repositoriesOf('commands'),
    devices: /^features\/devices\/device-writes\.repository\.ts$/,
    // Alarm notification rules (Alarm Center, C/C); delivery only reads them.
    notification_rules: repositoriesOf('notifications'),
    notification_rule_plants: repositoriesOf('notifications'),
    notification_rule_users: repositoriesOf('notifications'),
    // What the alarm engine decided (written through the hook notifications hands it) and what is to be sent.
    notification_events: repositoriesOf('notifications'),
    notification_outbox: repositoriesOf('notifications'),
    // The SMS budget every text message is counted against (codes and alarm notices), and its alerts.
    sms_sends: repositoriesOf('notifications'),
    sms_budget_alerts: repositoriesOf('notifications'),
    // The browsers a user subscribed to Web Push (issue 41 point 3).
    push_subscriptions: repositoriesOf('notifications'),
    // In-app messages: every feature that tells a user something calls messages' postMessages.
    messages: repositoriesOf('messages'),
    device_upgrades: repositoriesOf('firmware'),
    firmware_images: repositoriesOf('firmware'),
    operation_records: /^platform\/audit\.repository\.ts$/,
    // Work orders, their images and history (R1.2, shell entry).
    work_orders: repositoriesOf('workorders'),
    work_order_images: repositoriesOf('workorders'),
    work_order_events: repositoriesOf('workorders'),
    upgrade_notices: repositoriesOf('notices'),
    upgrade_notice_dismissals: repositoriesOf('notices'),
    plants: repositoriesOf('plants'),
    plant_users: repositoriesOf('plants'),
    roles: repositoriesOf('roles'),
    plant_scripts: repositoriesOf('scripts'),
    plant_script_versions: repositoriesOf('scripts'),
    plant_script_indicators: repositoriesOf('scripts'),
    plant_script_energy_5m: repositoriesOf('scripts'),
    plant_script_energy_day: repositoriesOf('scripts'),
    plant_script_energy_month: repositoriesOf('scripts'),
    plant_earnings_day: repositoriesOf('tariffs'),
    plant_energy_saving: repositoriesOf('tariffs'),
    tariff_versions: repositoriesOf('tariffs'),
    tariff_periods: repositoriesOf('tariffs'),
    readings: repositoriesOf('telemetry'),
    live_watchers: /^features\/live\/live\.watchers\.repository\.ts$/,
    // Written by the compaction, and made raw again by ingest and retention, all through compaction.repository.ts.
    readings_compact: /^features\/telemetry\/compaction\.repository\.ts$/,
    readings_compact_claims: /^features\/telemetry\/compaction\.repository\.ts$/,
    device_energy_5m: repositoriesOf('telemetry'),
    // Written by the 5-minute values job and marked by the ingest, both through values-5m.repository.ts.
    device_values_5m: /^features\/telemetry\/values-5m\.repository\.ts$/,
    device_values_5m_stale: /^features\/telemetry\/values-5m\.repository\.ts$/,
    device_values_5m_progress: /^features\/telemetry\/values-5m\.repository\.ts$/,
    device_energy_day: repositoriesOf('telemetry'),
    device_energy_month: repositoriesOf('telemetry'),
    plant_energy_5m: repositoriesOf('telemetry'),
    plant_energy_day: repositoriesOf('telemetry'),
    plant_energy_month: repositoriesOf('telemetry'),
    ingest_rejections: repositoriesOf('telemetry'),
    users: repositoriesOf('users'),
    // Avatars (issue 16): the users feature stores the re-encoded image.
    user_avatars: repositoriesOf('users'),
    // A user's own list column choices (issue 15).
    user_table_preferences: repositoriesOf('preferences'),
    report_templates: repositoriesOf('reports'),
    report_exports: repositoriesOf('reports'),
    weather_forecasts: repositoriesOf('weather'),
    // Performance analytics (issue 42): the weather service's daily irradiance is stored with its forecast; the
    // irradiance each plant-day's figures use is chosen by the performance feature.
    weather_irradiance_days: repositoriesOf('weather'),
    plant_irradiance_days: repositoriesOf('performance'),
    // A battery's daily health, read by the battery-health job from the inverter's readings (raw or compacted).
    battery_health_days: repositoriesOf('battery-health'),
    // Kiosk links of the big screens (issue 17).
    kiosk_links: repositoriesOf('bigscreen'),
    api_keys: repositoriesOf('api-keys'),
    // Signed webhooks (issue 40 point 2): subscriptions, their outbox and log, and the device status they last told.
    webhook_subscriptions: repositoriesOf('webhooks'),
    webhook_deliveries: repositoriesOf('webhooks'),
    webhook_attempts: repositoriesOf('webhooks'),
    webhook_device_status: repositoriesOf('webhooks'),
    // Created by the migration runner itself, not by a migration.
    schema_migrations: /^db\/migrate\.ts$/,
  };
  /** Tables nothing writes yet (ingest_rejections: created by 0002_telemetry.sql for counting refused readings). */
  const unwritten = new Set(['ingest_rejections']);

  type Source = { file: string; text: string };
  /**
   * The files whose SQL writes the table: a statement naming it, or a statement on an interpolated table name
   * (`INSERT INTO ${table}`) in a file that names the table in quotes (the rollups are written that way).
   */
  const writersOf = (table: string, files: readonly Source[]) => {
    const write = new RegExp(`\\b(INSERT INTO|UPDATE|DELETE FROM|TRUNCATE(\\s+TABLE)?|COPY)\\s+${table}\\b`, 'i');
    const dynamicWrite = /\b(INSERT INTO|UPDATE|DELETE FROM|TRUNCATE(\s+TABLE)?|COPY)\s+\$\{/i;
    const named = new RegExp(`['"\`]${table}['"\`]`);
    return files
      .filter((s) => write.test(s.text) || (dynamicWrite.test(s.text) && named.test(s.text)))
      .map((s) => s.file);
  };
  /** Every write outside its table's owner, as `table: file`. */
  const strangers = (files: readonly Source[]) =>
    Object.entries(owners)
      .flatMap(([table, owner]) =>
        writersOf(table, files)
          .filter((f) => !owner.test(f))
          .map((f) => `${table}: ${f}`),
      )
      .sort();

  it('names an owner for every table the migrations create', () => {
    expect(createdTables.length).toBeGreaterThan(30);
    expect(createdTables.filter((t) => !(t in owners))).toEqual([]);
    expect(Object.keys(owners).filter((t) => !createdTables.includes(t) && t !== 'schema_migrations')).toEqual([]);
  });

  it.each(Object.keys(owners))('only its owner writes %s', (table) => {
    const writers = writersOf(table, sources);
    expect(writers.length > 0, `${table} is written by ${writers.join(', ') || 'nothing'}`).toBe(!unwritten.has(table));
    expect(writers.filter((f) => !owners[table]!.test(f))).toEqual([]);
  });

  it('finds a write outside the owner (the check can fail)', () => {
    expect(strangers(sources)).toEqual([]);
    const wrong: Source[] = [
      {
        file: 'features/scripts/wrong.repository.ts',
        text: 'await tx.query(`UPDATE plants SET script_active = true WHERE id = $1`, [plantId]);',
      },
      {
        file: 'features/plants/wrong.repository.ts',
        text: "for (const table of ['plant_energy_5m', 'plant_energy_day']) {\n  await db.query(`DELETE FROM ${table} WHERE plant_id = $1`, [id]);\n}",
      },
      { file: 'db/wrong.ts', text: "await tx.query(`INSERT INTO users (username) VALUES ('admin')`);" },
      { file: 'features/alarms/wrong.repository.ts', text: 'await db.query(`UPDATE alarms a SET state = $2`);' },
    ];
    expect(strangers([...sources, ...wrong])).toEqual([
      'alarms: features/alarms/wrong.repository.ts',
      'plant_energy_5m: features/plants/wrong.repository.ts',
      'plant_energy_day: features/plants/wrong.repository.ts',
      'plants: features/scripts/wrong.repository.ts',
      'users: db/wrong.ts',
    ]);
  });

  it('keeps SQL out of the device links: they take interfaces the features implement', () => {
    const sql = /\b(SELECT\s[\s\S]*?\sFROM|INSERT INTO|UPDATE\s+\w+\s+SET|DELETE FROM)\b/;
    expect(sources.filter((s) => s.file.startsWith('link/') && sql.test(s.text)).map((s) => s.file)).toEqual([]);
  });
  it('keeps SQL in repositories (and the database layer): no other source file sends a statement', () => {
    const statement = /\.(query|exec)(<[^(]*>)?\(\s*[`'"]/;
    // Not table access: the live bus is PostgreSQL's LISTEN/NOTIFY transport, /readyz asks the database `SELECT 1`.
    const transports = new Set(['features/live/live.bus.ts', 'platform/observability.ts']);
    const outside = sources
      .filter((s) => !s.file.endsWith('.repository.ts') && !s.file.startsWith('db/') && !transports.has(s.file))
      .filter((s) => statement.test(s.text))
      .map((s) => s.file);
    expect(outside).toEqual([]);
    expect(statement.test('await db.query<{ n: number }>(`SELECT 1`)')).toBe(true);
  });
});
