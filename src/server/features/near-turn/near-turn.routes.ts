import type { FastifyInstance } from 'fastify';
import { languageOfAcceptLanguage } from '../../../shared/languages.ts';
import {
  nearTurnRequestSchema,
  waitEntryParamsSchema,
  waitEntryResponseSchema,
} from '../../../shared/schemas.ts';
import { requireCustomer } from '../../http/auth.ts';
import { withSchemas } from '../../http/route-schemas.ts';
import type { CustomerService } from '../customer/customer.service.ts';
import type { NearTurnService } from './near-turn.service.ts';

export function registerNearTurnRoutes(
  app: FastifyInstance,
  deps: { nearTurn: NearTurnService; customers: CustomerService },
) {
  /** "Text me when I'm N away": the customer's own entry only, until the text went (docs/near-turn.md). */
  withSchemas(app).put(
    '/api/v1/companies/:companyId/wait-list/:waitId/near-turn',
    {
      schema: {
        params: waitEntryParamsSchema,
        body: nearTurnRequestSchema,
        response: { 200: waitEntryResponseSchema },
      },
    },
    async (request) => {
      const { companyId, waitId } = request.params;
      const customerId = await requireCustomer(request, deps.customers);
      return deps.nearTurn.choose(
        { companyId, waitId, customerId },
        request.body.choice,
        // The answer's clock times in the reader's language (the app sends its page's).
        languageOfAcceptLanguage(request.headers['accept-language']),
      );
    },
  );
}
