import type { FastifyInstance } from 'fastify';
import {
  assignProviderRequestSchema,
  type BoardEntry,
  type BoardResponse,
  uuidSchema,
  z,
} from '../../../shared/schemas.ts';
import { STAFF_ACTION_NAMES, type StaffAction } from '../../../shared/wait-status.ts';
import { requireStaff } from '../../http/staff-auth.ts';
import { parseInput } from '../../http/validate.ts';
import type { StaffService } from '../staff/staff.service.ts';
import type { WaitListService } from './wait-list.service.ts';

const entryActionParamsSchema = z.object({
  waitId: uuidSchema('Unknown wait entry'),
  action: z.enum(STAFF_ACTION_NAMES as [StaffAction, ...StaffAction[]]),
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

  app.put('/api/v1/staff/wait-entries/:waitId/provider', async (request): Promise<BoardEntry> => {
    const principal = await requireStaff(request, staff);
    const { waitId } = parseInput(entryParamsSchema, request.params);
    const { providerId } = parseInput(assignProviderRequestSchema, request.body);
    return waitList.assignProvider(principal, waitId, providerId);
  });
}
