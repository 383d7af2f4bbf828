import type { FastifyInstance } from 'fastify';
import { joinWaitListResponseSchema, z } from '../../../shared/schemas.ts';
import {
  assignProviderRequestSchema,
  boardActionParamsSchema,
  boardEntryParamsSchema,
  boardEntrySchema,
  boardResponseSchema,
  deskWalkInRequestSchema,
  requestAnswerParamsSchema,
} from '../../../shared/staff-schemas.ts';
import { idempotencyKeyOf } from '../../http/idempotency-key.ts';
import { withSchemas } from '../../http/route-schemas.ts';
import { staffFirst, staffOf } from '../../http/staff-auth.ts';
import type { StaffService } from '../staff/staff.service.ts';
import type { WaitListService } from './wait-list.service.ts';

/** The staff console's live board: list, the status buttons, assigning a provider. */
export function registerBoardRoutes(
  app: FastifyInstance,
  deps: { waitList: WaitListService; staff: StaffService },
) {
  const { waitList, staff } = deps;
  const routes = withSchemas(app);
  const anyStaff = staffFirst(staff);
  const entry = { 200: boardEntrySchema };

  routes.get(
    '/api/v1/staff/board',
    { ...anyStaff, schema: { response: { 200: boardResponseSchema } } },
    async (request) => waitList.getBoard(staffOf(request)),
  );

  routes.post(
    '/api/v1/staff/wait-entries/:waitId/:action',
    { ...anyStaff, schema: { params: boardActionParamsSchema, response: entry } },
    async (request) =>
      waitList.applyStaffAction(staffOf(request), request.params.waitId, request.params.action),
  );

  /** The named provider (or the desk) answers a service request before its deadline. */
  routes.post(
    '/api/v1/staff/requests/:waitId/:answer',
    { ...anyStaff, schema: { params: requestAnswerParamsSchema, response: { 204: z.undefined() } } },
    async (request, reply) => {
      await waitList.answerRequest(
        staffOf(request),
        request.params.waitId,
        request.params.answer === 'accept',
      );
      return reply.status(204).send();
    },
  );

  /** "Add walk-in": the front desk (or the owner) puts a phone-in or a guest on the list. */
  routes.post(
    '/api/v1/staff/walk-ins',
    {
      ...staffFirst(staff, 'owner', 'front_desk'),
      schema: { body: deskWalkInRequestSchema, response: { '2xx': joinWaitListResponseSchema } },
    },
    async (request, reply) => {
      const principal = staffOf(request);
      const joined = await waitList.addDeskWalkIn(principal, {
        requester: principal.staffUserId,
        idempotencyKey: idempotencyKeyOf(request),
        request: request.body,
      });
      reply.status(joined.created ? 201 : 200);
      return { waitId: joined.waitId, textSent: joined.textSent };
    },
  );

  routes.put(
    '/api/v1/staff/wait-entries/:waitId/provider',
    {
      ...anyStaff,
      schema: { params: boardEntryParamsSchema, body: assignProviderRequestSchema, response: entry },
    },
    async (request) =>
      waitList.assignProvider(staffOf(request), request.params.waitId, request.body.providerId),
  );
}
