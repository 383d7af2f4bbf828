import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { languageOfAcceptLanguage } from '../../../shared/languages.ts';
import {
  companyLocationsResponseSchema,
  companyParamsSchema,
  companyProviderParamsSchema,
  serviceRequestProviderSchema,
  walkInLandingSchema,
  z,
} from '../../../shared/schemas.ts';
import { withSchemas } from '../../http/route-schemas.ts';
import type { IntakeService } from '../intake/intake.service.ts';
import type { CompanyService } from './company.service.ts';

/**
 * The reader's language (the app sends its page's), for the words the answer carries (why no
 * walk-ins now); a cache keeps one answer per language.
 */
function readerLanguage(request: FastifyRequest, reply: FastifyReply) {
  reply.header('Vary', 'Accept-Language');
  return languageOfAcceptLanguage(request.headers['accept-language']);
}

export function registerCompanyRoutes(
  app: FastifyInstance,
  deps: {
    companies: CompanyService;
    intake: Pick<IntakeService, 'getWalkInLanding' | 'getServiceRequestProvider'>;
  },
) {
  const { companies, intake } = deps;
  const routes = withSchemas(app);

  /** The landing page's one round trip: name, location, services, and whether it takes walk-ins now. */
  routes.get(
    '/api/v1/companies/:companyId/walk-in',
    { schema: { params: companyParamsSchema, response: { 200: walkInLandingSchema } } },
    async (request, reply) =>
      intake.getWalkInLanding(request.params.companyId, readerLanguage(request, reply)),
  );

  /**
   * The provider an add-client link names: a link to one who does not work here (left, or a
   * mistyped link) says so before anything is typed, not after Send.
   */
  routes.get(
    '/api/v1/companies/:companyId/providers/:providerId',
    { schema: { params: companyProviderParamsSchema, response: { 200: serviceRequestProviderSchema } } },
    async (request, reply) =>
      intake.getServiceRequestProvider(
        request.params.companyId,
        request.params.providerId,
        readerLanguage(request, reply),
      ),
  );

  /** ServiceList/{companyId} of spec §7. */
  routes.get(
    '/api/v1/companies/:companyId/services',
    { schema: { params: companyParamsSchema, response: { 200: z.array(z.string()) } } },
    async (request) => {
      const { companyId } = request.params;
      await companies.requireCompany(companyId);
      return companies.listServices(companyId);
    },
  );

  /** Spec §7: a list whose first item's Name is the pipe-separated location. */
  routes.get(
    '/api/v1/getCompanyLocations/:companyId',
    { schema: { params: companyParamsSchema, response: { 200: companyLocationsResponseSchema } } },
    async (request) => {
      const company = await companies.requireCompany(request.params.companyId);
      return [{ Name: company.location }];
    },
  );

  /** Spec §7: "prefix-id"; the customer app stores the part after the dash (the business's account id). */
  routes.get(
    '/api/v1/getUserIdByCompanyId/:companyId',
    { schema: { params: companyParamsSchema, response: { 200: z.string() } } },
    async (request, reply) => {
      const company = await companies.requireCompany(request.params.companyId);
      // Fastify sends a string as it is (plain text, or already JSON): this one is written as JSON.
      return reply.type('application/json').send(JSON.stringify(`company-${company.accountId}`));
    },
  );
}
