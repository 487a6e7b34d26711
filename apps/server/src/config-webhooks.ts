/** Signed webhooks' settings (docs/integrations.md "Webhooks"; README "Configuration"). */
export interface WebhookConfig {
  /**
   * WEBHOOK_ALLOW_PRIVATE=on: targets on loopback, private, link-local and metadata addresses are allowed (an
   * operator whose receivers sit on their own network). Off by default: such targets are refused (SSRF).
   */
  allowPrivate: boolean;
  /** WEBHOOK_POLL_MS: how often the jobs role looks for due deliveries (default 500, at least 50). */
  pollMs: number;
}

export function webhookConfig(env: NodeJS.ProcessEnv): WebhookConfig {
  const raw = env.WEBHOOK_ALLOW_PRIVATE;
  if (raw !== undefined && raw !== '' && raw !== 'on' && raw !== 'off')
    throw new Error(`WEBHOOK_ALLOW_PRIVATE must be on or off, got "${raw}"`);
  const poll = env.WEBHOOK_POLL_MS;
  const pollMs = poll === undefined || poll === '' ? 500 : Number(poll);
  if (!Number.isInteger(pollMs) || pollMs < 50)
    throw new Error(`WEBHOOK_POLL_MS must be a whole number of at least 50, got "${poll}"`);
  return { allowPrivate: raw === 'on', pollMs };
}
