import type { FastifyInstance } from 'fastify';
import type { Readiness } from '../../../shared/health-schemas.ts';
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

  app.get('/api/health', async () => ({ ok: true, ...deps.summary() }));

  // The process answers: nothing else is asked, so a slow database never gets it restarted.
  app.get('/api/health/live', async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
    return { ok: true };
  });

  app.get('/api/health/ready', async (_request, reply): Promise<Readiness> => {
    const result = await readiness.check();
    void reply.header('cache-control', 'no-store').status(result.ok ? 200 : 503);
    return result;
  });
}
