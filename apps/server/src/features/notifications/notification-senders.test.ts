import { describe, expect, it } from 'vitest';
import { dialable, messageIdHeader, smsBody } from './notification-senders.js';
import { retryDelay } from './notification-delivery.js';

describe('senders', () => {
  it.each([
    ['Voltfleet <alarms@ops.example>', '<id-1@ops.example>'],
    ['alarms@ops.example', '<id-1@ops.example>'],
    ['no address', '<id-1@voltfleet.local>'],
  ])('a Message-ID from %s', (from, header) => expect(messageIdHeader('id-1', from)).toBe(header));

  it('fills the SMS template with JSON-escaped values', () => {
    const body = smsBody('{"to":"{{to}}","t":"{{text}}","id":"{{messageId}}"}', {
      to: '+31612345678',
      text: 'A "quoted"\nline \\ {{to}}',
      messageId: 'm1',
    });
    expect(JSON.parse(body)).toEqual({ to: '+31612345678', t: 'A "quoted"\nline \\ {{to}}', id: 'm1' });
  });

  it('dials a stored phone without its dash', () => expect(dialable('+86-13800000000')).toBe('+8613800000000'));

  it.each([
    [1, 1000],
    [2, 2000],
    [3, 4000],
    [10, 60_000],
  ])('waits after attempt %i: %i ms', (attempts, ms) =>
    expect(retryDelay(attempts, { retryBaseMs: 1000, retryMaxMs: 60_000 })).toBe(ms),
  );
});
