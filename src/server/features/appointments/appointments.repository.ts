import type { Appointment, AppointmentStatus } from '../../../shared/appointment-schemas.ts';
import { SERVICE_DURATION } from '../../../shared/staff-schemas.ts';
import type { Queryable } from '../../db/database.ts';
import { appendEventsSql } from '../../realtime/event-log.ts';

export interface NewAppointment {
  id: string;
  companyId: string;
  providerId: string;
  serviceType: string;
  name: string;
  phoneNumber: string | null;
  startsAt: Date;
  idempotencyKey: string;
  bookedBy: string;
}

/** The longest a service may be listed for (settings): a window's read looks back this far. */
const LONGEST_SERVICE_MINUTES = SERVICE_DURATION.max;

/** A timestamp as JSON has it (Date.toISOString: UTC, milliseconds, "Z"). */
const isoSql = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The one builder of an Appointment from appointment `a` and its provider `p`: reads return it,
 * and the statements that change an appointment write it as their event, with no round trip.
 */
export const appointmentJsonSql = (a: string, p: string) => `jsonb_build_object(
  'id', ${a}.id, 'name', ${a}.name, 'phoneNumber', ${a}.phone_number, 'serviceType', ${a}.service_type,
  'providerId', ${a}.provider_id, 'providerName', ${p}.name, 'startsAt', ${isoSql(`${a}.starts_at`)},
  'durationMinutes', ${a}.duration_minutes, 'status', ${a}.status, 'waitId', ${a}.wait_id)`;

/**
 * Publishes the appointments a statement's `changed` step returns on `$topic` as
 * "appointment.upserted" (numbered after commit: realtime/event-log.ts) and returns them.
 */
const publishChangedSql = (topic: string) => `, entry as (
    select ${appointmentJsonSql('a', 'p')} as appointment from changed a join providers p on p.id = a.provider_id
  ), published as (
    ${appendEventsSql(`select ${topic}, 'appointment.upserted', appointment from entry`)}
  )
  select appointment from entry`;

export function createAppointmentsRepository(db: Queryable) {
  return {
    /**
     * Books one, unless this console already sent its key (a retry after a lost answer): then the
     * first booking. The duration is the service's listed one now (30 minutes for the default
     * services, which have none listed).
     */
    async insertOnceAndPublish(
      booking: NewAppointment,
      boardTopic: string,
      tx: Queryable = db,
    ): Promise<{ appointment: Appointment; created: boolean }> {
      const { rows } = await tx.query<{ appointment: Appointment }>(
        `with changed as (
           insert into appointments
             (id, company_id, provider_id, service_type, name, phone_number, starts_at, duration_minutes,
              idempotency_key, booked_by)
           values ($1, $2, $3, $4, $5, $6, $7,
                   coalesce((select s.duration_minutes from services s where s.company_id = $2 and s.name = $4), 30),
                   $8, $9)
           on conflict (company_id, idempotency_key) do nothing
           returning *
         )${publishChangedSql('$10::text')}`,
        [
          booking.id,
          booking.companyId,
          booking.providerId,
          booking.serviceType,
          booking.name,
          booking.phoneNumber,
          booking.startsAt.toISOString(),
          booking.idempotencyKey,
          booking.bookedBy,
          boardTopic,
        ],
      );
      if (rows[0]) return { appointment: rows[0].appointment, created: true };
      const { rows: earlier } = await tx.query<{ appointment: Appointment }>(
        `select ${appointmentJsonSql('a', 'p')} as appointment
           from appointments a join providers p on p.id = a.provider_id
          where a.company_id = $1 and a.idempotency_key = $2`,
        [booking.companyId, booking.idempotencyKey],
      );
      return { appointment: earlier[0]!.appointment, created: false };
    },

    /** An appointment of `companyId`; null for any other (it looks missing). */
    async findById(id: string, companyId: string, tx: Queryable = db): Promise<Appointment | null> {
      const { rows } = await tx.query<{ appointment: Appointment }>(
        `select ${appointmentJsonSql('a', 'p')} as appointment
           from appointments a join providers p on p.id = a.provider_id
          where a.id = $1 and a.company_id = $2`,
        [id, companyId],
      );
      return rows[0]?.appointment ?? null;
    },

    /** The business's appointments starting in [from, to), in time order. */
    async listStarting(companyId: string, from: Date, to: Date, tx: Queryable = db): Promise<Appointment[]> {
      const { rows } = await tx.query<{ appointment: Appointment }>(
        `select ${appointmentJsonSql('a', 'p')} as appointment
           from appointments a join providers p on p.id = a.provider_id
          where a.company_id = $1 and a.starts_at >= $2 and a.starts_at < $3
          order by a.starts_at, a.created_at`,
        [companyId, from.toISOString(), to.toISOString()],
      );
      return rows.map((row) => row.appointment);
    },

    /**
     * Moves a booked appointment of `companyId` to `to` (with the visit its arrival puts in line)
     * and publishes it. Null when there is no such appointment still booked; the row stays locked
     * to the caller's transaction, so a second "Arrived" waits and then finds it arrived.
     */
    async leaveBookedAndPublish(
      change: { id: string; companyId: string; to: Exclude<AppointmentStatus, 'booked'>; waitId?: string },
      boardTopic: string,
      tx: Queryable = db,
    ): Promise<Appointment | null> {
      const { rows } = await tx.query<{ appointment: Appointment }>(
        `with changed as (
           update appointments set status = $3, wait_id = coalesce($4::uuid, wait_id), updated_at = now()
            where id = $1 and company_id = $2 and status = 'booked'
           returning *
         )${publishChangedSql('$5::text')}`,
        [change.id, change.companyId, change.to, change.waitId ?? null, boardTopic],
      );
      return rows[0]?.appointment ?? null;
    },

    /** A provider leaves with their customers going to `toProviderId`: so do their booked appointments. */
    async moveBookedAndPublish(
      change: { companyId: string; fromProviderId: string; toProviderId: string },
      boardTopic: string,
      tx: Queryable = db,
    ): Promise<number> {
      const { rows } = await tx.query(
        `with changed as (
           update appointments set provider_id = $3, updated_at = now()
            where company_id = $1 and provider_id = $2 and status = 'booked'
           returning *
         )${publishChangedSql('$4::text')}`,
        [change.companyId, change.fromProviderId, change.toProviderId, boardTopic],
      );
      return rows.length;
    },

    /**
     * Every provider's booked time at a business overlapping [from, to), for the wait estimate
     * (schedule/line-plan.service.ts): arrived, cancelled and missed ones hold no time.
     */
    async bookedBlocks(
      companyId: string,
      from: Date,
      to: Date,
    ): Promise<{ providerId: string; startsAt: Date; endsAt: Date }[]> {
      const { rows } = await db.query<{ providerId: string; startsAt: Date | string; endsAt: Date | string }>(
        `select provider_id as "providerId", starts_at as "startsAt",
                starts_at + make_interval(mins => duration_minutes) as "endsAt"
           from appointments
          where company_id = $1 and status = 'booked'
            and starts_at < $3 and starts_at > $2::timestamptz - make_interval(mins => ${LONGEST_SERVICE_MINUTES})
            and starts_at + make_interval(mins => duration_minutes) > $2`,
        [companyId, from.toISOString(), to.toISOString()],
      );
      return rows.map((row) => ({
        providerId: row.providerId,
        startsAt: new Date(row.startsAt),
        endsAt: new Date(row.endsAt),
      }));
    },

    /**
     * A provider's booked time overlapping [from, to): what the wait estimate keeps free. Arrived
     * appointments are in the line already; cancelled and missed ones hold no time.
     */
    async bookedIntervals(
      providerId: string,
      from: Date,
      to: Date,
      tx: Queryable = db,
    ): Promise<{ appointmentId: string; startsAt: Date; endsAt: Date }[]> {
      const { rows } = await tx.query<{
        appointmentId: string;
        startsAt: Date | string;
        endsAt: Date | string;
      }>(
        `select id as "appointmentId", starts_at as "startsAt",
                starts_at + make_interval(mins => duration_minutes) as "endsAt"
           from appointments
          where provider_id = $1 and status = 'booked'
            -- Bounded on both sides by starts_at, so the partial index is read as a range.
            and starts_at < $3 and starts_at > $2::timestamptz - make_interval(mins => ${LONGEST_SERVICE_MINUTES})
            and starts_at + make_interval(mins => duration_minutes) > $2
          order by starts_at`,
        [providerId, from.toISOString(), to.toISOString()],
      );
      return rows.map((row) => ({
        appointmentId: row.appointmentId,
        startsAt: new Date(row.startsAt),
        endsAt: new Date(row.endsAt),
      }));
    },
  };
}

export type AppointmentsRepository = ReturnType<typeof createAppointmentsRepository>;
