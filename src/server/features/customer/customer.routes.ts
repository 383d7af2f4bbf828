import type { FastifyInstance } from 'fastify';
import type { CustomerSession } from '../../../shared/schemas.ts';
import { keepCustomerCookie, requireCustomer, setCustomerCookie } from '../../http/auth.ts';
import type { CustomerService } from './customer.service.ts';

export function registerCustomerRoutes(
  app: FastifyInstance,
  deps: { customers: CustomerService; signInsPerMinute: number; secureCookies: boolean },
) {
  const { customers, secureCookies } = deps;

  app.addHook('onSend', async (request, reply, payload) => {
    await keepCustomerCookie(request, reply, secureCookies);
    return payload;
  });

  app.post(
    '/api/v1/customers/anonymous',
    { config: { rateLimit: { max: deps.signInsPerMinute, timeWindow: '1 minute' } } },
    async (_request, reply): Promise<CustomerSession> => {
      const session = await customers.signInAnonymously();
      setCustomerCookie(reply, session.token, secureCookies);
      reply.status(201);
      return session;
    },
  );

  /** Lets the app check that the token it kept is still known (a reset server forgets it). */
  app.get('/api/v1/customers/me', async (request) => {
    return { customerId: await requireCustomer(request, customers) };
  });
}
