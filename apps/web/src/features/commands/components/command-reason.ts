import type { TFunction } from 'i18next';

/**
 * A failed command's reason for people: the device's and the server's known reason codes ("outOfRange",
 * "command:notShutDown") in the user's language; anything else is the device's own text, shown as it came.
 */
export function reasonText(reason: string, t: TFunction): string {
  const code = reason.startsWith('command:') ? reason.slice('command:'.length) : reason;
  const key = `commands.reasons.${code}`;
  return /^[a-zA-Z]+$/.test(code) && t(key, { defaultValue: '' }) ? t(key) : reason;
}
