/**
 * The webhooks feature's front door: what app/ may use of it. Its card sits in the personal centre (a webhook is the
 * user's own; app/pages/personal-center-route.tsx places it below the API keys).
 */
export { default as WebhooksCard } from './components/webhooks-card';
