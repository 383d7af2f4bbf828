import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import {
  insightsCsvQueryFieldsSchema,
  insightsCsvQuerySchema,
  insightsQuerySchema,
  insightsRangeSchema,
  insightsSchema,
} from '../../../shared/staff-schemas.ts';
import { OWNER_TOOL_LIMIT, ownerBusinessKey } from '../../http/rate-limit-key.ts';
import { consoleReaderLanguage } from '../../http/reader-language.ts';
import { withSchemas } from '../../http/route-schemas.ts';
import { staffFirst, staffOf } from '../../http/staff-auth.ts';
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
  const routes = withSchemas(app);
  const ownerOnly = staffFirst(deps.staff, 'owner');

  /**
   * `?from&to` (days of the business's zone), or `?days`: its last days; neither: its last 7 days.
   * The range's rules depend on the business's today, so they are checked here, with it.
   */
  routes.get(
    '/api/v1/staff/insights',
    { ...ownerOnly, schema: { querystring: insightsQuerySchema, response: { 200: insightsSchema } } },
    async (request) => {
      const principal = staffOf(request);
      const query = request.query;
      if (query.days !== undefined) {
        return insights.forRange(principal.companyId, { days: Number(query.days) });
      }
      const today = await insights.todayOf(principal.companyId);
      const range =
        query.from === undefined && query.to === undefined
          ? null
          : parseInput(insightsRangeSchema(today), query);
      return insights.forRange(principal.companyId, range);
    },
  );

  /** A CSV file, not JSON: no answer schema. */
  routes.get(
    '/api/v1/staff/insights/visits.csv',
    {
      ...ownerOnly,
      schema: { querystring: insightsCsvQueryFieldsSchema },
      config: { rateLimit: { ...OWNER_TOOL_LIMIT, keyGenerator: ownerBusinessKey(deps.staff) } },
    },
    async (request, reply) => {
      const principal = staffOf(request);
      const today = await insights.todayOf(principal.companyId);
      const { phones, language, ...range } = parseInput(insightsCsvQuerySchema(today), request.query);
      const lines = await insights.visitsCsv(
        principal.companyId,
        range,
        phones === '1',
        language ?? consoleReaderLanguage(request, reply),
      );
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="checkn-visits-${range.from}-${range.to}.csv"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(withBom(lines)));
    },
  );
}
