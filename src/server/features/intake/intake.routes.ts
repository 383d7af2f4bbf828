import type { FastifyInstance } from 'fastify';
import { z } from '../../../shared/schemas.ts';
import {
  boardIntakeSchema,
  businessSettingsSchema,
  intakeSettingsRequestSchema,
  pauseRequestSchema,
  runningBehindRequestSchema,
  runningBehindResponseSchema,
} from '../../../shared/staff-schemas.ts';
import { consoleReaderLanguage } from '../../http/reader-language.ts';
import { withSchemas } from '../../http/route-schemas.ts';
import { staffFirst, staffOf } from '../../http/staff-auth.ts';
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
  const routes = withSchemas(app);
  const desk = staffFirst(staff, 'owner', 'front_desk');
  const barAnswer = { 200: boardIntakeSchema };

  /** The board's bar: taking walk-ins or why not; every role sees it. */
  routes.get(
    '/api/v1/staff/intake',
    { ...staffFirst(staff), schema: { response: barAnswer } },
    async (request, reply) =>
      intake.boardIntake(staffOf(request).companyId, consoleReaderLanguage(request, reply)),
  );

  /** A pause with no body: no message, resumed by hand. */
  routes.put(
    '/api/v1/staff/pause',
    { ...desk, schema: { body: z.optional(pauseRequestSchema), response: barAnswer } },
    async (request, reply) => {
      const { companyId } = staffOf(request);
      await intake.setPause(companyId, request.body ?? {});
      return intake.boardIntake(companyId, consoleReaderLanguage(request, reply));
    },
  );

  routes.delete(
    '/api/v1/staff/pause',
    { ...desk, schema: { response: barAnswer } },
    async (request, reply) => {
      const { companyId } = staffOf(request);
      await intake.setPause(companyId, null);
      return intake.boardIntake(companyId, consoleReaderLanguage(request, reply));
    },
  );

  /** "Running N minutes behind" (owner and front desk); answers how many customers were texted. */
  routes.put(
    '/api/v1/staff/running-behind',
    {
      ...desk,
      schema: {
        body: runningBehindRequestSchema,
        response: { 200: runningBehindResponseSchema },
      },
    },
    async (request, reply) => {
      const { companyId } = staffOf(request);
      const texted = await intake.setRunningBehind(companyId, request.body);
      return { ...(await intake.boardIntake(companyId, consoleReaderLanguage(request, reply))), texted };
    },
  );

  routes.put(
    '/api/v1/staff/settings/intake',
    {
      ...staffFirst(staff, 'owner'),
      schema: { body: intakeSettingsRequestSchema, response: { 200: businessSettingsSchema } },
    },
    async (request) => {
      const { companyId } = staffOf(request);
      await intake.saveSettings(companyId, request.body);
      return settings.getSettings(companyId);
    },
  );
}
