import type { TFunction } from 'i18next';

/**
 * A failed command's reason for people: the device's and the server's known reason codes ("outOfRange",
 * "command:notShutDown") in the user's language; anything else is the device's own text, shown as it came.
 */
export function reasonText(reason: string, t: TFunction): string {
  // An OSIM inverter's upgrade result code other than 0000 ("upgradeResult:0005").
  const result = /^upgradeResult:([0-9A-Fa-f]{1,8})$/.exec(reason);
  if (result) return t('commands.reasons.upgradeResult', { code: result[1] });
  const code = reason.startsWith('command:') ? reason.slice('command:'.length) : reason;
  const key = `commands.reasons.${code}`;
  return /^[a-zA-Z]+$/.test(code) && t(key, { defaultValue: '' }) ? t(key) : reason;
}
