/**
 * Regulars (docs/regulars.md): what the board shows of a returning customer (the same phone number
 * at the same business) and the staff's note about them. A console contract, apart from
 * schemas.ts so the customer pages' bundle does not build it.
 */
import * as z from 'zod/mini';

/** A note is a line or two for the next visit ("prefers short layers"), not a file. */
export const CUSTOMER_NOTE_MAX_LENGTH = 500;

/** The note a staff member saves from a board row; an empty one deletes the note. */
export const customerNoteRequestSchema = z.object({
  note: z
    .string('Write a note, or leave it empty to delete it')
    .check(
      z.trim(),
      z.maxLength(CUSTOMER_NOTE_MAX_LENGTH, `A note can be at most ${CUSTOMER_NOTE_MAX_LENGTH} characters`),
    ),
});
export type CustomerNoteRequest = z.infer<typeof customerNoteRequestSchema>;

/** What the board knows of a row's customer: their earlier finished visits here and the note. */
export const regularSchema = z.object({
  /** This visit's number among the customer's visits here: 1 for a first visit, 2 after one done. */
  visitNumber: z.number(),
  /** Their latest finished visit before this one; null on a first visit. */
  lastVisit: z.nullable(
    z.object({
      serviceType: z.string(),
      providerName: z.nullable(z.string()),
      /** When it was done (ISO). */
      finishedAt: z.string(),
    }),
  ),
  note: z.nullable(
    z.object({
      text: z.string(),
      updatedAt: z.string(),
      /** Who wrote it last; null once their account was removed. */
      updatedByName: z.nullable(z.string()),
    }),
  ),
});
export type Regular = z.infer<typeof regularSchema>;

/** Board event: the note of these rows' customer changed; consoles read their regulars again. */
export const REGULAR_CHANGED_EVENT = 'regular.changed';
export const regularChangedSchema = z.object({ waitIds: z.array(z.string()) });
export type RegularChanged = z.infer<typeof regularChangedSchema>;
