import { screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { AlarmRow } from '@voltfleet/domain/alarms';
import type { Lang } from '@voltfleet/domain/i18n';
import { renderWithProviders, testMe } from '@/test/render';
import { ActiveAlarms } from './active-alarms';
import { AlarmBadge, activeAlarmSearchPath } from './alarm-badge';

const SEARCH = ['C', 'C/A'];

function alarm(id: number, fields: Partial<AlarmRow> = {}): AlarmRow {
  return {
    id,
    code: 'grid.voltageHigh',
    deviceCode: 4,
    group: 'grid',
    severity: 'major',
    state: 'active',
    name: 'Grid voltage high',
    deviceId: 7,
    sn: 'VF5K24000101',
    plantId: 3,
    plantName: 'Praha roof',
    timeZone: 'Europe/Prague',
    raisedAt: '2026-03-03T22:30:00.000Z',
    lastSeenAt: '2026-03-03T22:45:00.000Z',
    recoveredAt: null,
    flapping: false,
    flaps: 0,
    acknowledgedAt: null,
    acknowledgedBy: null,
    ackNote: null,
    ...fields,
  };
}

const renderIn = (ui: ReactElement, permissions: string[], lang: Lang = 'en') =>
  renderWithProviders(<MemoryRouter>{ui}</MemoryRouter>, { me: testMe(permissions), lang });

describe('alarm badge', () => {
  it('shows the count on the colour of the most severe alarm and opens the alarm search', async () => {
    await renderIn(
      <AlarmBadge
        alarms={{ count: 3, maxSeverity: 'critical' }}
        searchPath={activeAlarmSearchPath({ deviceId: 7 })}
        testId="badge"
      />,
      SEARCH,
    );
    const badge = screen.getByTestId('badge');
    expect(badge).toHaveTextContent('3');
    expect(badge).toHaveClass('alarm-badge-critical');
    expect(badge).toHaveAccessibleName('3 active alarms, most severe: Critical');
    expect(badge).toHaveAttribute('href', '/alarmCenter/alarmSearch?deviceId=7&state=active');
  });

  it.each([
    ['en', 1, 'minor', '1 active alarm, most severe: Minor'],
    ['cs', 3, 'major', '3 aktivní alarmy, nejzávažnější: Závažný'],
    ['de', 2, 'warning', '2 aktive Alarme, höchster Schweregrad: Warnung'],
    ['zh', 2, 'major', '2 条当前告警，最高级别：重要'],
  ] as const)('says what it counts in %s', async (lang, count, maxSeverity, label) => {
    await renderIn(
      <AlarmBadge alarms={{ count, maxSeverity }} searchPath={activeAlarmSearchPath({ plantId: 3 })} testId="b" />,
      SEARCH,
      lang,
    );
    expect(screen.getByTestId('b')).toHaveAccessibleName(label);
    expect(screen.getByTestId('b')).toHaveClass(`alarm-badge-${maxSeverity}`);
    expect(screen.getByTestId('b')).toHaveAttribute('href', '/alarmCenter/alarmSearch?plantId=3&state=active');
  });

  it('is no link for a user who may not open the alarm search, and a dash without alarms', async () => {
    await renderIn(
      <>
        <AlarmBadge alarms={{ count: 2, maxSeverity: 'major' }} searchPath="/x" testId="some" />
        <AlarmBadge alarms={{ count: 0, maxSeverity: null }} searchPath="/x" testId="none" />
      </>,
      ['B', 'B/A'],
    );
    expect(screen.getByTestId('some').tagName).toBe('SPAN');
    expect(screen.getByTestId('some')).toHaveTextContent('2');
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByTestId('none')).toHaveTextContent('—');
    expect(screen.getByTestId('none')).toHaveAccessibleName('No active alarms');
  });
});

describe('active alarms of a detail page', () => {
  it('lists each alarm with its severity, name, device and plant time, and links to the search', async () => {
    await renderIn(
      <ActiveAlarms
        alarms={[alarm(1, { severity: 'critical', name: 'Relay fault' }), alarm(2, { sn: 'VFBAT24000101' })]}
        total={5}
        failed={false}
        searchPath={activeAlarmSearchPath({ plantId: 3 })}
        showDevice
        testId="alarms"
      />,
      SEARCH,
    );
    const section = screen.getByTestId('alarms');
    expect(within(section).getByRole('heading')).toHaveTextContent('5 active alarms');
    const items = screen.getAllByTestId('alarms-item');
    expect(items.map((i) => i.textContent)).toEqual([
      'CriticalRelay faultVF5K24000101since 2026-03-03 23:30:00 UTC+1',
      'MajorGrid voltage highVFBAT24000101since 2026-03-03 23:30:00 UTC+1',
    ]);
    const more = screen.getByTestId('alarms-search');
    expect(more).toHaveTextContent('3 more in the alarm search');
    expect(more).toHaveAttribute('href', '/alarmCenter/alarmSearch?plantId=3&state=active');
  });

  it('says so when there are none, while loading and when loading failed', async () => {
    const props = { total: undefined, searchPath: '/x', testId: 'alarms' };
    const { rerender } = await renderIn(<ActiveAlarms alarms={[]} failed={false} {...props} />, SEARCH, 'de');
    expect(screen.getByTestId('alarms')).toHaveTextContent('Aktive AlarmeKeine aktiven Alarme');
    expect(screen.queryByTestId('alarms-search')).toBeNull();
    rerender(
      <MemoryRouter>
        <ActiveAlarms alarms={undefined} failed={false} {...props} />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('alarms')).toHaveTextContent('Aktive Alarme werden geladen…');
    rerender(
      <MemoryRouter>
        <ActiveAlarms alarms={undefined} failed {...props} />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('alarms')).toHaveTextContent('Die aktiven Alarme konnten nicht geladen werden.');
  });
});
