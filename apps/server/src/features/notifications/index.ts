/** The notifications feature's front door: what the rest of the server may use of it. */
export { recordAlarmTransitions } from './notification-delivery.js';
export { enqueueAccountMails, enqueueAccountPushes } from './notification-outbox.repository.js';
export { notificationRulesRoutes } from './notification-rules.routes.js';
export { configuredSenders } from './notification-senders.js';
export type { Sender } from './notification-senders.js';
export { startNotificationJob } from './notification.job.js';
export { DEFAULT_SMS_BUDGET, spendSms } from './sms-budget.js';
export type { SmsBudgetLimits, SmsBudgetName } from './sms-budget.js';
export { pushSubscriptionsRoutes } from './push-subscriptions.routes.js';
export type { PushRoutesDeps } from './push-subscriptions.routes.js';
export type { VapidSigner } from './push-sender.js';
