import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AlarmAck } from '@voltfleet/domain/alarms';
import { http } from '@/lib/http';
import { ALARMS_KEY } from './get-alarms';

/** Acknowledges alarms with one note (POST /api/alarms/acknowledge; needs C/A:alarm.ack). */
export function acknowledgeAlarms(body: AlarmAck): Promise<{ acknowledged: number }> {
  return http.post('/api/alarms/acknowledge', body);
}

/** After an acknowledgement the list, the open drawer and the overview read again. */
export function useAcknowledgeAlarms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acknowledgeAlarms,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ALARMS_KEY }),
  });
}
