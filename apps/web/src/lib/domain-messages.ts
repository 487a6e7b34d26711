// The domain's message catalogue (decision 0030), for loading on demand (see success.ts).
export { translate } from '@voltfleet/domain/i18n';
