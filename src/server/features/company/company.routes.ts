import type { FastifyInstance } from 'fastify';
import type { WalkInLanding } from '../../../shared/schemas.ts';
import { parseCompanyParams } from '../../http/validate.ts';
import type { CompanyService } from './company.service.ts';

export function registerCompanyRoutes(app: FastifyInstance, deps: { companies: CompanyService }) {
  const { companies } = deps;

  /** The landing page's one round trip: name, location and services. */
  app.get('/api/v1/companies/:companyId/walk-in', async (request): Promise<WalkInLanding> => {
    const { companyId } = parseCompanyParams(request.params);
    return companies.getWalkInLanding(companyId);
  });

  /** ServiceList/{companyId} of spec §7. */
  app.get('/api/v1/companies/:companyId/services', async (request): Promise<string[]> => {
    const { companyId } = parseCompanyParams(request.params);
    await companies.requireCompany(companyId);
    return companies.listServices(companyId);
  });

  /** Spec §7: a list whose first item's Name is the pipe-separated location. */
  app.get('/api/v1/getCompanyLocations/:companyId', async (request) => {
    const { companyId } = parseCompanyParams(request.params);
    const company = await companies.requireCompany(companyId);
    return [{ Name: company.location }];
  });

  /** Spec §7: "prefix-id"; the customer app stores the part after the dash (the business's account id). */
  app.get('/api/v1/getUserIdByCompanyId/:companyId', async (request, reply) => {
    const { companyId } = parseCompanyParams(request.params);
    const company = await companies.requireCompany(companyId);
    return reply.type('application/json').send(JSON.stringify(`company-${company.accountId}`));
  });
}
