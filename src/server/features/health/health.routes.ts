import type { FastifyInstance } from 'fastify';
import { readinessSchema } from '../../../shared/health-schemas.ts';
import { z } from '../../../shared/schemas.ts';
import { withSchemas } from '../../http/route-schemas.ts';
import type { ReadinessService } from './readiness.ts';

/**
 * Probes for an orchestrator or a load balancer (docs/operations.md). `/api/health` stays as it
 * was: the start scripts, the tests and the benchmarks wait on it.
 */
export function registerHealthRoutes(
  app: FastifyInstance,
  deps: { readiness: ReadinessService; summary: () => Record<string, unknown> },
) {
  const { readiness } = deps;
  const routes = withSchemas(app);
  const alive = z.looseObject({ ok: z.boolean() });

  routes.get('/api/health', { schema: { response: { 200: alive } } }, async () => ({
    ok: true,
    ...deps.summary(),
  }));

  // The process answers: nothing else is asked, so a slow database never gets it restarted.
  routes.get('/api/health/live', { schema: { response: { 200: alive } } }, async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
    return { ok: true };
  });

  routes.get(
    '/api/health/ready',
    { schema: { response: { '2xx': readinessSchema, 503: readinessSchema } } },
    async (_request, reply) => {
      const result = await readiness.check();
      void reply.header('cache-control', 'no-store').status(result.ok ? 200 : 503);
      return result;
    },
  );
}
