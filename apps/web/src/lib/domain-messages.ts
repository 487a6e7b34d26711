// The domain's message table, for loading on demand (see success.ts).
export { translate } from '@voltfleet/domain/i18n';
