import {
  ALARM_SEARCH_PATH,
  PUSH_TTL_SECONDS,
  alarmLink,
  renderNotice,
  type NoticePayload,
  type PushPayload,
} from '@voltfleet/domain/alarms';
import type { Lang } from '@voltfleet/domain/i18n';
import { workOrderLink } from '@voltfleet/domain/workorders';
import type { PushSendOptions } from './push-sender.js';

/**
 * What a push of an outbox row says, in `lang`: the mail's subject as the title, the SMS text as the body, the page
 * that opens on click, and a tag so one alarm's notifications replace each other. Critical alarms go out with high
 * urgency (a phone in power saving wakes for them); all are kept a day for a browser that is offline.
 */
export function pushNotice(
  notice: NoticePayload,
  lang: Lang,
  baseUrl: string,
): { payload: PushPayload; options: PushSendOptions } {
  const base = baseUrl.replace(/\/+$/, '');
  const words = renderNotice(notice, lang, base);
  const title = words.subject.replace(/^\[Voltfleet\]\s*/, '');
  const page = (url: string, tag: string, critical: boolean) => ({
    payload: { title, body: words.sms, url: `${base}${url}`, tag },
    options: { ttl: PUSH_TTL_SECONDS, urgency: critical ? ('high' as const) : ('normal' as const) },
  });
  switch (notice.kind) {
    case 'alarm':
      return page(
        alarmLink(notice.payload.alarmId),
        `alarm-${notice.payload.alarmId}`,
        notice.payload.severity === 'critical',
      );
    case 'digest':
      return page(
        ALARM_SEARCH_PATH,
        'alarm-digest',
        notice.payload.items.some((i) => i.severity === 'critical'),
      );
    case 'workorder':
      return page(workOrderLink(notice.payload.workOrderId), `workorder-${notice.payload.workOrderId}`, false);
    default:
      return page('/personalCenter', notice.kind, false);
  }
}
