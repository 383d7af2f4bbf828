import type { FastifyInstance } from 'fastify';
import { customerNoteRequestSchema, type Regular } from '../../../shared/regular-schemas.ts';
import { uuidSchema, z } from '../../../shared/schemas.ts';
import { requireStaff } from '../../http/staff-auth.ts';
import { parseInput } from '../../http/validate.ts';
import type { StaffService } from '../staff/staff.service.ts';
import type { RegularsService } from './regulars.service.ts';

const entryParamsSchema = z.object({
  waitId: uuidSchema('Unknown wait entry'),
});

/** A board row's customer as a regular, and the staff's note on them (docs/regulars.md). */
export function registerRegularsRoutes(
  app: FastifyInstance,
  deps: { regulars: RegularsService; staff: StaffService },
) {
  const { regulars, staff } = deps;

  /** A row that arrived live (the board's own read has the others'). */
  app.get('/api/v1/staff/wait-entries/:waitId/regular', async (request): Promise<Regular> => {
    const principal = await requireStaff(request, staff);
    const { waitId } = parseInput(entryParamsSchema, request.params);
    return regulars.getRegular(principal, waitId);
  });

  app.put('/api/v1/staff/wait-entries/:waitId/note', async (request): Promise<Regular> => {
    const principal = await requireStaff(request, staff);
    const { waitId } = parseInput(entryParamsSchema, request.params);
    const { note } = parseInput(customerNoteRequestSchema, request.body);
    return regulars.saveNote(principal, waitId, note);
  });
}
