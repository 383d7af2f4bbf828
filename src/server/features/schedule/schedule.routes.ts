import type { FastifyInstance } from 'fastify';
import {
  floorStateRequestSchema,
  type ProviderFloor,
  type ProviderSchedule,
  providerScheduleRequestSchema,
  type SchedulesResponse,
} from '../../../shared/schedule-schemas.ts';
import { uuidSchema, z } from '../../../shared/schemas.ts';
import { requireOwner, requireStaff } from '../../http/staff-auth.ts';
import { parseInput } from '../../http/validate.ts';
import type { StaffService } from '../staff/staff.service.ts';
import type { ScheduleService } from './schedule.service.ts';

const providerParamsSchema = z.object({
  providerId: uuidSchema('Unknown provider'),
});

/**
 * Who works when (docs/schedule.md): the owner sets shifts, days off and services in Settings;
 * anyone on the team sets a floor state, a provider only their own (schedule.service.ts).
 */
export function registerScheduleRoutes(
  app: FastifyInstance,
  deps: { schedule: ScheduleService; staff: StaffService },
) {
  const { schedule, staff } = deps;

  app.get('/api/v1/staff/settings/schedules', async (request): Promise<SchedulesResponse> => {
    const principal = await requireStaff(request, staff);
    requireOwner(principal);
    return schedule.getSchedules(principal.companyId);
  });

  app.put(
    '/api/v1/staff/settings/providers/:providerId/schedule',
    async (request): Promise<ProviderSchedule> => {
      const principal = await requireStaff(request, staff);
      requireOwner(principal);
      const { providerId } = parseInput(providerParamsSchema, request.params);
      return schedule.setSchedule(
        principal.companyId,
        providerId,
        parseInput(providerScheduleRequestSchema, request.body),
      );
    },
  );

  app.put('/api/v1/staff/providers/:providerId/floor-state', async (request): Promise<ProviderFloor> => {
    const principal = await requireStaff(request, staff);
    const { providerId } = parseInput(providerParamsSchema, request.params);
    const { floorState } = parseInput(floorStateRequestSchema, request.body);
    return schedule.setFloorState(principal, providerId, floorState);
  });
}
