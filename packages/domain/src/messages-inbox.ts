/**
 * In-app messages (R2.19, R2.12: the Alarm Center's "message management", the shell's "notifications"): what happened to
 * the user's alarms, commands, upgrades and work orders, and system notices. A message stores what it is about
 * (kind, event, parameters), never words: the page renders `inbox.<kind>.<event>` in the reader's language.
 */
export const MESSAGE_KINDS = ['alarm', 'command', 'upgrade', 'workorder', 'notice', 'account', 'system'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/** The events of each kind, as callers post them (the page has words for each). */
export const MESSAGE_EVENTS = {
  alarm: ['raised', 'flapping', 'recovered'],
  // `batch`: one message for a command to several devices, once all have settled (counts per final state).
  command: ['succeeded', 'failed', 'timed_out', 'expired', 'batch'],
  upgrade: ['succeeded', 'failed'],
  workorder: ['assigned', 'stateChanged', 'commented'],
  notice: ['published'],
  // `registered`: a self-registered account below the reader awaits their approval.
  account: ['registered'],
  // `smsBudget`: to the administrators, an SMS budget was reached and text messages are refused (issue 38).
  // `webhookDisabled`: to its owner, a webhook whose deliveries failed for a day was switched off (issue 40).
  system: ['smsBudget', 'webhookDisabled'],
} as const satisfies Record<MessageKind, readonly string[]>;

export const MESSAGE_READ_FILTERS = ['unread', 'read'] as const;
export type MessageReadFilter = (typeof MESSAGE_READ_FILTERS)[number];

/** Most messages one mark-read or delete names: a page of the list at its largest size. */
export const MESSAGE_IDS_MAX = 200;
/** The bell's popover shows this many of the newest unread messages. */
export const MESSAGE_BELL_LATEST = 5;

/** The live event that tells one user's tabs their unread count changed (sent to that user only). */
export interface UnreadLiveMessage {
  type: 'unread';
  count: number;
}
