import type { FastifyInstance } from 'fastify';
import type { ServiceRequestProvider, WalkInLanding } from '../../../shared/schemas.ts';
import { parseCompanyParams } from '../../http/validate.ts';
import type { IntakeService } from '../intake/intake.service.ts';
import type { CompanyService } from './company.service.ts';

export function registerCompanyRoutes(
  app: FastifyInstance,
  deps: {
    companies: CompanyService;
    intake: Pick<IntakeService, 'getWalkInLanding' | 'getServiceRequestProvider'>;
  },
) {
  const { companies, intake } = deps;

  /** The landing page's one round trip: name, location, services, and whether it takes walk-ins now. */
  app.get('/api/v1/companies/:companyId/walk-in', async (request): Promise<WalkInLanding> => {
    const { companyId } = parseCompanyParams(request.params);
    return intake.getWalkInLanding(companyId);
  });

  /**
   * The provider an add-client link names: a link to one who does not work here (left, or a
   * mistyped link) says so before anything is typed, not after Send.
   */
  app.get(
    '/api/v1/companies/:companyId/providers/:providerId',
    async (request): Promise<ServiceRequestProvider> => {
      const { companyId } = parseCompanyParams(request.params);
      const { providerId } = request.params as { providerId: string };
      return intake.getServiceRequestProvider(companyId, providerId);
    },
  );

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
