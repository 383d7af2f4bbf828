import type { FastifyInstance } from 'fastify';
import { analyticsBatchSchema } from '../../../shared/schemas.ts';
import { requireCustomer } from '../../http/auth.ts';
import { customerOrIpKey } from '../../http/rate-limit-key.ts';
import { parseInput } from '../../http/validate.ts';
import type { CustomerService } from '../customer/customer.service.ts';
import type { AnalyticsService } from './analytics.service.ts';

/** Analytics intake: batches of spec §7 events from the customer app, sent with its token. */
export function registerAnalyticsRoutes(
  app: FastifyInstance,
  deps: { analytics: AnalyticsService; customers: CustomerService; batchesPerMinute: number },
) {
  const { analytics, customers } = deps;

  app.post(
    '/api/v1/analytics/events',
    {
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
      const batch = parseInput(analyticsBatchSchema, request.body);
      await analytics.recordEvents(customerId, batch);
      return reply.status(204).send();
    },
  );
}
