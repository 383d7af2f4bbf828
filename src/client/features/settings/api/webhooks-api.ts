import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WebhookEndpointRequest, WebhookEndpointsResponse } from '../../../../shared/webhook-schemas.ts';
import {
  webhookDeliveriesResponseSchema,
  webhookDeliverySchema,
  webhookEndpointsResponseSchema,
  webhooksTurnedOffResponseSchema,
} from '../../../../shared/webhook-schemas.ts';
import { staffRequest } from '../../../lib/staff-api.ts';

const webhooksQueryKey = ['staff-webhooks'] as const;
const turnedOffQueryKey = ['staff-webhooks-turned-off'] as const;
const deliveriesQueryKey = (endpointId: string) => ['staff-webhook-deliveries', endpointId] as const;
const endpointPath = (endpointId: string) => `/v1/staff/webhooks/${encodeURIComponent(endpointId)}`;

/** The business's webhook addresses (docs/webhooks.md); read again every few minutes for one turned off. */
export function useWebhooks(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: webhooksQueryKey,
    queryFn: () => staffRequest('/v1/staff/webhooks', webhookEndpointsResponseSchema),
    refetchInterval: 5 * 60_000,
    enabled: options.enabled ?? true,
  });
}

/** How many of the business's addresses were turned off (the notice on every owner's page). */
export function useWebhooksTurnedOff() {
  return useQuery({
    queryKey: turnedOffQueryKey,
    queryFn: () => staffRequest('/v1/staff/webhooks/turned-off', webhooksTurnedOffResponseSchema),
    refetchInterval: 5 * 60_000,
  });
}

/** Every change answers with all the addresses, which replace the cached ones. */
function useWebhookChange<Variables>(send: (variables: Variables) => Promise<WebhookEndpointsResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (endpoints) => {
      queryClient.setQueryData(webhooksQueryKey, endpoints);
      // Turned on or removed: the notice on every page follows at once.
      queryClient.setQueryData(turnedOffQueryKey, {
        turnedOff: endpoints.endpoints.filter((endpoint) => endpoint.disabledAt !== null).length,
      });
    },
  });
}

export const useAddWebhook = () =>
  useWebhookChange((body: WebhookEndpointRequest) =>
    staffRequest('/v1/staff/webhooks', webhookEndpointsResponseSchema, { method: 'POST', body }),
  );

export const useRemoveWebhook = () =>
  useWebhookChange((endpointId: string) =>
    staffRequest(endpointPath(endpointId), webhookEndpointsResponseSchema, { method: 'DELETE' }),
  );

export const useRotateWebhookSecret = () =>
  useWebhookChange((endpointId: string) =>
    staffRequest(`${endpointPath(endpointId)}/rotate-secret`, webhookEndpointsResponseSchema, {
      method: 'POST',
    }),
  );

export const useEnableWebhook = () =>
  useWebhookChange((endpointId: string) =>
    staffRequest(`${endpointPath(endpointId)}/enable`, webhookEndpointsResponseSchema, { method: 'POST' }),
  );

/** An address's latest deliveries, while its log is open; read again every 10 s to follow retries. */
export function useWebhookDeliveries(endpointId: string) {
  return useQuery({
    queryKey: deliveriesQueryKey(endpointId),
    queryFn: () => staffRequest(`${endpointPath(endpointId)}/deliveries`, webhookDeliveriesResponseSchema),
    refetchInterval: 10_000,
  });
}

export function useReplayDelivery(endpointId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) =>
      staffRequest(
        `/v1/staff/webhook-deliveries/${encodeURIComponent(deliveryId)}/replay`,
        webhookDeliverySchema,
        {
          method: 'POST',
        },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deliveriesQueryKey(endpointId) }),
  });
}
