import type { FastifyInstance } from 'fastify';
import type { CustomerSession } from '../../../shared/schemas.ts';
import { requireCustomer } from '../../http/auth.ts';
import type { CustomerService } from './customer.service.ts';

export function registerCustomerRoutes(
  app: FastifyInstance,
  deps: { customers: CustomerService; signInsPerMinute: number },
) {
  const { customers } = deps;

  app.post(
    '/api/v1/customers/anonymous',
    { config: { rateLimit: { max: deps.signInsPerMinute, timeWindow: '1 minute' } } },
    async (_request, reply): Promise<CustomerSession> => {
      reply.status(201);
      return customers.signInAnonymously();
    },
  );

  /** Lets the app check that the token it kept is still known (a reset server forgets it). */
  app.get('/api/v1/customers/me', async (request) => {
    return { customerId: await requireCustomer(request, customers) };
  });
}
