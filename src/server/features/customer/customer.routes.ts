import type { FastifyInstance } from 'fastify';
import type { CustomerSession } from '../../../shared/schemas.ts';
import {
  bearerToken,
  CUSTOMER_COOKIE,
  clearCustomerCookie,
  keepCustomerCookie,
  requireCustomer,
  setCustomerCookie,
} from '../../http/auth.ts';
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

  /**
   * Ends this browser's customer session: the kiosk, between guests. The token sent, and the one
   * in the cookie (what the server renders the customer's pages with), stop working, and the
   * cookie is cleared, so the tablet shows nobody's page to the next guest (issue 22). The cookie
   * is SameSite=Lax: another site cannot post here with it.
   */
  app.post(
    '/api/v1/customers/sign-out',
    { config: { rateLimit: { max: deps.signInsPerMinute, timeWindow: '1 minute' } } },
    async (request, reply) => {
      const tokens = new Set([bearerToken(request), request.cookies[CUSTOMER_COOKIE]]);
      for (const token of tokens) if (token) await customers.endSession(token);
      clearCustomerCookie(reply, secureCookies);
      return reply.status(204).send();
    },
  );

  /** Lets the app check that the token it kept is still known (a reset server forgets it). */
  app.get('/api/v1/customers/me', async (request) => {
    return { customerId: await requireCustomer(request, customers) };
  });
}
