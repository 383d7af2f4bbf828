import type { FastifyInstance } from 'fastify';
import {
  type BoardIntake,
  type BusinessSettings,
  intakeSettingsRequestSchema,
  pauseRequestSchema,
  runningBehindRequestSchema,
} from '../../../shared/staff-schemas.ts';
import { requireOwner, requireStaff, requireStaffWithRole } from '../../http/staff-auth.ts';
import { parseInput } from '../../http/validate.ts';
import type { SettingsService } from '../company/settings.service.ts';
import type { StaffService } from '../staff/staff.service.ts';
import type { IntakeService } from './intake.service.ts';

/**
 * The list's pause (owner and front desk, from the board) and the opening hours and caps (the
 * owner, in Settings). docs/opening-hours.md.
 */
export function registerIntakeRoutes(
  app: FastifyInstance,
  deps: { intake: IntakeService; settings: Pick<SettingsService, 'getSettings'>; staff: StaffService },
) {
  const { intake, settings, staff } = deps;

  /** The board's bar: taking walk-ins or why not; every role sees it. */
  app.get('/api/v1/staff/intake', async (request): Promise<BoardIntake> => {
    const principal = await requireStaff(request, staff);
    return intake.boardIntake(principal.companyId);
  });

  app.put('/api/v1/staff/pause', async (request): Promise<BoardIntake> => {
    const principal = await requireStaffWithRole(request, staff, 'owner', 'front_desk');
    await intake.setPause(principal.companyId, parseInput(pauseRequestSchema, request.body ?? {}));
    return intake.boardIntake(principal.companyId);
  });

  app.delete('/api/v1/staff/pause', async (request): Promise<BoardIntake> => {
    const principal = await requireStaffWithRole(request, staff, 'owner', 'front_desk');
    await intake.setPause(principal.companyId, null);
    return intake.boardIntake(principal.companyId);
  });

  /** "Running N minutes behind" (owner and front desk); answers how many customers were texted. */
  app.put('/api/v1/staff/running-behind', async (request): Promise<BoardIntake & { texted: number }> => {
    const principal = await requireStaffWithRole(request, staff, 'owner', 'front_desk');
    const texted = await intake.setRunningBehind(
      principal.companyId,
      parseInput(runningBehindRequestSchema, request.body),
    );
    return { ...(await intake.boardIntake(principal.companyId)), texted };
  });

  app.put('/api/v1/staff/settings/intake', async (request): Promise<BusinessSettings> => {
    const principal = await requireStaff(request, staff);
    requireOwner(principal);
    await intake.saveSettings(principal.companyId, parseInput(intakeSettingsRequestSchema, request.body));
    return settings.getSettings(principal.companyId);
  });
}
