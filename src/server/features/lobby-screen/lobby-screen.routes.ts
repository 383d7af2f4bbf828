import type { FastifyInstance } from 'fastify';
import {
  lobbyScreenSchema,
  lobbyScreenSettingsSchema,
  SCREEN_KEY_HEADER,
  screenNameStyleRequestSchema,
} from '../../../shared/lobby-screen.ts';
import { companyIdSchema, z } from '../../../shared/schemas.ts';
import type { StaffRole } from '../../../shared/staff-schemas.ts';
import { withSchemas } from '../../http/route-schemas.ts';
import { staffFirst, staffOf } from '../../http/staff-auth.ts';
import type { StaffService } from '../staff/staff.service.ts';
import type { LobbyScreenService } from './lobby-screen.service.ts';

/**
 * Who may open the screen from the console: the owner and the front desk, who run the waiting
 * area. Not a provider: the link outlives the session it was read in, so a provider who leaves
 * the team would keep a window on the line (docs/lobby-screen.md).
 */
export const LOBBY_SCREEN_ROLES: readonly StaffRole[] = ['owner', 'front_desk'];

const screenParamsSchema = z.object({ companyId: companyIdSchema });
/** Loose: Fastify keeps what the validator answers as the request's headers, every other one included. */
const screenHeadersSchema = z.looseObject({
  [SCREEN_KEY_HEADER]: z.optional(z.string().check(z.maxLength(200))),
});

export function registerLobbyScreenRoutes(
  app: FastifyInstance,
  deps: { screens: LobbyScreenService; staff: StaffService },
) {
  const { screens, staff } = deps;
  const routes = withSchemas(app);
  const settings = { 200: lobbyScreenSettingsSchema };

  /** The screen's data, for its key (sent in a header, so it stays out of request logs). */
  routes.get(
    '/api/v1/companies/:companyId/screen',
    {
      schema: {
        params: screenParamsSchema,
        headers: screenHeadersSchema,
        response: { 200: lobbyScreenSchema },
      },
    },
    async (request, reply) => {
      const { companyId } = request.params;
      const key = request.headers[SCREEN_KEY_HEADER] ?? '';
      // Names of people in line: no cache anywhere keeps them.
      reply.header('cache-control', 'no-store');
      return screens.getScreen(companyId, key);
    },
  );

  routes.get(
    '/api/v1/staff/lobby-screen',
    { ...staffFirst(staff, ...LOBBY_SCREEN_ROLES), schema: { response: settings } },
    async (request) => {
      const principal = staffOf(request);
      return screens.getSettings(principal.companyId);
    },
  );

  /** How names are written: the owner's, like the rest of Settings. */
  routes.put(
    '/api/v1/staff/lobby-screen/name-style',
    { ...staffFirst(staff, 'owner'), schema: { body: screenNameStyleRequestSchema, response: settings } },
    async (request) => {
      const principal = staffOf(request);
      return screens.setNameStyle(principal.companyId, request.body.nameStyle);
    },
  );

  /** A new link; the old one, and any screen open with it, stops at once. The owner's alone. */
  routes.post(
    '/api/v1/staff/lobby-screen/reset',
    { ...staffFirst(staff, 'owner'), schema: { response: settings } },
    async (request) => {
      const principal = staffOf(request);
      return screens.resetLink(principal.companyId);
    },
  );
}
