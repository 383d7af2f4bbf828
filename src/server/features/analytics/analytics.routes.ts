import type { FastifyInstance } from 'fastify';
import { analyticsBatchSchema, z } from '../../../shared/schemas.ts';
import { requireCustomer } from '../../http/auth.ts';
import { customerOrIpKey } from '../../http/rate-limit-key.ts';
import { withSchemas } from '../../http/route-schemas.ts';
import type { CustomerService } from '../customer/customer.service.ts';
import type { AnalyticsService } from './analytics.service.ts';

/** Analytics intake: batches of spec §7 events from the customer app, sent with its token. */
export function registerAnalyticsRoutes(
  app: FastifyInstance,
  deps: { analytics: AnalyticsService; customers: CustomerService; batchesPerMinute: number },
) {
  const { analytics, customers } = deps;

  withSchemas(app).post(
    '/api/v1/analytics/events',
    {
      schema: { body: analyticsBatchSchema, response: { 204: z.undefined() } },
      // Runs before the body is read: a request without a valid token costs one lookup, no parse.
      onRequest: async (request) => {
        await requireCustomer(request, customers);
      },
      config: {
        rateLimit: {
          max: deps.batchesPerMinute,
          timeWindow: '1 minute',
          // Per customer, not per IP: a salon's guest Wi-Fi puts many phones behind one address.
          keyGenerator: customerOrIpKey(customers),
        },
      },
    },
    async (request, reply) => {
      // Looked up once per request (http/auth.ts): this is the onRequest guard's answer.
      const customerId = await requireCustomer(request, customers);
      await analytics.recordEvents(customerId, request.body);
      return reply.status(204).send();
    },
  );
}
