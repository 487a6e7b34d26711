import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User, UserApprovalDecision } from '@voltfleet/domain/users';
import { http } from '@/lib/http';

/** Approves a self-registered account, confirming (or changing) its role and level. */
export function approveUser({ id, decision }: { id: number; decision: UserApprovalDecision }): Promise<User> {
  return http.put(`/api/users/${id}/approve`, decision, { quiet: ['validation'] });
}

/** Refuses a self-registered account: it can no longer sign in. */
export function refuseUser(id: number): Promise<User> {
  return http.put(`/api/users/${id}/refuse`);
}

export function useApproveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users'] }),
  });
}

export function useRefuseUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refuseUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users'] }),
  });
}
