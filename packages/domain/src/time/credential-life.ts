// The life of a credential a user makes with a last day (kiosk links, API keys): when it ends and what its list says.

const DAY_MS = 86_400_000;

/**
 * The instant a credential whose last day is `lastDay` ('YYYY-MM-DD', UTC) stops working: the end of that day. 'past'
 * for a day before today (UTC), 'tooLate' for one more than `maxDays` days ahead.
 */
export function endOfLastDay(lastDay: string, nowMs: number, maxDays: number): Date | 'past' | 'tooLate' {
  const dayStart = Date.parse(`${lastDay}T00:00:00Z`);
  const today = Math.floor(nowMs / DAY_MS) * DAY_MS;
  if (dayStart < today) return 'past';
  if (dayStart > today + maxDays * DAY_MS) return 'tooLate';
  return new Date(dayStart + DAY_MS);
}

export type CredentialState = 'active' | 'expired' | 'revoked';

/** Revoked wins over expired: the owner's decision is what the list should say. */
export function credentialState(revokedAt: Date | null, expiresAt: Date, nowMs: number): CredentialState {
  if (revokedAt) return 'revoked';
  return expiresAt.getTime() <= nowMs ? 'expired' : 'active';
}
