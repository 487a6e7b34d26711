/**
 * The push-notifications feature's front door: what app/ may use of it. Its card sits in the personal centre
 * (a browser's subscription is the user's own; app/pages/personal-center-route.tsx places it below the webhooks).
 */
export { default as PushCard } from './components/push-card';
