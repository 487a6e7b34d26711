// The domain's message catalogue (decision 0031), for loading on demand (see success.ts).
export { translate } from '@voltfleet/domain/i18n';
