import type { FastifyInstance } from 'fastify';
import {
  webhookDeliveriesResponseSchema,
  webhookDeliveryParamsSchema,
  webhookDeliverySchema,
  webhookEndpointParamsSchema,
  webhookEndpointRequestSchema,
  webhookEndpointsResponseSchema,
  webhooksTurnedOffResponseSchema,
} from '../../../shared/webhook-schemas.ts';
import { OWNER_TOOL_LIMIT, ownerBusinessKey } from '../../http/rate-limit-key.ts';
import { withSchemas } from '../../http/route-schemas.ts';
import { staffFirst, staffOf } from '../../http/staff-auth.ts';
import type { StaffService } from '../staff/staff.service.ts';
import type { WebhooksService } from './webhooks.service.ts';

/** Settings, Webhooks: the owner's endpoints, their secrets and their delivery log (docs/webhooks.md). */
export function registerWebhookRoutes(
  app: FastifyInstance,
  deps: { webhooks: WebhooksService; staff: StaffService },
) {
  const { webhooks, staff } = deps;
  const routes = withSchemas(app);
  const ownerOnly = staffFirst(staff, 'owner');
  const endpoints = { 200: webhookEndpointsResponseSchema };
  const companyOf = (request: Parameters<typeof staffOf>[0]) => staffOf(request).companyId;

  routes.get(
    '/api/v1/staff/webhooks',
    { ...ownerOnly, schema: { response: endpoints } },
    async (request) => ({ endpoints: await webhooks.list(companyOf(request)) }),
  );

  /** The console's notice of an address turned off, on every page: a count, not the secrets. */
  routes.get(
    '/api/v1/staff/webhooks/turned-off',
    { ...ownerOnly, schema: { response: { 200: webhooksTurnedOffResponseSchema } } },
    async (request) => ({ turnedOff: await webhooks.turnedOffCount(companyOf(request)) }),
  );

  routes.post(
    '/api/v1/staff/webhooks',
    {
      ...ownerOnly,
      schema: { body: webhookEndpointRequestSchema, response: endpoints },
      config: { rateLimit: { ...OWNER_TOOL_LIMIT, keyGenerator: ownerBusinessKey(staff) } },
    },
    async (request) => ({ endpoints: await webhooks.add(companyOf(request), request.body.url) }),
  );

  routes.delete(
    '/api/v1/staff/webhooks/:endpointId',
    { ...ownerOnly, schema: { params: webhookEndpointParamsSchema, response: endpoints } },
    async (request) => ({ endpoints: await webhooks.remove(companyOf(request), request.params.endpointId) }),
  );

  /** A new signing secret; the old one signs too for a day, while the receiver switches over. */
  routes.post(
    '/api/v1/staff/webhooks/:endpointId/rotate-secret',
    { ...ownerOnly, schema: { params: webhookEndpointParamsSchema, response: endpoints } },
    async (request) => ({
      endpoints: await webhooks.rotateSecret(companyOf(request), request.params.endpointId),
    }),
  );

  /** On again after it was turned off for failing. */
  routes.post(
    '/api/v1/staff/webhooks/:endpointId/enable',
    { ...ownerOnly, schema: { params: webhookEndpointParamsSchema, response: endpoints } },
    async (request) => ({ endpoints: await webhooks.enable(companyOf(request), request.params.endpointId) }),
  );

  routes.get(
    '/api/v1/staff/webhooks/:endpointId/deliveries',
    {
      ...ownerOnly,
      schema: { params: webhookEndpointParamsSchema, response: { 200: webhookDeliveriesResponseSchema } },
    },
    async (request) => ({
      deliveries: await webhooks.deliveries(companyOf(request), request.params.endpointId),
    }),
  );

  /** Replay: the delivery is sent again now, with the same webhook-id. */
  routes.post(
    '/api/v1/staff/webhook-deliveries/:deliveryId/replay',
    {
      ...ownerOnly,
      schema: { params: webhookDeliveryParamsSchema, response: { 200: webhookDeliverySchema } },
    },
    async (request) => webhooks.replay(companyOf(request), request.params.deliveryId),
  );
}
