import type { FastifyInstance } from 'fastify';
import { analyticsBatchSchema } from '../../../shared/schemas.ts';
import { parseInput } from '../../http/validate.ts';
import type { AnalyticsRepository } from './analytics.repository.ts';

/** Analytics intake: batches of spec §7 events from the app (fetch or navigator.sendBeacon). */
export function registerAnalyticsRoutes(app: FastifyInstance, deps: { analytics: AnalyticsRepository }) {
  app.post(
    '/api/v1/analytics/events',
    { config: { rateLimit: { max: 120, timeWindow: '1 minute' } } },
    async (request, reply) => {
      const batch = parseInput(analyticsBatchSchema, request.body);
      await deps.analytics.insertBatch(batch);
      return reply.status(204).send();
    },
  );
}
