import type { FastifyInstance } from 'fastify';
import {
  floorStateRequestSchema,
  providerFloorSchema,
  providerScheduleRequestSchema,
  providerScheduleSchema,
  schedulesResponseSchema,
} from '../../../shared/schedule-schemas.ts';
import { uuidSchema, z } from '../../../shared/schemas.ts';
import { withSchemas } from '../../http/route-schemas.ts';
import { staffFirst, staffOf } from '../../http/staff-auth.ts';
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
  const routes = withSchemas(app);

  routes.get(
    '/api/v1/staff/settings/schedules',
    { ...staffFirst(staff, 'owner'), schema: { response: { 200: schedulesResponseSchema } } },
    async (request) => {
      const principal = staffOf(request);
      return schedule.getSchedules(principal.companyId);
    },
  );

  routes.put(
    '/api/v1/staff/settings/providers/:providerId/schedule',
    {
      ...staffFirst(staff, 'owner'),
      schema: {
        params: providerParamsSchema,
        body: providerScheduleRequestSchema,
        response: { 200: providerScheduleSchema },
      },
    },
    async (request) => {
      const principal = staffOf(request);
      const { providerId } = request.params;
      return schedule.setSchedule(principal.companyId, providerId, request.body);
    },
  );

  routes.put(
    '/api/v1/staff/providers/:providerId/floor-state',
    {
      ...staffFirst(staff),
      schema: {
        params: providerParamsSchema,
        body: floorStateRequestSchema,
        response: { 200: providerFloorSchema },
      },
    },
    async (request) => {
      const principal = staffOf(request);
      const { providerId } = request.params;
      return schedule.setFloorState(principal, providerId, request.body.floorState);
    },
  );
}
