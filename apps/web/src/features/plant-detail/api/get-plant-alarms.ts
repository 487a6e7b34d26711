import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AlarmRow } from '@voltfleet/domain/alarms';
import { http } from '@/lib/http';
import type { Paged } from '@/lib/paging';
import { plantDetailKey } from './get-plant-overview';

/** How many of a plant's active alarms its detail page lists (the alarm search has the rest). */
export const PLANT_ALARMS_SHOWN = 20;

/** The plant's active alarms, most severe first, named in the UI language (GET /api/alarms). */
export function getPlantAlarms(plantId: number, signal?: AbortSignal): Promise<Paged<AlarmRow>> {
  return http.get('/api/alarms', {
    query: { plantId, state: 'active', sort: 'severity', order: 'desc', page: 1, pageSize: PLANT_ALARMS_SHOWN },
    signal,
  });
}

export const plantAlarmsKey = (plantId: number) => [...plantDetailKey(plantId), 'activeAlarms'] as const;

// The names come in the language of the request: a language switch asks again.
export const plantAlarmsQuery = (plantId: number, lang: string) =>
  queryOptions({
    queryKey: [...plantAlarmsKey(plantId), lang],
    queryFn: ({ signal }) => getPlantAlarms(plantId, signal),
  });

export function usePlantAlarms(plantId: number) {
  const { i18n } = useTranslation();
  return useQuery(plantAlarmsQuery(plantId, i18n.language));
}
