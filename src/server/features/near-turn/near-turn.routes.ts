import type { FastifyInstance } from 'fastify';
import {
  nearTurnRequestSchema,
  type WaitEntryResponse,
  waitEntryParamsSchema,
} from '../../../shared/schemas.ts';
import { requireCustomer } from '../../http/auth.ts';
import { parseInput } from '../../http/validate.ts';
import type { CustomerService } from '../customer/customer.service.ts';
import type { NearTurnService } from './near-turn.service.ts';

export function registerNearTurnRoutes(
  app: FastifyInstance,
  deps: { nearTurn: NearTurnService; customers: CustomerService },
) {
  /** "Text me when I'm N away": the customer's own entry only, until the text went (docs/near-turn.md). */
  app.put(
    '/api/v1/companies/:companyId/wait-list/:waitId/near-turn',
    async (request): Promise<WaitEntryResponse> => {
      const { companyId, waitId } = parseInput(waitEntryParamsSchema, request.params);
      const customerId = await requireCustomer(request, deps.customers);
      const { choice } = parseInput(nearTurnRequestSchema, request.body);
      return deps.nearTurn.choose({ companyId, waitId, customerId }, choice);
    },
  );
}
