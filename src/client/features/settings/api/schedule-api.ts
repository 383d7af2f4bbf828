import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProviderScheduleRequest, SchedulesResponse } from '../../../../shared/schedule-schemas.ts';
import { providerScheduleSchema, schedulesResponseSchema } from '../../../../shared/schedule-schemas.ts';
import { staffRequest } from '../../../lib/staff-api.ts';

export const schedulesQueryKey = ['staff-schedules'] as const;

/** Every provider's shifts, days off and services (the owner's, in Settings). */
export function useSchedules() {
  return useQuery({
    queryKey: schedulesQueryKey,
    queryFn: () => staffRequest('/v1/staff/settings/schedules', schedulesResponseSchema),
  });
}

/** Saves one provider's schedule; the answer replaces theirs in the cached list. */
export function useSaveSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ providerId, ...body }: ProviderScheduleRequest & { providerId: string }) =>
      staffRequest(
        `/v1/staff/settings/providers/${encodeURIComponent(providerId)}/schedule`,
        providerScheduleSchema,
        {
          method: 'PUT',
          body,
        },
      ),
    onSuccess: (saved) =>
      queryClient.setQueryData<SchedulesResponse>(schedulesQueryKey, (current) =>
        current
          ? {
              ...current,
              schedules: current.schedules.map((schedule) =>
                schedule.providerId === saved.providerId ? saved : schedule,
              ),
            }
          : current,
      ),
  });
}
