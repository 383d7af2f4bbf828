import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  WebhookDeliveriesResponse,
  WebhookDelivery,
  WebhookEndpointRequest,
  WebhookEndpointsResponse,
} from '../../../../shared/webhook-schemas.ts';
import { staffRequest } from '../../../lib/staff-api.ts';

const webhooksQueryKey = ['staff-webhooks'] as const;
const deliveriesQueryKey = (endpointId: string) => ['staff-webhook-deliveries', endpointId] as const;
const endpointPath = (endpointId: string) => `/v1/staff/webhooks/${encodeURIComponent(endpointId)}`;

/** The business's webhook addresses (docs/webhooks.md); read again every few minutes for one turned off. */
export function useWebhooks(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: webhooksQueryKey,
    queryFn: () => staffRequest<WebhookEndpointsResponse>('/v1/staff/webhooks'),
    refetchInterval: 5 * 60_000,
    enabled: options.enabled ?? true,
  });
}

/** Every change answers with all the addresses, which replace the cached ones. */
function useWebhookChange<Variables>(send: (variables: Variables) => Promise<WebhookEndpointsResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (endpoints) => queryClient.setQueryData(webhooksQueryKey, endpoints),
  });
}

export const useAddWebhook = () =>
  useWebhookChange((body: WebhookEndpointRequest) =>
    staffRequest<WebhookEndpointsResponse>('/v1/staff/webhooks', { method: 'POST', body }),
  );

export const useRemoveWebhook = () =>
  useWebhookChange((endpointId: string) =>
    staffRequest<WebhookEndpointsResponse>(endpointPath(endpointId), { method: 'DELETE' }),
  );

export const useRotateWebhookSecret = () =>
  useWebhookChange((endpointId: string) =>
    staffRequest<WebhookEndpointsResponse>(`${endpointPath(endpointId)}/rotate-secret`, { method: 'POST' }),
  );

export const useEnableWebhook = () =>
  useWebhookChange((endpointId: string) =>
    staffRequest<WebhookEndpointsResponse>(`${endpointPath(endpointId)}/enable`, { method: 'POST' }),
  );

/** An address's latest deliveries, while its log is open; read again every 10 s to follow retries. */
export function useWebhookDeliveries(endpointId: string) {
  return useQuery({
    queryKey: deliveriesQueryKey(endpointId),
    queryFn: () => staffRequest<WebhookDeliveriesResponse>(`${endpointPath(endpointId)}/deliveries`),
    refetchInterval: 10_000,
  });
}

export function useReplayDelivery(endpointId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) =>
      staffRequest<WebhookDelivery>(`/v1/staff/webhook-deliveries/${encodeURIComponent(deliveryId)}/replay`, {
        method: 'POST',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deliveriesQueryKey(endpointId) }),
  });
}
