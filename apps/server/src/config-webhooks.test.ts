import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('webhook settings', () => {
  it('refuse private targets unless the operator says on', () => {
    expect(loadConfig({}).webhooks).toEqual({ allowPrivate: false, pollMs: 500 });
    expect(loadConfig({ WEBHOOK_ALLOW_PRIVATE: 'on', WEBHOOK_POLL_MS: '200' }).webhooks).toEqual({
      allowPrivate: true,
      pollMs: 200,
    });
    expect(loadConfig({ WEBHOOK_ALLOW_PRIVATE: 'off' }).webhooks.allowPrivate).toBe(false);
  });

  it('stop the server at start on a value they do not know', () => {
    expect(() => loadConfig({ WEBHOOK_ALLOW_PRIVATE: 'yes' })).toThrow(/WEBHOOK_ALLOW_PRIVATE must be on or off/);
    expect(() => loadConfig({ WEBHOOK_POLL_MS: '10' })).toThrow(/WEBHOOK_POLL_MS/);
  });
});
