import { useMutation } from '@tanstack/react-query';
import type { ScriptTestRun } from '@voltfleet/domain/plants';
import { http } from '@/lib/http';

/** Runs the (unsaved) source on the plant's last local day of data; a script error is a result, not a failure. */
export function testRunScript({ plantId, source }: { plantId: number; source: string }): Promise<ScriptTestRun> {
  return http.post(`/api/plants/${plantId}/script/test-run`, { source }, { quiet: ['validation'] });
}

export function useTestRunScript(plantId: number) {
  return useMutation({ mutationFn: (source: string) => testRunScript({ plantId, source }) });
}
