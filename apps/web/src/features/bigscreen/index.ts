/**
 * The bigscreen feature's front door: what app/ may use of it besides its pages (pages/*.tsx, the route entry points app/
 * loads, lazily or in a route module).
 */
export { default as KioskLinksCard } from './components/kiosk-links-card';
