/** Web Push settings (docs/configuration.md "Push notifications"; README "Configuration"). */
export interface PushConfig {
  /**
   * VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (base64url, uncompressed P-256 point and 32-byte scalar, as
   * `npx web-push generate-vapid-keys` prints them): both or neither. Unset, the first server to start generates a
   * pair and keeps it in the database (server_secrets), so every process signs with the same key.
   */
  vapidPublicKey: string | undefined;
  vapidPrivateKey: string | undefined;
  /** VAPID_SUBJECT: a mailto: or https: contact the push services may write to; default mailto: of MAIL_FROM. */
  vapidSubject: string;
  /**
   * VOLTFLEET_PUSH_TEST_LOOPBACK=on: plain http endpoints on 127.0.0.1 are accepted (the tests' local push service).
   * Refused when NODE_ENV=production.
   */
  allowLoopbackHttp: boolean;
}

export function pushConfig(env: NodeJS.ProcessEnv, mailFrom: string): PushConfig {
  const pub = env.VAPID_PUBLIC_KEY || undefined;
  const priv = env.VAPID_PRIVATE_KEY || undefined;
  if ((pub === undefined) !== (priv === undefined))
    throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together (or neither)');
  if (pub !== undefined && !/^[A-Za-z0-9_-]{87}$/.test(pub))
    throw new Error('VAPID_PUBLIC_KEY must be a base64url uncompressed P-256 public key (87 characters)');
  if (priv !== undefined && !/^[A-Za-z0-9_-]{43}$/.test(priv))
    throw new Error('VAPID_PRIVATE_KEY must be a base64url 32-byte P-256 private key (43 characters)');
  const address = /<([^<>@\s]+@[^<>@\s]+)>\s*$/.exec(mailFrom)?.[1] ?? (/^\S+@\S+$/.test(mailFrom) ? mailFrom : null);
  const subject = env.VAPID_SUBJECT || `mailto:${address ?? 'noreply@voltfleet.local'}`;
  if (!/^(mailto:\S+@\S+|https:\/\/\S+)$/.test(subject))
    throw new Error(`VAPID_SUBJECT must be a mailto: or https: URL, got "${subject}"`);
  const loopback = env.VOLTFLEET_PUSH_TEST_LOOPBACK;
  if (loopback !== undefined && loopback !== '' && loopback !== 'on' && loopback !== 'off')
    throw new Error(`VOLTFLEET_PUSH_TEST_LOOPBACK must be on or off, got "${loopback}"`);
  if (loopback === 'on' && env.NODE_ENV === 'production')
    throw new Error('VOLTFLEET_PUSH_TEST_LOOPBACK is for tests only and is refused when NODE_ENV=production');
  return { vapidPublicKey: pub, vapidPrivateKey: priv, vapidSubject: subject, allowLoopbackHttp: loopback === 'on' };
}
