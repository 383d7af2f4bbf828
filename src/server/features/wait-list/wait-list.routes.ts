import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LIMITS } from '../../../shared/constants.ts';
import { languageOfAcceptLanguage } from '../../../shared/languages.ts';
import {
  addClientRequestSchema,
  companyParamsSchema,
  joinWaitListRequestSchema,
  joinWaitListResponseSchema,
  moreTimeRequestSchema,
  waitEntryParamsSchema,
  waitEntryResponseSchema,
} from '../../../shared/schemas.ts';
import { AppError } from '../../errors.ts';
import { requireCustomer } from '../../http/auth.ts';
import { customerOrIpKey } from '../../http/rate-limit-key.ts';
import { withSchemas } from '../../http/route-schemas.ts';
import type { CustomerService } from '../customer/customer.service.ts';
import type { WaitListService } from './wait-list.service.ts';

/** The language the customer reads (the app sends its page's): their texts and the answer's words. */
const readerLanguage = (request: FastifyRequest) =>
  languageOfAcceptLanguage(request.headers['accept-language']);

function requireIdempotencyKey(header: string | string[] | undefined): string {
  const key = Array.isArray(header) ? header[0] : header;
  if (!key || key.length > LIMITS.idempotencyKeyMaxLength || !/^[\w-]+$/.test(key)) {
    throw new AppError('BAD_REQUEST', {
      message: 'An Idempotency-Key header (letters, digits, dashes) is required.',
    });
  }
  return key;
}

export function registerWaitListRoutes(
  app: FastifyInstance,
  deps: {
    waitList: WaitListService;
    customers: CustomerService;
    joinsPerMinute: number;
    joinsPerIpPerHour: number;
  },
) {
  const { waitList, customers } = deps;
  const routes = withSchemas(app);
  /**
   * Per customer, tightly; per IP too, loosely: a salon's guest Wi-Fi puts many phones behind one
   * address, but an anonymous identity costs one request, so without the second one machine could
   * join (and text) without end under ever-new identities. One count for joins and requests.
   */
  // The plugin runs one limit per request (its hooks skip a request another limit has seen), so
  // the second is checked by hand.
  const checkIpLimit = app.createRateLimit({
    max: deps.joinsPerIpPerHour,
    timeWindow: '1 hour',
    keyGenerator: (request) => `ip:${request.ip}`,
  });
  const joinLimits = {
    // Before the body is validated (decision 0015): every attempt from the address counts, and
    // one over the limit is refused whatever it sent.
    preValidation: async (request: FastifyRequest, reply: FastifyReply) => {
      const limit = await checkIpLimit(request);
      if (limit.isAllowed || !limit.isExceeded) return;
      reply.header('retry-after', limit.ttlInSeconds);
      throw new AppError('RATE_LIMITED');
    },
    config: {
      rateLimit: {
        max: deps.joinsPerMinute,
        timeWindow: '1 minute',
        keyGenerator: customerOrIpKey(customers),
      },
    },
  };

  const joined = { '2xx': joinWaitListResponseSchema };

  routes.post(
    '/api/v1/companies/:companyId/wait-list',
    {
      ...joinLimits,
      schema: { params: companyParamsSchema, body: joinWaitListRequestSchema, response: joined },
    },
    async (request, reply) => {
      const { companyId } = request.params;
      const customerId = await requireCustomer(request, customers);
      const idempotencyKey = requireIdempotencyKey(request.headers['idempotency-key']);
      const { waitId, created, textSent } = await waitList.joinWaitList({
        companyId,
        customerId,
        idempotencyKey,
        request: request.body,
        language: readerLanguage(request),
      });
      reply.status(created ? 201 : 200);
      return { waitId, textSent };
    },
  );

  /** The spec's addClient cloud function: a service request to a named provider (spec §7). */
  routes.post(
    '/api/v1/functions/addClient',
    { ...joinLimits, schema: { body: addClientRequestSchema, response: joined } },
    async (request, reply) => {
      const customerId = await requireCustomer(request, customers);
      const idempotencyKey = requireIdempotencyKey(request.headers['idempotency-key']);
      const { waitId, created, textSent } = await waitList.sendServiceRequest({
        customerId,
        idempotencyKey,
        request: request.body,
        // The texts' language in a header: the spec's body stays as the spec has it.
        language: readerLanguage(request),
      });
      reply.status(created ? 201 : 200);
      return { waitId, textSent };
    },
  );

  /** The customer's own entry, as their page shows it. */
  const ownEntry = { params: waitEntryParamsSchema, response: { 200: waitEntryResponseSchema } };

  routes.get('/api/v1/companies/:companyId/wait-list/:waitId', { schema: ownEntry }, async (request) => {
    const { companyId, waitId } = request.params;
    const customerId = await requireCustomer(request, customers);
    return waitList.getOwnWaitEntry(companyId, waitId, customerId, readerLanguage(request));
  });

  /** A declined or expired service request joins the general line, keeping its arrival time. */
  routes.post(
    '/api/v1/companies/:companyId/wait-list/:waitId/next-available',
    { schema: ownEntry },
    async (request) => {
      const { companyId, waitId } = request.params;
      const customerId = await requireCustomer(request, customers);
      return waitList.joinNextAvailable(companyId, waitId, customerId, readerLanguage(request));
    },
  );

  /** "I need more time" (10 or 20 minutes): the customer's own entry only (docs/more-time.md). */
  routes.post(
    '/api/v1/companies/:companyId/wait-list/:waitId/more-time',
    { schema: { ...ownEntry, body: moreTimeRequestSchema } },
    async (request) => {
      const { companyId, waitId } = request.params;
      const customerId = await requireCustomer(request, customers);
      return waitList.askMoreTime(
        companyId,
        waitId,
        customerId,
        request.body.minutes,
        readerLanguage(request),
      );
    },
  );

  /** "I'm here": the customer's own entry only; the board shows them in the lobby. */
  routes.post(
    '/api/v1/companies/:companyId/wait-list/:waitId/arrived',
    { schema: ownEntry },
    async (request) => {
      const { companyId, waitId } = request.params;
      const customerId = await requireCustomer(request, customers);
      return waitList.markArrived(companyId, waitId, customerId, readerLanguage(request));
    },
  );

  routes.post(
    '/api/v1/companies/:companyId/wait-list/:waitId/leave',
    { schema: ownEntry },
    async (request) => {
      const { companyId, waitId } = request.params;
      const customerId = await requireCustomer(request, customers);
      return waitList.leaveWaitList(companyId, waitId, customerId, readerLanguage(request));
    },
  );
}
