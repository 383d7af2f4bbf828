import type { FastifyInstance } from 'fastify';
import { customerNoteRequestSchema, regularSchema } from '../../../shared/regular-schemas.ts';
import { boardEntryParamsSchema } from '../../../shared/staff-schemas.ts';
import { withSchemas } from '../../http/route-schemas.ts';
import { staffFirst, staffOf } from '../../http/staff-auth.ts';
import type { StaffService } from '../staff/staff.service.ts';
import type { RegularsService } from './regulars.service.ts';

/** A board row's customer as a regular, and the staff's note on them (docs/regulars.md). */
export function registerRegularsRoutes(
  app: FastifyInstance,
  deps: { regulars: RegularsService; staff: StaffService },
) {
  const { regulars, staff } = deps;
  const routes = withSchemas(app);
  const regular = { 200: regularSchema };

  /** A row that arrived live (the board's own read has the others'). */
  routes.get(
    '/api/v1/staff/wait-entries/:waitId/regular',
    { ...staffFirst(staff), schema: { params: boardEntryParamsSchema, response: regular } },
    async (request) => regulars.getRegular(staffOf(request), request.params.waitId),
  );

  routes.put(
    '/api/v1/staff/wait-entries/:waitId/note',
    {
      ...staffFirst(staff),
      schema: { params: boardEntryParamsSchema, body: customerNoteRequestSchema, response: regular },
    },
    async (request) => regulars.saveNote(staffOf(request), request.params.waitId, request.body.note),
  );
}
