import type { FastifyInstance } from 'fastify';
import { conversionRequestSchema, z } from '../../../shared/schemas.ts';
import { withSchemas } from '../../http/route-schemas.ts';
import type { ConversionTracker } from './conversion-tracker.ts';

export function registerConversionRoutes(app: FastifyInstance, deps: { conversions: ConversionTracker }) {
  withSchemas(app).post(
    '/api/v1/conversions',
    {
      schema: { body: conversionRequestSchema, response: { 202: z.undefined() } },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const body = request.body;
      // The app never waits for the collector (spec §7: fire-and-forget); failures are only logged.
      deps.conversions
        .report({ rwgToken: body.rwg_token, merchantChanged: body.merchant_changed })
        .catch((error: unknown) => request.log.warn({ err: error }, 'conversion report failed'));
      return reply.status(202).send();
    },
  );
}
