import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CalendarFeedRequest, CalendarFeedsResponse } from '../../../../shared/calendar-feed-schemas.ts';
import { calendarFeedsResponseSchema } from '../../../../shared/calendar-feed-schemas.ts';
import { staffRequest } from '../../../lib/staff-api.ts';

const calendarFeedsQueryKey = ['staff-calendar-feeds'] as const;
const feedPath = (providerId: string) =>
  `/v1/staff/settings/calendar-feeds/${encodeURIComponent(providerId)}`;

/** Each provider's feed and its state; read again every minute while Settings is open (the poller syncs every 5). */
export function useCalendarFeeds() {
  return useQuery({
    queryKey: calendarFeedsQueryKey,
    queryFn: () => staffRequest('/v1/staff/settings/calendar-feeds', calendarFeedsResponseSchema),
    refetchInterval: 60_000,
  });
}

/** Every change answers with all the feeds, which replace the cached ones. */
function useCalendarFeedChange<Variables>(send: (variables: Variables) => Promise<CalendarFeedsResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (feeds) => queryClient.setQueryData(calendarFeedsQueryKey, feeds),
  });
}

export const useSaveCalendarFeed = () =>
  useCalendarFeedChange(({ providerId, ...body }: CalendarFeedRequest & { providerId: string }) =>
    staffRequest(feedPath(providerId), calendarFeedsResponseSchema, { method: 'PUT', body }),
  );

export const useSyncCalendarFeed = () =>
  useCalendarFeedChange((providerId: string) =>
    staffRequest(`${feedPath(providerId)}/sync`, calendarFeedsResponseSchema, { method: 'POST' }),
  );

export const useRemoveCalendarFeed = () =>
  useCalendarFeedChange((providerId: string) =>
    staffRequest(feedPath(providerId), calendarFeedsResponseSchema, { method: 'DELETE' }),
  );
