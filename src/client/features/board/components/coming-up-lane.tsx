import type { Appointment, AppointmentAction } from '../../../../shared/appointment-schemas.ts';
import { todayIn } from '../../../../shared/business-day.ts';
import { localDateTime } from '../../../../shared/local-time.ts';
import type { StaffMe } from '../../../../shared/staff-schemas.ts';
import { consoleTexts } from '../../../lib/console-texts.ts';
import { formatTimeOfDay } from '../../../lib/formats.ts';
import { useAppointmentAction, useAppointments } from '../api/appointments-api.ts';

/** A booked appointment's buttons, Arrived last (the row's main one). */
function laneActions(
  appointment: Appointment,
  now: number,
): { action: AppointmentAction; label: string; primary: boolean }[] {
  return [
    { action: 'cancel' as const, label: consoleTexts.appointments.cancel, primary: false },
    // A no-show is one only once its time has come (the server says the same).
    ...(Date.parse(appointment.startsAt) <= now
      ? [{ action: 'miss' as const, label: consoleTexts.appointments.missed, primary: false }]
      : []),
    { action: 'arrive' as const, label: consoleTexts.appointments.arrived, primary: true },
  ];
}

/**
 * "Coming up": today's booked appointments in time order, times on the business's clock. The
 * owner and the front desk mark each Arrived (it joins the line), Missed (once its time came) or
 * cancel it; a provider sees the lane only (docs/appointments.md).
 */
export function ComingUpLane({ me, now }: { me: StaffMe; now: number }) {
  // Rendered once the board is loaded (see useAppointments).
  const appointments = useAppointments(true);
  const action = useAppointmentAction();
  if (!appointments.data) return null;
  const { timeZone } = appointments.data;
  const today = todayIn(timeZone, new Date(now));
  const shown = appointments.data.appointments.filter(
    (appointment) =>
      appointment.status === 'booked' &&
      localDateTime(Date.parse(appointment.startsAt), timeZone).date === today,
  );
  if (shown.length === 0) return null;
  const mayChange = me.role !== 'provider';
  const busy = (appointment: Appointment) => action.isPending && action.variables?.id === appointment.id;

  return (
    <section className="board__group" aria-labelledby="coming-up-title">
      <h2 className="board__group-title" id="coming-up-title">
        {consoleTexts.appointments.lane} <span className="board__count">{shown.length}</span>
      </h2>
      {action.isError ? (
        <p className="form-error" role="alert">
          {consoleTexts.console.actionFailed}
        </p>
      ) : null}
      <ul className="board__list">
        {shown.map((appointment) => (
          <li
            key={appointment.id}
            className="board-row board-row--appointment"
            data-appointment-id={appointment.id}
          >
            <div className="board-row__who">
              <p className="board-row__name">
                <time dateTime={appointment.startsAt} className="board-row__time">
                  {formatTimeOfDay(Date.parse(appointment.startsAt), timeZone)}
                </time>{' '}
                {appointment.name}
              </p>
              <p className="board-row__meta">
                {appointment.serviceType} · {consoleTexts.appointments.withProvider(appointment.providerName)}
              </p>
            </div>
            {mayChange ? (
              <div className="board-row__actions">
                {laneActions(appointment, now).map(({ action: kind, label, primary }) => (
                  <button
                    key={kind}
                    type="button"
                    className={
                      primary
                        ? 'button button--primary board-row__main'
                        : 'button button--small button--secondary'
                    }
                    disabled={busy(appointment)}
                    aria-label={consoleTexts.appointments.actionFor(label, appointment.name)}
                    onClick={() => action.mutate({ id: appointment.id, action: kind })}
                  >
                    {label}
                  </button>
                ))}
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
