import type { FastifyInstance, FastifyRequest } from 'fastify';
import { lineResponseSchema } from '../../../shared/public-api-schemas.ts';
import { joinWaitListResponseSchema } from '../../../shared/schemas.ts';
import {
  boardActionParamsSchema,
  boardEntrySchema,
  deskWalkInRequestSchema,
} from '../../../shared/staff-schemas.ts';
import { apiKeyFirst, apiKeyOf, apiKeyOrIpKey } from '../../http/api-key-auth.ts';
import { idempotencyKeyOf } from '../../http/idempotency-key.ts';
import { withSchemas } from '../../http/route-schemas.ts';
import type { BoardActor, WaitListService } from '../wait-list/wait-list.service.ts';
import type { ApiKeysService } from './api-keys.service.ts';

/** A key works the line as the front desk does: every entry, whole numbers (docs/public-api.md). */
function actorOf(request: FastifyRequest): BoardActor {
  return { companyId: apiKeyOf(request).companyId, role: 'front_desk', providerId: null };
}

/**
 * The public API's line (docs/public-api.md): another program reads it, adds walk-ins and moves
 * people along it with a business's key, in the `Authorization: Bearer ckn_…` header. Each route
 * is the console board's own step, so a change made here reaches the board, the customer's page
 * and the texts as one made at the desk does.
 */
export function registerLineRoutes(
  app: FastifyInstance,
  deps: { apiKeys: ApiKeysService; waitList: WaitListService; requestsPerMinute: number },
) {
  const { apiKeys, waitList } = deps;
  const routes = withSchemas(app);
  const withKey = [{ apiKey: [] }];
  const perKey = {
    config: {
      rateLimit: {
        max: deps.requestsPerMinute,
        timeWindow: '1 minute',
        keyGenerator: apiKeyOrIpKey(apiKeys),
      },
    },
  };

  routes.get(
    '/api/v1/line',
    {
      ...perKey,
      ...apiKeyFirst(apiKeys, 'read'),
      schema: {
        summary: "The line: today's entries, as the console's board shows them",
        security: withKey,
        response: { 200: lineResponseSchema },
      },
    },
    async (request) => {
      const { companyId, entries, providers, services } = await waitList.getBoard(actorOf(request));
      return { companyId, entries, providers, services };
    },
  );

  /** A walk-in, as the board's "Add walk-in": an `Idempotency-Key` header makes a retry land once. */
  routes.post(
    '/api/v1/line',
    {
      ...perKey,
      ...apiKeyFirst(apiKeys, 'read_write'),
      schema: {
        summary: 'Add a walk-in (201; 200 for a retry with the same Idempotency-Key header)',
        security: withKey,
        body: deskWalkInRequestSchema,
        response: { '2xx': joinWaitListResponseSchema },
      },
    },
    async (request, reply) => {
      const joined = await waitList.addDeskWalkIn(actorOf(request), {
        requester: `api-key:${apiKeyOf(request).keyId}`,
        idempotencyKey: idempotencyKeyOf(request),
        request: request.body,
      });
      reply.status(joined.created ? 201 : 200);
      return { waitId: joined.waitId, textSent: joined.textSent };
    },
  );

  /** Call, start, done, no-show or remove: the board's buttons. */
  routes.post(
    '/api/v1/line/:waitId/:action',
    {
      ...perKey,
      ...apiKeyFirst(apiKeys, 'read_write'),
      schema: {
        summary: 'Call, start, done, no-show or remove an entry: the board’s buttons',
        security: withKey,
        params: boardActionParamsSchema,
        response: { 200: boardEntrySchema },
      },
    },
    async (request) =>
      waitList.applyStaffAction(actorOf(request), request.params.waitId, request.params.action),
  );
}
