import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StaffSignInRequest } from '../../shared/staff-schemas.ts';
import { staffSignInResponseSchema } from '../../shared/staff-schemas.ts';
import { noAnswer } from './api-client.ts';
import { closeStaffRealtime, fetchStaffMe, rememberStaff, staffRequest } from './staff-api.ts';

export const staffMeQueryKey = ['staff-me'] as const;

export function useStaffMe() {
  return useQuery({ queryKey: staffMeQueryKey, queryFn: fetchStaffMe, staleTime: 5 * 60_000 });
}

/** Signed in, or (a password that opens several businesses) the businesses to choose from. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: StaffSignInRequest) =>
      staffRequest('/v1/staff/sign-in', staffSignInResponseSchema, { method: 'POST', body: request }),
    onSuccess: (answer) => {
      if ('chooseBusiness' in answer) return;
      rememberStaff(answer);
      queryClient.setQueryData(staffMeQueryKey, answer);
    },
  });
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => staffRequest('/v1/staff/sign-out', noAnswer, { method: 'POST' }).catch(() => undefined),
    onSettled: () => {
      rememberStaff(null);
      closeStaffRealtime();
      queryClient.clear();
      queryClient.setQueryData(staffMeQueryKey, null);
    },
  });
}
