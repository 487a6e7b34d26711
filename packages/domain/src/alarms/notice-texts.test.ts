import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../languages.js';
import { escapeHtml, plantTime, renderNotice, type AlarmNoticePayload } from './notice-texts.js';

const alarm: AlarmNoticePayload = {
  alarmId: 42,
  event: 'raised',
  code: 'grid.voltageHigh',
  severity: 'major',
  plantName: `<script>alert("x")</script> & Co's`,
  deviceSn: 'SN<1>',
  at: '2026-07-01T10:00:00Z',
  timeZone: 'Europe/Prague',
  ruleName: 'Ops',
};

describe('alarm notice texts', () => {
  it.each(LANGUAGES)('%s: every part names the plant, the HTML part only escaped', (lang) => {
    const r = renderNotice({ kind: 'alarm', payload: alarm }, lang, 'https://p.example/');
    expect(r.text).toContain(alarm.plantName);
    expect(r.html).not.toContain('<script>');
    expect(r.html).toContain(escapeHtml(alarm.plantName));
    expect(r.html).toContain('https://p.example/alarmCenter/alarmSearch?alarm=42');
    expect(r.sms).not.toContain('\n');
    // 10:00 UTC in July is 12:00 in Prague.
    expect(r.text).toMatch(/12[:.]00[:.]00/);
  });

  it.each([
    ['zh', '告警已恢复'],
    ['en', 'Alarm recovered'],
    ['cs', 'Alarm odezněl'],
    ['de', 'Alarm behoben'],
  ] as const)('%s says a recovery in its words', (lang, words) => {
    expect(renderNotice({ kind: 'alarm', payload: { ...alarm, event: 'recovered' } }, lang, 'x').subject).toContain(
      words,
    );
  });

  it('a digest counts what it lists and what it leaves out', () => {
    const r = renderNotice({ kind: 'digest', payload: { ruleName: 'R', items: [alarm, alarm], more: 3 } }, 'en', 'x');
    expect(r.subject).toContain('5 alarm notices');
    expect(r.text).toContain('3 more not listed.');
  });

  it.each([
    ['en', 0, '[Voltfleet] 1 alarm notice held back by the limits of rule "R"', ''],
    [
      'de',
      1,
      '[Voltfleet] 2 Alarmmeldungen, durch die Limits der Regel „R“ zurückgehalten',
      '1 weitere nicht aufgeführt.',
    ],
    ['cs', 2, '[Voltfleet] Souhrn 3 oznámení zadržených limity pravidla „R“', 'Další 2 neuvedena.'],
    ['zh', 1, '[Voltfleet] 规则“R”达到推送上限，汇总 2 条告警通知', '另有 1 条未列出。'],
  ] as const)('a digest in %s with %i more counts in the language’s plural form', (lang, more, subject, tail) => {
    const r = renderNotice({ kind: 'digest', payload: { ruleName: 'R', items: [alarm], more } }, lang, 'x');
    expect(r.subject).toBe(subject);
    if (tail) expect(r.text.endsWith(`\n${tail}`)).toBe(true);
    else expect(r.text).not.toMatch(/more not listed/);
  });

  it('an unknown zone falls back to UTC and says so', () => {
    expect(plantTime('2026-07-01T10:00:00Z', 'Mars/Olympus', 'en')).toMatch(/10:00:00 \(UTC\)$/);
  });

  it('escapes the five characters that matter in HTML', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&#60;a href=&#34;x&#34; title=&#39;y&#39;&#62;&#38;&#60;/a&#62;',
    );
  });

  it.each(LANGUAGES)(
    '%s: the administrators’ mail that an SMS budget was reached names the budget and its limit',
    (lang) => {
      for (const budget of ['number', 'client', 'platform'] as const) {
        const r = renderNotice(
          { kind: 'smsBudget', payload: { budget, limit: 37, windowStart: '2026-12-01T08:00:00Z' } },
          lang,
          'x',
        );
        expect(r.subject).toMatch(/^\[Voltfleet\] /);
        expect(r.text).toContain('37');
        expect(r.text).toMatch(/\(UTC\)/);
        expect(r.text).not.toMatch(/mail\.|\{\{/);
      }
    },
  );
});
