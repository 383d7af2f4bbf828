import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AddMemberRequest,
  type ChangePasswordRequest,
  type MemberLinkResponse,
  memberLinkResponseSchema,
  type PeopleResponse,
  peopleResponseSchema,
  type SetPasswordRequest,
  type StaffLinkResponse,
  type StaffMe,
  staffLinkResponseSchema,
  staffMeSchema,
} from '../../../../shared/staff-schemas.ts';
import { rememberStaff, staffRequest } from '../../../lib/staff-api.ts';
import { staffMeQueryKey } from '../../../lib/use-staff.ts';

export const peopleQueryKey = ['staff-people'] as const;

export function usePeople() {
  return useQuery({
    queryKey: peopleQueryKey,
    queryFn: async (): Promise<PeopleResponse> =>
      peopleResponseSchema.parse(await staffRequest('/v1/staff/people')),
  });
}

export function useAddMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: AddMemberRequest): Promise<MemberLinkResponse> =>
      memberLinkResponseSchema.parse(
        await staffRequest('/v1/staff/people', { method: 'POST', body: request }),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: peopleQueryKey }),
  });
}

export function useResetMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (staffUserId: string): Promise<MemberLinkResponse> =>
      memberLinkResponseSchema.parse(
        await staffRequest(`/v1/staff/people/${encodeURIComponent(staffUserId)}/reset`, { method: 'POST' }),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: peopleQueryKey }),
  });
}

export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (staffUserId: string) =>
      staffRequest<void>(`/v1/staff/people/${encodeURIComponent(staffUserId)}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: peopleQueryKey }),
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (request: ChangePasswordRequest) =>
      staffRequest<void>('/v1/staff/password', { method: 'PUT', body: request }),
  });
}

/** The one-time link's page: who it is for. The token goes in the body, never in a URL. */
export function useStaffLink(token: string) {
  return useQuery({
    queryKey: ['staff-link', token],
    enabled: token.length > 0,
    retry: false,
    queryFn: async (): Promise<StaffLinkResponse> =>
      staffLinkResponseSchema.parse(
        await staffRequest('/v1/staff/links/look-up', { method: 'POST', body: { token } }),
      ),
  });
}

export function useSetPasswordWithLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: SetPasswordRequest): Promise<StaffMe> =>
      staffMeSchema.parse(await staffRequest('/v1/staff/links/use', { method: 'POST', body: request })),
    onSuccess: (me) => {
      rememberStaff(me);
      queryClient.setQueryData(staffMeQueryKey, me);
    },
  });
}
