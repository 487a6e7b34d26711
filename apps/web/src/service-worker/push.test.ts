import { describe, expect, it } from 'vitest';
import { notificationTarget, readPushPayload } from './push';

// The Web Push payload the server sends (issue 41): { title, body, url, tag? } as JSON.
describe('readPushPayload', () => {
  it('reads the agreed payload, with or without a tag', () => {
    expect(
      readPushPayload('{"title":"Alarm","body":"Plant A: grid lost","url":"/alarms?id=4","tag":"alarm-4"}'),
    ).toEqual({ title: 'Alarm', body: 'Plant A: grid lost', url: '/alarms?id=4', tag: 'alarm-4' });
    expect(readPushPayload('{"title":"T","body":"","url":"/"}')).toEqual({ title: 'T', body: '', url: '/' });
  });

  it('shows nothing for anything else', () => {
    for (const text of [
      undefined,
      '',
      'not json',
      'null',
      '[]',
      '{"title":"T","body":"B"}',
      '{"title":"","body":"B","url":"/"}',
      '{"title":"T","body":"B","url":"/","tag":4}',
    ]) {
      expect(readPushPayload(text), String(text)).toBeUndefined();
    }
  });
});

describe('notificationTarget', () => {
  const origin = 'https://fleet.example.test';
  it('resolves a path of the app against its origin', () => {
    expect(notificationTarget('/alarms?id=4', origin)).toBe(`${origin}/alarms?id=4`);
    expect(notificationTarget(`${origin}/workOrders`, origin)).toBe(`${origin}/workOrders`);
    expect(notificationTarget('', origin)).toBe(`${origin}/`);
  });

  it('never leaves the origin', () => {
    expect(notificationTarget('https://elsewhere.test/x', origin)).toBe(`${origin}/`);
    expect(notificationTarget('javascript:alert(1)', origin)).toBe(`${origin}/`);
    expect(notificationTarget('//elsewhere.test/x', origin)).toBe(`${origin}/`);
  });
});
