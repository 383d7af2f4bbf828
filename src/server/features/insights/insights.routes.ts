import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import {
  type Insights,
  insightsCsvQuerySchema,
  insightsDaysSchema,
  insightsRangeSchema,
} from '../../../shared/staff-schemas.ts';
import { OWNER_TOOL_LIMIT, ownerBusinessKey } from '../../http/rate-limit-key.ts';
import { requireStaffWithRole } from '../../http/staff-auth.ts';
import { parseInput } from '../../http/validate.ts';
import type { CompanyService } from '../company/company.service.ts';
import type { StaffService } from '../staff/staff.service.ts';
import type { createInsightsRepository } from './insights.repository.ts';
import { createInsightsService } from './insights.service.ts';

/** A byte-order mark: Excel reads a CSV without one in the computer's legacy code page, garbling names. */
const UTF8_BOM = '\uFEFF';

async function* withBom(lines: AsyncIterable<string>) {
  yield UTF8_BOM;
  yield* lines;
}

export function registerInsightsRoutes(
  app: FastifyInstance,
  deps: {
    insights: ReturnType<typeof createInsightsRepository>;
    staff: StaffService;
    companies: CompanyService;
  },
) {
  const insights = createInsightsService({ insights: deps.insights, companies: deps.companies });

  /** `?from&to` (days of the business's zone), or `?days`: its last days; neither: its last 7 days. */
  app.get('/api/v1/staff/insights', async (request): Promise<Insights> => {
    const principal = await requireStaffWithRole(request, deps.staff, 'owner');
    const query = (request.query ?? {}) as Record<string, unknown>;
    if (query.days !== undefined) {
      const { days } = parseInput(insightsDaysSchema, query);
      return insights.forRange(principal.companyId, { days: Number(days) });
    }
    const today = await insights.todayOf(principal.companyId);
    const range =
      query.from === undefined && query.to === undefined
        ? null
        : parseInput(insightsRangeSchema(today), query);
    return insights.forRange(principal.companyId, range);
  });

  app.get(
    '/api/v1/staff/insights/visits.csv',
    { config: { rateLimit: { ...OWNER_TOOL_LIMIT, keyGenerator: ownerBusinessKey(deps.staff) } } },
    async (request, reply) => {
      const principal = await requireStaffWithRole(request, deps.staff, 'owner');
      const today = await insights.todayOf(principal.companyId);
      const { phones, ...range } = parseInput(insightsCsvQuerySchema(today), request.query ?? {});
      const lines = await insights.visitsCsv(principal.companyId, range, phones === '1');
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="checkn-visits-${range.from}-${range.to}.csv"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(withBom(lines)));
    },
  );
}
