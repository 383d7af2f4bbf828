import * as z from 'zod/mini';

/**
 * GET /api/health/ready (docs/operations.md): each check, and `ok` when all pass. The status is
 * 200 when ready, 503 otherwise, with `failing` naming the checks that did not pass.
 */
export const readinessSchema = z.object({
  ok: z.boolean(),
  failing: z.array(z.enum(['database', 'migrations', 'realtime'])),
  checks: z.object({
    database: z.object({ ok: z.boolean(), kind: z.enum(['pglite', 'postgres']) }),
    migrations: z.object({ ok: z.boolean(), latest: z.string() }),
    realtime: z.object({ ok: z.boolean() }),
    /** Informative only: readiness never fails for want of a backup. */
    backup: z.object({
      /** False until the server is told where backups are recorded (docs/operations.md). */
      configured: z.boolean(),
      lastGoodAt: z.nullable(z.string()),
      ageSeconds: z.nullable(z.number()),
    }),
  }),
});
export type Readiness = z.infer<typeof readinessSchema>;
