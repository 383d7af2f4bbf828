import { randomUUID } from 'node:crypto';
import type {
  Appointment,
  AppointmentAction,
  AppointmentActionResponse,
  AppointmentList,
  BookAppointmentRequest,
} from '../../../shared/appointment-schemas.ts';
import { APPOINTMENT_LIST_DAYS } from '../../../shared/appointment-schemas.ts';
import { todayIn } from '../../../shared/business-day.ts';
import { addDays, instantAt, instantsAt, minuteOfDay } from '../../../shared/local-time.ts';
import { topics } from '../../../shared/realtime.ts';
import type { Database } from '../../db/database.ts';
import { AppError, invariantFound } from '../../errors.ts';
import type { EventLog } from '../../realtime/event-log.ts';
import type { CompanyService } from '../company/company.service.ts';
import type { CustomerService } from '../customer/customer.service.ts';
import type { SmsService } from '../sms/sms.service.ts';
import { SMS_WORDS } from '../sms/sms-texts.ts';
import type { StaffPrincipal } from '../staff/staff.service.ts';
import { boardEntryAsSeenBy } from '../wait-list/board-view.ts';
import type { WaitListRepository } from '../wait-list/wait-list.repository.ts';
import { chatThreadKeyFor, ensureDialablePhone } from '../wait-list/wait-list.service.ts';
import type { AppointmentsRepository } from './appointments.repository.ts';

/** A booking a little in the past is a desk catching up with a guest at the door, not a mistake. */
export const PAST_GRACE_MINUTES = 10;
/** Bookings further ahead than this are refused (a typo in the year, most likely). */
const MAX_DAYS_AHEAD = 366;
const MINUTE_MS = 60_000;

export const IN_THE_PAST_MESSAGE = 'That time has passed. Pick a later time.';
export const TOO_FAR_AHEAD_MESSAGE = `Book at most ${MAX_DAYS_AHEAD} days ahead.`;
export const MISSED_TOO_EARLY_MESSAGE = 'An appointment can be marked missed only once its time has come.';

/**
 * Appointments (docs/appointments.md): the owner and the front desk book a visit for a time with
 * a provider; on "Arrived" it joins the line as that provider's, placed at its booked time.
 */
export function createAppointmentsService(deps: {
  db: Database;
  appointments: AppointmentsRepository;
  waitList: Pick<WaitListRepository, 'insertManyOnceAndPublish'>;
  companies: CompanyService;
  customers: Pick<CustomerService, 'deskCustomer'>;
  eventLog: EventLog;
  sms: Pick<SmsService, 'kick'>;
  now?: () => number;
}) {
  const { db, appointments, waitList, companies, customers, eventLog, sms } = deps;
  const now = deps.now ?? Date.now;

  async function ensureActiveProvider(companyId: string, providerId: string): Promise<void> {
    const providers = await companies.listProviders(companyId);
    if (!providers.some((provider) => provider.id === providerId))
      throw new AppError('PROVIDER_NOT_FOUND', { field: 'providerId' });
  }

  /** The booked instant of a local date and time in the business's zone, neither past nor too far ahead. */
  function startsAtFor(request: { date: string; time: string }, timeZone: string): Date {
    const earliest = now() - PAST_GRACE_MINUTES * MINUTE_MS;
    // A time the clocks show twice (1:30 on a fall-back night) is the first of the two not yet
    // past: typed during the repeated hour it means the second, not one an hour ago.
    const shown = instantsAt(request.date, minuteOfDay(request.time) ?? 0, timeZone);
    const startsAt = shown.find((instant) => instant >= earliest) ?? shown[0]!;
    if (startsAt < earliest)
      throw new AppError('VALIDATION_FAILED', { field: 'time', message: IN_THE_PAST_MESSAGE });
    if (startsAt > now() + MAX_DAYS_AHEAD * 24 * 60 * MINUTE_MS)
      throw new AppError('VALIDATION_FAILED', { field: 'date', message: TOO_FAR_AHEAD_MESSAGE });
    return new Date(startsAt);
  }

  /** A change that wrote events (one statement or a transaction): numbered and sent as it commits. */
  function thenPublish<T>(change: Promise<T>): Promise<T> {
    return eventLog.numberWhenCommitted(change);
  }

  /**
   * "Arrived": in one transaction the appointment becomes arrived and its visit joins the line,
   * assigned to its provider and placed at the earlier of now and its booked time, so a guest on
   * time is not behind walk-ins who came after their time. The visit gets the join text when it
   * has a phone, as a desk walk-in does. Opening hours and the pause never refuse it: the guest
   * is at the desk. A second "Arrived" answers with the visit of the first.
   */
  async function arrive(
    principal: StaffPrincipal,
    appointmentId: string,
  ): Promise<AppointmentActionResponse> {
    const company = await companies.requireCompany(principal.companyId);
    const boardTopic = topics.board(company.id);
    const appointment = await requireAppointment(company.id, appointmentId);
    // An identity of the visit's own that no device holds, as a desk walk-in's; made before the
    // transaction (it is idempotent), so the transaction holds the appointment's lock briefly.
    const customerId = await customers.deskCustomer(`appointment:${appointment.id}`);
    const providerStillHere = (await companies.listProviders(company.id)).some(
      (provider) => provider.id === appointment.providerId,
    );
    const waitId = randomUUID();
    const outcome = await thenPublish(
      db.transaction(async (tx) => {
        const arrived = await appointments.leaveBookedAndPublish(
          { id: appointment.id, companyId: company.id, to: 'arrived', waitId },
          boardTopic,
          tx,
        );
        if (!arrived) return null;
        const [joined] = await waitList.insertManyOnceAndPublish(
          [
            {
              entry: {
                id: waitId,
                companyId: company.id,
                customerId,
                idempotencyKey: `appointment:${appointment.id}`,
                serviceType: arrived.serviceType,
                name: arrived.name,
                phoneNumber: arrived.phoneNumber,
                allowSms: arrived.phoneNumber !== null,
                fcmToken: null,
                chatThreadKey: chatThreadKeyFor(company.accountId, customerId),
                origin: 'appointment',
                placedAt: arrived.startsAt,
              },
              publish: {
                boardTopic,
                textId: randomUUID(),
                // A booking's customer is texted in the business's language (docs/languages.md).
                text: SMS_WORDS[company.language].join,
                kind: 'join',
                // A provider removed since the booking: the visit goes to whoever is free.
                providerId: providerStillHere ? arrived.providerId : null,
              },
            },
          ],
          tx,
        );
        if (!joined || 'refused' in joined)
          throw new AppError('PHONE_JOIN_LIMITED', { field: 'phoneNumber' });
        if (joined.waitId !== waitId) throw new Error('an arrival landed on another visit');
        return { appointment: arrived, joined };
      }),
    );
    if (!outcome) {
      // Arrived already (a double tap, or another console): the visit the first one made.
      const current = await requireAppointment(company.id, appointment.id);
      if (current.status !== 'arrived' || current.waitId === null)
        throw new AppError('STATUS_CHANGE_NOT_ALLOWED');
      return {
        appointment: boardEntryAsSeenBy(principal, current),
        visit: { waitId: current.waitId, textSent: false },
      };
    }
    if (outcome.joined.textQueued) sms.kick();
    return {
      appointment: boardEntryAsSeenBy(principal, outcome.appointment),
      visit: { waitId, textSent: outcome.joined.textSent ?? false },
    };
  }

  async function requireAppointment(companyId: string, appointmentId: string): Promise<Appointment> {
    // Another business's appointment looks exactly like a missing one.
    return invariantFound(await appointments.findById(appointmentId, companyId), 'APPOINTMENT_NOT_FOUND');
  }

  /** "Missed" (a no-show, once its time has come) or "Cancel": it leaves the lane. */
  async function endBooking(
    principal: StaffPrincipal,
    appointmentId: string,
    to: 'missed' | 'cancelled',
  ): Promise<AppointmentActionResponse> {
    const appointment = await requireAppointment(principal.companyId, appointmentId);
    if (to === 'missed' && Date.parse(appointment.startsAt) > now())
      throw new AppError('STATUS_CHANGE_NOT_ALLOWED', { message: MISSED_TOO_EARLY_MESSAGE });
    const ended = await thenPublish(
      appointments.leaveBookedAndPublish(
        { id: appointmentId, companyId: principal.companyId, to },
        topics.board(principal.companyId),
      ),
    );
    if (!ended) throw new AppError('STATUS_CHANGE_NOT_ALLOWED');
    return { appointment: boardEntryAsSeenBy(principal, ended), visit: null };
  }

  return {
    /** "Book" on the board (owner, front desk); a retried request with the same key books once. */
    async bookAppointment(
      principal: StaffPrincipal,
      command: { idempotencyKey: string; request: BookAppointmentRequest },
    ): Promise<{ appointment: Appointment; created: boolean }> {
      const { request } = command;
      const phoneNumber = request.phoneNumber ?? null;
      if (phoneNumber) ensureDialablePhone(phoneNumber, 'phoneNumber');
      const company = await companies.requireCompany(principal.companyId);
      await companies.ensureServiceOffered(company.id, request.serviceType);
      await ensureActiveProvider(company.id, request.providerId);
      const startsAt = startsAtFor(request, company.timeZone);
      return thenPublish(
        appointments.insertOnceAndPublish(
          {
            id: randomUUID(),
            companyId: company.id,
            providerId: request.providerId,
            serviceType: request.serviceType,
            name: request.name,
            phoneNumber,
            startsAt,
            idempotencyKey: `${principal.staffUserId}:${command.idempotencyKey}`,
            bookedBy: principal.staffUserId,
          },
          topics.board(company.id),
        ),
      );
    },

    /**
     * The business's appointments from the start of its today for `days` days, every status, as
     * this staff member may see them (a provider sees others' numbers as their last digits).
     */
    async listAppointments(principal: StaffPrincipal, days?: number): Promise<AppointmentList> {
      const company = await companies.requireCompany(principal.companyId);
      const today = todayIn(company.timeZone, new Date(now()));
      const from = instantAt(today, 0, company.timeZone);
      const to = instantAt(addDays(today, days ?? APPOINTMENT_LIST_DAYS.default), 0, company.timeZone);
      const listed = await appointments.listStarting(company.id, new Date(from), new Date(to));
      return {
        timeZone: company.timeZone,
        today,
        appointments: listed.map((appointment) => boardEntryAsSeenBy(principal, appointment)),
      };
    },

    async applyAppointmentAction(
      principal: StaffPrincipal,
      appointmentId: string,
      action: AppointmentAction,
    ): Promise<AppointmentActionResponse> {
      if (action === 'arrive') return arrive(principal, appointmentId);
      return endBooking(principal, appointmentId, action === 'miss' ? 'missed' : 'cancelled');
    },

    /**
     * A provider leaves (Settings) and the owner sends their customers to another: their booked
     * appointments go too. Sent to anyone, they stay with the name the customer booked, and their
     * visit joins for anyone on arrival (docs/appointments.md).
     */
    moveProviderAppointments: (companyId: string, fromProviderId: string, toProviderId: string) =>
      thenPublish(
        appointments.moveBookedAndPublish(
          { companyId, fromProviderId, toProviderId },
          topics.board(companyId),
        ),
      ),

    /** For the wait estimate: a provider's booked (not arrived, cancelled or missed) time in a window. */
    bookedIntervals: (providerId: string, from: Date, to: Date) =>
      appointments.bookedIntervals(providerId, from, to),
  };
}

export type AppointmentsService = ReturnType<typeof createAppointmentsService>;
