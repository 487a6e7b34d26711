// Issue 36, point 8: a command to ten devices is one message, its outcome counted, in the reader's language.
import { describe, expect, it } from 'vitest';
import type { Lang } from '@voltfleet/domain/i18n';
import { i18next } from '@/lib/i18n';
import { switchLanguage } from '@/test/render';
import { message } from '../test/messages-fixtures';
import { describeMessage } from './describe-message';

const batch = (counts: { succeeded: number; failed: number; timedOut: number; expired: number }) =>
  message(1, {
    kind: 'command',
    event: 'batch',
    params: { commandKind: 'workMode', total: 10, ...counts },
    link: '/userCenter/contralRecord?userId=3&kind=workMode',
  });

describe('describeMessage: a batch of commands', () => {
  it.each<[Lang, string, string]>([
    [
      'en',
      'Work mode to 10 devices: 9 succeeded, 1 failed',
      'Work mode to 10 devices: 8 succeeded, 1 timed out, 1 expired',
    ],
    ['zh', '工作模式（10 台设备）：9 台成功，1 台失败', '工作模式（10 台设备）：8 台成功，1 台超时，1 台已过期'],
    [
      'cs',
      'Pracovní režim pro 10 zařízení: úspěšně 9, selhalo 1',
      'Pracovní režim pro 10 zařízení: úspěšně 8, bez odpovědi 1, prošlo 1',
    ],
    [
      'de',
      'Betriebsmodus an 10 Geräte: 9 erfolgreich, 1 fehlgeschlagen',
      'Betriebsmodus an 10 Geräte: 8 erfolgreich, 1 ohne Antwort, 1 abgelaufen',
    ],
  ])('in %s, naming only the states some device ended in', async (lang, failedOne, mixed) => {
    await switchLanguage(lang);
    const t = i18next.getFixedT(lang);
    expect(describeMessage(batch({ succeeded: 9, failed: 1, timedOut: 0, expired: 0 }), t, lang).text).toBe(failedOne);
    expect(describeMessage(batch({ succeeded: 8, failed: 0, timedOut: 1, expired: 1 }), t, lang).text).toBe(mixed);
  });
});

describe('describeMessage: a registration awaiting approval', () => {
  const registered = message(2, {
    kind: 'account',
    event: 'registered',
    params: { username: 'roof_tom', name: 'Tom Roof', role: 'engineering', superior: 'dealer_a' },
    link: '/userCenter/userList?approval=pending',
  });
  it.each<[Lang, string]>([
    ['en', 'Tom Roof (roof_tom) registered as Engineering below dealer_a and awaits your approval'],
    ['de', 'Tom Roof (roof_tom) hat sich als Installateur unter dealer_a registriert und wartet auf Ihre Freigabe'],
  ])('in %s, with the role asked for by its name', async (lang, text) => {
    await switchLanguage(lang);
    expect(describeMessage(registered, i18next.getFixedT(lang), lang).text).toBe(text);
  });
});

// Issue 38, point 2: the administrators' message that an SMS budget was reached names which one.
describe('describeMessage: an SMS budget reached', () => {
  it.each<[Lang, string]>([
    ['en', 'Text messages are being refused: the SMS budget per client address an hour (5) was reached'],
    ['zh', '短信正在被拒绝发送：已达到每个客户端地址每小时 5 条的短信额度'],
    ['cs', 'Textové zprávy jsou odmítány: byl dosažen limit SMS na adresu klienta za hodinu (5)'],
    ['de', 'Textnachrichten werden abgelehnt: das SMS-Budget pro Client-Adresse und Stunde (5) ist erreicht'],
  ])('in %s', async (lang, text) => {
    await switchLanguage(lang);
    const t = i18next.getFixedT(lang);
    const budget = message(2, {
      kind: 'system',
      event: 'smsBudget',
      params: { budget: 'client', limit: 5 },
      link: null,
    });
    expect(describeMessage(budget, t, lang).text).toBe(text);
  });
});
