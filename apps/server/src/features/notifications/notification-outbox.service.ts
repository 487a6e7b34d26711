export { enqueueAccountMails, type WorkOrderMailPayload } from './notification-outbox.repository.js';
