import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  feedbackLookupRequestSchema,
  feedbackRatingRequestSchema,
  feedbackVisitSchema,
} from '../../../../shared/feedback-schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';

const feedbackPath = (companyId: string) => `/v1/companies/${encodeURIComponent(companyId)}/feedback`;
const feedbackQueryKey = (companyId: string, token: string) => ['feedback', companyId, token] as const;

/** What the link is for: the business, the visit and the rating so far. No sign-in: the token is the key. */
export function useFeedbackVisit(companyId: string, token: string) {
  return useQuery({
    queryKey: feedbackQueryKey(companyId, token),
    queryFn: () =>
      apiRequest(`${feedbackPath(companyId)}/visit`, feedbackVisitSchema, {
        method: 'POST',
        body: feedbackLookupRequestSchema.parse({ token }),
      }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Rates the visit (again): the answer replaces what the page shows. */
export function useRateVisit(companyId: string, token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rating: { rating: number; comment?: string }) =>
      apiRequest(feedbackPath(companyId), feedbackVisitSchema, {
        method: 'PUT',
        // The server parses the body with the same schema.
        body: feedbackRatingRequestSchema.parse({ token, ...rating }),
      }),
    onSuccess: (visit) => queryClient.setQueryData(feedbackQueryKey(companyId, token), visit),
  });
}
