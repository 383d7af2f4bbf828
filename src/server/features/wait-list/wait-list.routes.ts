import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LIMITS } from '../../../shared/constants.ts';
import {
  addClientRequestSchema,
  type JoinWaitListResponse,
  joinWaitListRequestSchema,
  moreTimeRequestSchema,
  type WaitEntryResponse,
  waitEntryParamsSchema,
} from '../../../shared/schemas.ts';
import { AppError } from '../../errors.ts';
import { requireCustomer } from '../../http/auth.ts';
import { customerOrIpKey } from '../../http/rate-limit-key.ts';
import { parseCompanyParams, parseInput } from '../../http/validate.ts';
import type { CustomerService } from '../customer/customer.service.ts';
import type { WaitListService } from './wait-list.service.ts';

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
    preHandler: async (request: FastifyRequest, reply: FastifyReply) => {
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

  app.post(
    '/api/v1/companies/:companyId/wait-list',
    joinLimits,
    async (request, reply): Promise<JoinWaitListResponse> => {
      const { companyId } = parseCompanyParams(request.params);
      const customerId = await requireCustomer(request, customers);
      const idempotencyKey = requireIdempotencyKey(request.headers['idempotency-key']);
      const body = parseInput(joinWaitListRequestSchema, request.body);
      const { waitId, created, textSent } = await waitList.joinWaitList({
        companyId,
        customerId,
        idempotencyKey,
        request: body,
      });
      reply.status(created ? 201 : 200);
      return { waitId, textSent };
    },
  );

  /** The spec's addClient cloud function: a service request to a named provider (spec §7). */
  app.post(
    '/api/v1/functions/addClient',
    joinLimits,
    async (request, reply): Promise<JoinWaitListResponse> => {
      const customerId = await requireCustomer(request, customers);
      const idempotencyKey = requireIdempotencyKey(request.headers['idempotency-key']);
      const body = parseInput(addClientRequestSchema, request.body);
      const { waitId, created, textSent } = await waitList.sendServiceRequest({
        customerId,
        idempotencyKey,
        request: body,
      });
      reply.status(created ? 201 : 200);
      return { waitId, textSent };
    },
  );

  app.get('/api/v1/companies/:companyId/wait-list/:waitId', async (request): Promise<WaitEntryResponse> => {
    const { companyId, waitId } = parseInput(waitEntryParamsSchema, request.params);
    const customerId = await requireCustomer(request, customers);
    return waitList.getOwnWaitEntry(companyId, waitId, customerId);
  });

  /** A declined or expired service request joins the general line, keeping its arrival time. */
  app.post(
    '/api/v1/companies/:companyId/wait-list/:waitId/next-available',
    async (request): Promise<WaitEntryResponse> => {
      const { companyId, waitId } = parseInput(waitEntryParamsSchema, request.params);
      const customerId = await requireCustomer(request, customers);
      return waitList.joinNextAvailable(companyId, waitId, customerId);
    },
  );

  /** "I need more time" (10 or 20 minutes): the customer's own entry only (docs/more-time.md). */
  app.post(
    '/api/v1/companies/:companyId/wait-list/:waitId/more-time',
    async (request): Promise<WaitEntryResponse> => {
      const { companyId, waitId } = parseInput(waitEntryParamsSchema, request.params);
      const customerId = await requireCustomer(request, customers);
      const { minutes } = parseInput(moreTimeRequestSchema, request.body);
      return waitList.askMoreTime(companyId, waitId, customerId, minutes);
    },
  );

  /** "I'm here": the customer's own entry only; the board shows them in the lobby. */
  app.post(
    '/api/v1/companies/:companyId/wait-list/:waitId/arrived',
    async (request): Promise<WaitEntryResponse> => {
      const { companyId, waitId } = parseInput(waitEntryParamsSchema, request.params);
      const customerId = await requireCustomer(request, customers);
      return waitList.markArrived(companyId, waitId, customerId);
    },
  );

  app.post(
    '/api/v1/companies/:companyId/wait-list/:waitId/leave',
    async (request): Promise<WaitEntryResponse> => {
      const { companyId, waitId } = parseInput(waitEntryParamsSchema, request.params);
      const customerId = await requireCustomer(request, customers);
      return waitList.leaveWaitList(companyId, waitId, customerId);
    },
  );
}
