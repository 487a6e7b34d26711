/**
 * The api-keys feature's front door: what app/ may use of it. Its card sits in the personal centre (a key is the
 * user's own; app/pages/personal-center-route.tsx places it below the kiosk links).
 */
export { default as ApiKeysCard } from './components/api-keys-card';
