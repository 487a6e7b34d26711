import {
  DEVICE_LIVE_KEYS,
  roundLiveValue,
  type DeviceLatest,
  type DeviceListItem,
  type LiveMessage,
} from '@voltfleet/domain/device-list';
import type { Paged } from '@/lib/paging';

/** The list's live values from a pushed reading, as the server would give them after storing it. */
export function latestFromReading(
  ts: number,
  values: Extract<LiveMessage, { type: 'reading' }>['values'],
): DeviceLatest {
  const latest: DeviceLatest = {
    ts: new Date(ts).toISOString(),
    pvPowerW: null,
    loadPowerW: null,
    gridPowerW: null,
    batPowerW: null,
    batSocPct: null,
    pvEnergyTodayKwh: null,
  };
  for (const key of DEVICE_LIVE_KEYS) {
    const value = values[key];
    if (value !== undefined) latest[key] = roundLiveValue(key, value);
  }
  return latest;
}

function updateDevice(device: DeviceListItem, message: LiveMessage, receivedAt: number): DeviceListItem {
  if (message.type === 'deviceStatus') {
    return device.runningStatus === message.status ? device : { ...device, runningStatus: message.status };
  }
  if (message.type !== 'reading') return device;
  // Readings can arrive late or twice (redelivery): only a newer one replaces what is shown.
  const shownTs = Math.max(Date.parse(device.latest?.ts ?? ''), Date.parse(device.lastReadingAt ?? '')) || 0;
  if (message.ts <= shownTs) return device;
  return {
    ...device,
    latest: latestFromReading(message.ts, message.values),
    lastReadingAt: new Date(message.ts).toISOString(),
    lastSeenAt: new Date(Math.max(receivedAt, Date.parse(device.lastSeenAt ?? '') || 0)).toISOString(),
  };
}

/**
 * A cached device list page with one live message applied: a newer reading replaces the row's values, a status
 * change its status. Devices not on the page and other messages leave it untouched; an unchanged page is returned
 * as the same object, so nothing re-renders.
 */
export function applyLiveMessage(
  page: Paged<DeviceListItem>,
  message: LiveMessage,
  receivedAt: number = Date.now(),
): Paged<DeviceListItem> {
  if (message.type !== 'reading' && message.type !== 'deviceStatus') return page;
  const index = page.items.findIndex((device) => device.id === message.deviceId);
  const device = page.items[index];
  if (!device) return page;
  const updated = updateDevice(device, message, receivedAt);
  if (updated === device) return page;
  const items = page.items.slice();
  items[index] = updated;
  return { ...page, items };
}

/** Whether any of these cached list pages shows the device (an alarm event about it changes its badge). */
export function pagesShowDevice(pages: readonly (Paged<DeviceListItem> | undefined)[], deviceId: number): boolean {
  return pages.some((page) => page?.items.some((device) => device.id === deviceId) ?? false);
}
