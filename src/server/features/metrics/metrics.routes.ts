import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from '../../../shared/schemas.ts';
import { AppError } from '../../errors.ts';
import { withSchemas } from '../../http/route-schemas.ts';
import type { Metrics } from './metrics.ts';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * GET /metrics for Prometheus, only with METRICS_TOKEN set (without it the route does not exist)
 * and only to a scraper sending it as a bearer token. Not rate-limited: the limiter is per route
 * and this one has none. The token travels in a header, which the request log never records.
 */
export function registerMetricsRoutes(app: FastifyInstance, deps: { metrics: Metrics; token: string }) {
  const { metrics } = deps;
  // Compared as digests: equal lengths for timingSafeEqual, and nothing learnt from the time taken.
  const expected = digest(deps.token);

  // Prometheus' text format, a string the serializer never sees.
  withSchemas(app).get('/metrics', { schema: { response: { 200: z.string() } } }, async (request, reply) => {
    const header = request.headers.authorization ?? '';
    const presented = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
    if (!timingSafeEqual(digest(presented), expected)) {
      void reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw new AppError('METRICS_TOKEN_INVALID');
    }
    const body = await metrics.registry.metrics();
    return reply.header('content-type', metrics.registry.contentType).send(body);
  });
}
