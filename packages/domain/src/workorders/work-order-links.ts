import { WORK_ORDER_LIMITS } from './work-order-limits.js';

/**
 * Links into the work-orders page (a shell entry, open to every signed-in user): the in-app messages' link to one
 * work order, and the alarm drawer's "create work order" with the alarm's plant and device filled in. One owner of
 * the parameter names, so the writers (server, alarm drawer) and the reader (the page) agree.
 */
export const WORK_ORDERS_PATH = '/workOrders';

/** The page with one work order's drawer open. */
export const workOrderLink = (id: number): string => `${WORK_ORDERS_PATH}?open=${id}`;

/** What the create form is filled with when it comes from an alarm. */
export interface WorkOrderPrefill {
  alarmId: number;
  plantId: number | null;
  deviceId: number;
  /** Shown, not sent: the device's serial number and the alarm's name (the proposed title). */
  sn: string;
  title: string;
}

/** The page with the create form open and filled from an alarm. */
export function workOrderFromAlarmLink(p: WorkOrderPrefill): string {
  const q = new URLSearchParams({ create: 'alarm', alarmId: String(p.alarmId), deviceId: String(p.deviceId) });
  if (p.plantId !== null) q.set('plantId', String(p.plantId));
  q.set('sn', p.sn);
  q.set('title', p.title.slice(0, WORK_ORDER_LIMITS.title));
  return `${WORK_ORDERS_PATH}?${q.toString()}`;
}

const idOf = (text: string | null): number | null => {
  const n = Number(text);
  return text !== null && Number.isSafeInteger(n) && n > 0 ? n : null;
};

/** The prefill a link carries, or null when it does not come from an alarm (or is mangled). */
export function readWorkOrderPrefill(search: URLSearchParams): WorkOrderPrefill | null {
  const alarmId = idOf(search.get('alarmId'));
  const deviceId = idOf(search.get('deviceId'));
  if (search.get('create') !== 'alarm' || alarmId === null || deviceId === null) return null;
  return {
    alarmId,
    deviceId,
    plantId: idOf(search.get('plantId')),
    sn: search.get('sn') ?? '',
    title: (search.get('title') ?? '').slice(0, WORK_ORDER_LIMITS.title),
  };
}
