/**
 * The events of a business's board (topics.board), as the console reads them: apart from
 * realtime.ts so the customer pages never build the board's schemas (decision 0010).
 */
import * as z from 'zod/mini';
import { appointmentSchema } from './appointment-schemas.ts';
import { ACCESS_CHANGED_EVENT } from './realtime.ts';
import { REGULAR_CHANGED_EVENT, regularChangedSchema } from './regular-schemas.ts';
import { FLOOR_STATE_EVENT, providerFloorSchema } from './schedule-schemas.ts';
import { boardEntrySchema } from './staff-schemas.ts';

export const boardEventSchema = z.discriminatedUnion('event', [
  /** An entry joined or changed: the row as the board lists it. */
  z.object({ event: z.literal('entry.upserted'), data: boardEntrySchema }),
  /** The business paused or resumed walk-ins, or is running behind: the bar reads it again. */
  z.object({ event: z.literal('intake.changed'), data: z.object({}) }),
  z.object({ event: z.literal('appointment.upserted'), data: appointmentSchema }),
  /** A provider's floor state (on break, back): docs/schedule.md. */
  z.object({ event: z.literal(FLOOR_STATE_EVENT), data: providerFloorSchema }),
  /** A regular's visits or note changed: the rows of their visits read it again. */
  z.object({ event: z.literal(REGULAR_CHANGED_EVENT), data: regularChangedSchema }),
  z.object({ event: z.literal(ACCESS_CHANGED_EVENT), data: z.object({}) }),
]);
export type BoardEvent = z.infer<typeof boardEventSchema>;
