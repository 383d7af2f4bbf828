/**
 * Appointments (docs/appointments.md): the board's "Book" dialog, the "Coming up" lane and its
 * events. The desk books a time in the business's own clock (its date and "HH:MM"), as the
 * people at the desk read it; the server turns it into an instant in the business's time zone.
 */
import * as z from 'zod/mini';
import { minuteOfDay } from './local-time.ts';
import { joinWaitListRequestSchema, uuidSchema } from './schemas.ts';

export const appointmentStatusSchema = z.enum(['booked', 'arrived', 'cancelled', 'missed']);
export type AppointmentStatus = z.infer<typeof appointmentStatusSchema>;

const localDate = z.string('Pick a date').check(
  z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Pick a date'),
  z.refine((date) => !Number.isNaN(Date.parse(`${date}T00:00:00Z`)), 'Pick a date'),
);

export const bookAppointmentRequestSchema = z.object({
  name: joinWaitListRequestSchema.shape.name,
  phoneNumber: z.optional(z.nullable(joinWaitListRequestSchema.shape.phoneNumber)),
  serviceType: joinWaitListRequestSchema.shape.serviceType,
  providerId: uuidSchema('Pick a provider'),
  /** The business's local date, YYYY-MM-DD. */
  date: localDate,
  /** The business's local time, "HH:MM" (00:00–23:59). */
  time: z.string('Pick a time').check(
    z.minLength(1, 'Pick a time'),
    z.refine((time) => time === '' || (minuteOfDay(time) ?? 24 * 60) < 24 * 60, 'Pick a time such as 14:30'),
  ),
});
export type BookAppointmentRequest = z.input<typeof bookAppointmentRequestSchema>;

export const appointmentSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Null when booked without one; a provider sees only the last digits of others' (docs/people.md). */
  phoneNumber: z.nullable(z.string()),
  serviceType: z.string(),
  providerId: z.string(),
  providerName: z.string(),
  startsAt: z.string(),
  durationMinutes: z.number(),
  status: appointmentStatusSchema,
  /** The visit its arrival put in line. */
  waitId: z.nullable(z.string()),
});
export type Appointment = z.infer<typeof appointmentSchema>;

/** How far ahead the list reads (days, from the business's today). */
export const APPOINTMENT_LIST_DAYS = { min: 1, max: 31, default: 7 } as const;

const daysMessage = `Choose ${APPOINTMENT_LIST_DAYS.min} to ${APPOINTMENT_LIST_DAYS.max} days`;

/** `?days=N`: today and the N-1 days after it, in the business's time zone. */
export const appointmentListQuerySchema = z.object({
  days: z.optional(
    z.string().check(
      z.regex(/^\d{1,2}$/, daysMessage),
      z.refine(
        (days) => Number(days) >= APPOINTMENT_LIST_DAYS.min && Number(days) <= APPOINTMENT_LIST_DAYS.max,
        daysMessage,
      ),
    ),
  ),
});

export const appointmentListSchema = z.object({
  /** The business's zone: the lane shows times on its clock. */
  timeZone: z.string(),
  /** The business's today, YYYY-MM-DD. */
  today: z.string(),
  /** From the start of today, in time order, every status. */
  appointments: z.array(appointmentSchema),
});
export type AppointmentList = z.infer<typeof appointmentListSchema>;

export const appointmentParamsSchema = z.object({ appointmentId: uuidSchema('Unknown appointment') });

export const appointmentActionSchema = z.enum(['arrive', 'miss', 'cancel']);
export type AppointmentAction = z.infer<typeof appointmentActionSchema>;

export const appointmentActionParamsSchema = z.object({
  appointmentId: uuidSchema('Unknown appointment'),
  action: appointmentActionSchema,
});

/** An action's answer: the appointment, and for "Arrived" the visit now in line. */
export const appointmentActionResponseSchema = z.object({
  appointment: appointmentSchema,
  visit: z.nullable(z.object({ waitId: z.string(), textSent: z.boolean() })),
});
export type AppointmentActionResponse = z.infer<typeof appointmentActionResponseSchema>;
