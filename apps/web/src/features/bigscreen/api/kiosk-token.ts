import { KIOSK_QUERY } from '@voltfleet/domain/big-screen';

/** sessionStorage key of the tab's kiosk token: kept across reloads of this tab, never shared with other tabs. */
export const KIOSK_STORAGE_KEY = 'voltfleet.kiosk';

function tabStorage(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    // Storage disabled (a locked-down kiosk browser): the token then lives as long as the page.
    return null;
  }
}

/** Where the token lives when the tab's storage refuses it. */
let inMemory: string | null = null;

/** The kiosk token this tab was opened with, if any. */
export function kioskToken(): string | null {
  try {
    const storage = tabStorage();
    return storage ? storage.getItem(KIOSK_STORAGE_KEY) : inMemory;
  } catch {
    return inMemory;
  }
}

function keep(token: string): void {
  try {
    const storage = tabStorage();
    if (storage) return storage.setItem(KIOSK_STORAGE_KEY, token);
  } catch {
    // See tabStorage().
  }
  inMemory = token;
}

/**
 * Moves a kiosk token from the address (`?kiosk=…`) into the tab's storage and answers the address without it, so a
 * photo of the wall or a copied address never carries the secret. Answers null when the address has none.
 */
export function takeKioskToken(search: string): string | null {
  const params = new URLSearchParams(search);
  const token = params.get(KIOSK_QUERY)?.trim();
  if (!params.has(KIOSK_QUERY)) return null;
  if (token) keep(token);
  params.delete(KIOSK_QUERY);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}
