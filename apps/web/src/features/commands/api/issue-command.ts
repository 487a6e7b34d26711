import { useMutation } from '@tanstack/react-query';
import type { Command, IssueCommand } from '@voltfleet/domain/commands';
import { http } from '@/lib/http';
import { passwordEncrypter } from '@/lib/password-crypto';

export type IssueInput = Omit<IssueCommand, 'password'> & { password?: string };

/** Issues a command to the selected devices; a shutdown's password travels encrypted as at login. */
export async function issueCommand({ password, ...body }: IssueInput): Promise<{ commands: Command[] }> {
  const encrypted = password ? await (await passwordEncrypter())(password) : undefined;
  return http.post('/api/commands', { ...body, ...(encrypted ? { password: encrypted } : {}) });
}

export function useIssueCommand() {
  return useMutation({ mutationFn: issueCommand });
}
