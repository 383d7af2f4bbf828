import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { consoleLanguageOf, type Language } from '../../../../shared/languages.ts';
import {
  type AddMemberRequest,
  type ChangePasswordRequest,
  memberLinkResponseSchema,
  peopleResponseSchema,
  type SetPasswordRequest,
  type StaffMe,
  staffLinkResponseSchema,
  staffMeSchema,
} from '../../../../shared/staff-schemas.ts';
import { noAnswer } from '../../../lib/api-client.ts';
import { rememberStaff, staffRequest } from '../../../lib/staff-api.ts';
import { staffMeQueryKey } from '../../../lib/use-staff.ts';

export const peopleQueryKey = ['staff-people'] as const;

export function usePeople() {
  return useQuery({
    queryKey: peopleQueryKey,
    queryFn: () => staffRequest('/v1/staff/people', peopleResponseSchema),
  });
}

export function useAddMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: AddMemberRequest) =>
      staffRequest('/v1/staff/people', memberLinkResponseSchema, { method: 'POST', body: request }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: peopleQueryKey }),
  });
}

export function useResetMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (staffUserId: string) =>
      staffRequest(`/v1/staff/people/${encodeURIComponent(staffUserId)}/reset`, memberLinkResponseSchema, {
        method: 'POST',
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: peopleQueryKey }),
  });
}

export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (staffUserId: string) =>
      staffRequest(`/v1/staff/people/${encodeURIComponent(staffUserId)}`, noAnswer, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: peopleQueryKey }),
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (request: ChangePasswordRequest) =>
      staffRequest('/v1/staff/password', noAnswer, { method: 'PUT', body: request }),
  });
}

/**
 * Your account's language, kept for the member on the server (every device they sign in on
 * follows it), and in the cached `me` so the console does not switch back.
 */
export function useChooseMemberLanguage(): (language: Language) => Promise<void> {
  const queryClient = useQueryClient();
  return async (language) => {
    const chosen = consoleLanguageOf(language);
    await staffRequest('/v1/staff/me/language', noAnswer, { method: 'PUT', body: { language: chosen } });
    queryClient.setQueryData<StaffMe | null>(staffMeQueryKey, (me) =>
      me ? { ...me, language: chosen } : me,
    );
  };
}

/** The one-time link's page: who it is for. The token goes in the body, never in a URL. */
export function useStaffLink(token: string) {
  return useQuery({
    queryKey: ['staff-link', token],
    enabled: token.length > 0,
    retry: false,
    queryFn: () =>
      staffRequest('/v1/staff/links/look-up', staffLinkResponseSchema, { method: 'POST', body: { token } }),
  });
}

export function useSetPasswordWithLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: SetPasswordRequest) =>
      staffRequest('/v1/staff/links/use', staffMeSchema, { method: 'POST', body: request }),
    onSuccess: (me) => {
      rememberStaff(me);
      queryClient.setQueryData(staffMeQueryKey, me);
    },
  });
}
