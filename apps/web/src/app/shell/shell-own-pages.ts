import { withTexts } from '@/lib/i18n';

/**
 * The pages of one's own, reached from the header rather than the menu (personal centre, notices, work orders,
 * messages): no menu permission registers them. Loaded through the shell's module like every other page
 * (shell-pages.ts spreads them into PAGE_LOADERS).
 */
export const OWN_PAGES = {
  personalCenter: withTexts(
    [
      'apiKeys',
      'bigScreen',
      'messages/alarms',
      'messages/commands',
      'messages/core',
      'messages/fields',
      'messages/hostileInput',
      'messages/options',
      'messages/registration',
      'messages/roles',
      'messages/storage',
      'messages/telemetry',
      'messages/userAdmin',
      'messages/validation',
      'messages/webhooks',
      'profile',
      'pushNotifications',
      'userAdmin',
      'users',
      'webhooks',
    ],
    () => import('@/app/pages/personal-center-route'),
  ),
  notices: withTexts(
    ['messages/hostileInput', 'messages/notices', 'messages/validation', 'notices', 'table'],
    () => import('@/features/notices/pages/notices-page'),
  ),
  workOrders: withTexts(
    [
      'columns',
      'messages/alarmCatalogue',
      'messages/commands',
      'messages/core',
      'messages/hostileInput',
      'messages/notices',
      'messages/registration',
      'messages/storage',
      'messages/userAdmin',
      'messages/validation',
      'table',
    ],
    () => import('@/features/workorders/pages/work-orders-page'),
  ),
  messages: withTexts(
    [
      'commands',
      'messages/alarmCatalogue',
      'messages/alarmLabels',
      'messages/commandLabels',
      'messages/commands',
      'messages/core',
      'messages/inbox',
      'messages/options',
      'messages/plants',
      'messages/registration',
      'messages/roles',
      'messages/storage',
      'messages/userAdmin',
      'messages/validation',
      'table',
    ],
    () => import('@/app/pages/messages-route'),
  ),
} as const;
