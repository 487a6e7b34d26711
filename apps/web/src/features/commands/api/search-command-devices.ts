import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CommandDevice, CommandDeviceFilter, CommandDeviceSelection } from '@voltfleet/domain/commands';
import type { DeviceFilterOptions } from '@voltfleet/domain/device-list';
import { http } from '@/lib/http';
import type { Paged } from '@/lib/paging';

export type CommandDeviceParams = CommandDeviceFilter & { page: number; pageSize: number };

/** One page of the inverters in the caller's scope that match the picker's filters, by serial number. */
export function searchCommandDevices(params: CommandDeviceParams, signal?: AbortSignal): Promise<Paged<CommandDevice>> {
  return http.get('/api/commands/devices', { query: { ...params }, signal });
}

export const commandDevicesQueryOptions = (params: CommandDeviceParams) =>
  queryOptions({
    queryKey: ['commands', 'devices', params],
    queryFn: ({ signal }) => searchCommandDevices(params, signal),
    placeholderData: keepPreviousData,
  });

export function useCommandDevices(params: CommandDeviceParams) {
  return useQuery(commandDevicesQueryOptions(params));
}

/** Every inverter matching the filter, across pages (none when more than one command request may name). */
export function selectAllCommandDevices(filter: CommandDeviceFilter): Promise<CommandDeviceSelection> {
  return http.get('/api/commands/devices/all', { query: { ...filter } });
}

export const commandDeviceOptionsQuery = queryOptions({
  queryKey: ['commands', 'devices', 'options'],
  queryFn: ({ signal }): Promise<DeviceFilterOptions> => http.get('/api/commands/devices/options', { signal }),
  staleTime: 60_000,
});

/** The models and plants of the inverters in scope, for the picker's filters. */
export function useCommandDeviceOptions() {
  return useQuery(commandDeviceOptionsQuery);
}
