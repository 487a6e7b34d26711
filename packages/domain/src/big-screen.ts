/*
 * Big screens (R1.5, R2.1: /bigScreen/map, /bigScreen/charts, /bigScreen/flowGraph) and the kiosk links that open
 * them without a login. One contract for the server's `bigscreen` feature and the web's: every figure on a big
 * screen comes from the same services as plant statistics and the plant detail, for the caller's scope (a session's
 * subtree, or a kiosk link's plants).
 */

/** The three views, in the order a rotating screen shows them. */
export const BIG_SCREEN_VIEWS = ['map', 'charts', 'flowGraph'] as const;
export type BigScreenView = (typeof BIG_SCREEN_VIEWS)[number];

/** At most this many kiosk links per user (active ones; revoked and expired ones do not count). */
export const KIOSK_LINKS_PER_USER = 50;
/** The longest a kiosk link may live: a year; a wall screen is re-linked once a year at least. */
export const KIOSK_LINK_MAX_DAYS = 366;
/** The most plants one link may name (a link for more is a link for all the user's plants). */
export const KIOSK_LINK_MAX_PLANTS = 500;
/** How the web sends a kiosk token to the big-screen endpoints and the live socket (a header, never a cookie). */
export const KIOSK_HEADER = 'x-kiosk-token';
/** The query parameter of a kiosk URL (`/bigScreen/map?kiosk=…`); the page moves it into the header. */
export const KIOSK_QUERY = 'kiosk';

/** The newest active alarms for the ticker (at most BIG_SCREEN_TICKER of them). */
export const BIG_SCREEN_TICKER = 20;

/** Bounds of the battery SOC spread: devices per 10 % band, 0–10 … 90–100. */
export const SOC_BANDS = 10;
