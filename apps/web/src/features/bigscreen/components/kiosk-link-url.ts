import { KIOSK_QUERY, type BigScreenView } from '@voltfleet/domain/big-screen';

/** The address a wall opens: the view, with the link's token as the `kiosk` parameter (the page moves it away). */
export function kioskUrl(origin: string, view: BigScreenView, token: string): string {
  return `${origin}/bigScreen/${view}?${KIOSK_QUERY}=${encodeURIComponent(token)}`;
}
