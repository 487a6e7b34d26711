// The device detail's real-time and history tabs in one chunk (see plant-detail/components/other-tabs.ts).
export { DeviceHistoryTab } from './device-history';
export { DeviceRealtimeGroups } from './device-realtime';
