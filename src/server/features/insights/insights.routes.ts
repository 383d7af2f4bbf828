import type { FastifyInstance } from 'fastify';
import type { Insights } from '../../../shared/schemas.ts';
import { requireStaffWithRole } from '../../http/staff-auth.ts';
import type { CompanyService } from '../company/company.service.ts';
import type { StaffService } from '../staff/staff.service.ts';
import type { createInsightsRepository } from './insights.repository.ts';

export function registerInsightsRoutes(
  app: FastifyInstance,
  deps: {
    insights: ReturnType<typeof createInsightsRepository>;
    staff: StaffService;
    companies: CompanyService;
  },
) {
  app.get('/api/v1/staff/insights', async (request): Promise<Insights> => {
    const principal = await requireStaffWithRole(request, deps.staff, 'owner');
    const company = await deps.companies.requireCompany(principal.companyId);
    return deps.insights.forCompany(company.id, company.timeZone);
  });
}
