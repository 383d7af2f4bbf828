import type { FastifyInstance } from 'fastify';
import { customerSessionSchema, z } from '../../../shared/schemas.ts';
import { AppError } from '../../errors.ts';
import {
  bearerToken,
  CUSTOMER_COOKIE,
  clearCustomerCookie,
  keepCustomerCookie,
  requireCustomer,
  setCustomerCookie,
} from '../../http/auth.ts';
import { withSchemas } from '../../http/route-schemas.ts';
import type { CustomerService } from './customer.service.ts';

export function registerCustomerRoutes(
  app: FastifyInstance,
  deps: { customers: CustomerService; signInsPerMinute: number; secureCookies: boolean },
) {
  const { customers, secureCookies } = deps;
  const routes = withSchemas(app);

  app.addHook('onSend', async (request, reply, payload) => {
    await keepCustomerCookie(request, reply, secureCookies);
    return payload;
  });

  routes.post(
    '/api/v1/customers/anonymous',
    {
      schema: { response: { 201: customerSessionSchema } },
      config: { rateLimit: { max: deps.signInsPerMinute, timeWindow: '1 minute' } },
    },
    async (_request, reply) => {
      const session = await customers.signInAnonymously();
      setCustomerCookie(reply, session.token, secureCookies);
      reply.status(201);
      return session;
    },
  );

  /**
   * Ends a customer session: the kiosk, between guests (issue 22). The token sent stops working,
   * and the cookie the server renders the customer's pages with is cleared when it holds that
   * token: by the time this arrives it may already hold the next guest's, which stays. Only the
   * token itself ends its session, never the cookie alone: the app signs a new visitor in as it
   * starts, and a cookie read here could already be theirs.
   */
  routes.post(
    '/api/v1/customers/sign-out',
    {
      schema: { response: { 204: z.undefined() } },
      config: { rateLimit: { max: deps.signInsPerMinute, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const token = bearerToken(request);
      if (!token) throw new AppError('UNAUTHENTICATED');
      await customers.endSession(token);
      if (request.cookies[CUSTOMER_COOKIE] === token) clearCustomerCookie(reply, secureCookies);
      return reply.status(204).send();
    },
  );

  /** Lets the app check that the token it kept is still known (a reset server forgets it). */
  routes.get(
    '/api/v1/customers/me',
    { schema: { response: { 200: z.object({ customerId: z.string() }) } } },
    async (request) => ({ customerId: await requireCustomer(request, customers) }),
  );
}
