/** The messages feature's front door: what the rest of the server may use of it. */
export { messagesRoutes } from './messages.routes.js';
export {
  UNREAD_CHANNEL,
  deleteNoticeMessages,
  parseUnreadPayload,
  postMessages,
  postNoticeMessages,
  unreadCounts,
} from './messages.service.js';
export type { NewMessage } from './messages.service.js';
