import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { uuidSchema, z } from '../../../shared/schemas.ts';
import {
  assignProviderRequestSchema,
  type BoardEntry,
  type BoardResponse,
  deskWalkInRequestSchema,
} from '../../../shared/staff-schemas.ts';
import { STAFF_ACTION_NAMES, type StaffAction } from '../../../shared/wait-status.ts';
import { requireStaff, requireStaffWithRole } from '../../http/staff-auth.ts';
import { parseInput } from '../../http/validate.ts';
import type { StaffService } from '../staff/staff.service.ts';
import type { WaitListService } from './wait-list.service.ts';

const entryActionParamsSchema = z.object({
  waitId: uuidSchema('Unknown wait entry'),
  action: z.enum(STAFF_ACTION_NAMES as [StaffAction, ...StaffAction[]]),
});
const requestAnswerParamsSchema = z.object({
  waitId: uuidSchema('Unknown wait entry'),
  answer: z.enum(['accept', 'decline']),
});
const entryParamsSchema = z.object({
  waitId: uuidSchema('Unknown wait entry'),
});

/** The staff console's live board: list, the status buttons, assigning a provider. */
export function registerBoardRoutes(
  app: FastifyInstance,
  deps: { waitList: WaitListService; staff: StaffService },
) {
  const { waitList, staff } = deps;

  app.get('/api/v1/staff/board', async (request): Promise<BoardResponse> => {
    return waitList.getBoard(await requireStaff(request, staff));
  });

  app.post('/api/v1/staff/wait-entries/:waitId/:action', async (request): Promise<BoardEntry> => {
    const principal = await requireStaff(request, staff);
    const { waitId, action } = parseInput(entryActionParamsSchema, request.params);
    return waitList.applyStaffAction(principal, waitId, action);
  });

  /** The named provider (or the desk) answers a service request before its deadline. */
  app.post('/api/v1/staff/requests/:waitId/:answer', async (request, reply) => {
    const principal = await requireStaff(request, staff);
    const { waitId, answer } = parseInput(requestAnswerParamsSchema, request.params);
    await waitList.answerRequest(principal, waitId, answer === 'accept');
    return reply.status(204).send();
  });

  /** "Add walk-in": the front desk (or the owner) puts a phone-in or a guest on the list. */
  app.post('/api/v1/staff/walk-ins', async (request, reply) => {
    const principal = await requireStaffWithRole(request, staff, 'owner', 'front_desk');
    const body = parseInput(deskWalkInRequestSchema, request.body);
    const key = request.headers['idempotency-key'];
    const joined = await waitList.addDeskWalkIn(principal, {
      requester: principal.staffUserId,
      idempotencyKey: typeof key === 'string' && key.length > 0 && key.length <= 100 ? key : randomUUID(),
      request: body,
    });
    reply.status(joined.created ? 201 : 200);
    return { waitId: joined.waitId, textSent: joined.textSent };
  });

  app.put('/api/v1/staff/wait-entries/:waitId/provider', async (request): Promise<BoardEntry> => {
    const principal = await requireStaff(request, staff);
    const { waitId } = parseInput(entryParamsSchema, request.params);
    const { providerId } = parseInput(assignProviderRequestSchema, request.body);
    return waitList.assignProvider(principal, waitId, providerId);
  });
}
