import { useId, useState } from 'react';
import { DEFAULT_SERVICES } from '../../../../shared/constants.ts';
import { minuteOfDay } from '../../../../shared/local-time.ts';
import {
  MINUTES_PER_DAY,
  type ProviderSchedule,
  providerScheduleRequestSchema,
  type Shift,
} from '../../../../shared/schedule-schemas.ts';
import { issuesByField } from '../../../../shared/schemas.ts';
import type { BusinessSettings, Provider } from '../../../../shared/staff-schemas.ts';
import { PanelLoadFailed, PanelLoading } from '../../../components/ui/panel-state.tsx';
import { SaveRow } from '../../../components/ui/save-state.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { consoleTexts } from '../../../lib/console-texts.ts';
import { formatCalendarDay } from '../../../lib/formats.ts';
import { useSaveSchedule, useSchedules } from '../api/schedule-api.ts';
import './provider-schedules-form.css';

/** Monday first, as a salon's week reads; the data's weekdays are 0 Sunday … 6 Saturday. */
const WEEK = [1, 2, 3, 4, 5, 6, 0] as const;
const dayName = (weekday: number) => consoleTexts.schedule.weekdays[weekday] ?? '';

/** A range's two times, in the order they are shown. */
const RANGE_ENDS = ['from', 'to'] as const;

/** "HH:MM" of a minute of the day (a shift's end past midnight shows as the next day's time). */
const clock = (minute: number) => {
  const within = minute % MINUTES_PER_DAY;
  return `${String(Math.floor(within / 60)).padStart(2, '0')}:${String(within % 60).padStart(2, '0')}`;
};

/** A stored date as people read it: "Tue, Feb 3, 2099" (the date itself, no time zone shift). */
const readableDate = (date: string) =>
  formatCalendarDay(date, { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' });

interface Range {
  from: string;
  to: string;
}
type Week = Record<number, Range[]>;

function weekOf(shifts: readonly Shift[]): Week {
  const week: Week = { 0: [], 1: [], 2: [], 3: [], 4: [], 5: [], 6: [] };
  for (const shift of shifts)
    week[shift.weekday]?.push({ from: clock(shift.startMinute), to: clock(shift.endMinute) });
  return week;
}

/**
 * The week's ranges as shifts, in the order the schema's problems are numbered by: each with the
 * key of the inputs it came from. A "to" at or before "from" runs past midnight.
 */
function shiftsOf(week: Week) {
  const shifts: (Shift & { key: string })[] = [];
  const problems: Record<string, string> = {};
  for (const weekday of WEEK)
    for (const [index, range] of (week[weekday] ?? []).entries()) {
      const key = `${weekday}.${index}`;
      const start = minuteOfDay(range.from);
      const end = minuteOfDay(range.to);
      if (start === null || start >= MINUTES_PER_DAY) problems[`${key}.from`] = 'Enter when the shift starts';
      else if (end === null) problems[`${key}.to`] = 'Enter when the shift ends';
      else if (end === start) problems[`${key}.to`] = consoleTexts.schedule.sameTime;
      else
        shifts.push({
          key,
          weekday,
          startMinute: start,
          endMinute: end < start ? end + MINUTES_PER_DAY : end,
        });
    }
  return { shifts, problems };
}

function ProviderScheduleEditor({
  provider,
  schedule,
  services,
  canEdit,
}: {
  provider: Provider;
  schedule: ProviderSchedule;
  /** What the business offers: the boxes to tick. */
  services: readonly string[];
  canEdit: boolean;
}) {
  const save = useSaveSchedule();
  const headingId = useId();
  const [week, setWeek] = useState(() => weekOf(schedule.shifts));
  const [daysOff, setDaysOff] = useState(schedule.daysOff);
  const [newDayOff, setNewDayOff] = useState('');
  const [ticked, setTicked] = useState(() => schedule.services.filter((name) => services.includes(name)));
  const [problems, setProblems] = useState<Record<string, string>>({});
  const hasShifts = WEEK.some((weekday) => (week[weekday] ?? []).length > 0);

  const editRange = (weekday: number, index: number, change: Partial<Range>) => {
    setWeek((current) => ({
      ...current,
      [weekday]: (current[weekday] ?? []).map((range, i) => (i === index ? { ...range, ...change } : range)),
    }));
    setProblems({});
  };
  const addRange = (weekday: number) => {
    setWeek((current) => ({
      ...current,
      [weekday]: [...(current[weekday] ?? []), { from: '09:00', to: '17:00' }],
    }));
    setProblems({});
  };
  const removeRange = (weekday: number, index: number) => {
    setWeek((current) => ({ ...current, [weekday]: (current[weekday] ?? []).filter((_, i) => i !== index) }));
    setProblems({});
  };
  const addDayOff = () => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(newDayOff)) return setProblems({ newDayOff: 'Choose a date' });
    if (!daysOff.includes(newDayOff)) setDaysOff((current) => [...current, newDayOff].sort());
    setNewDayOff('');
    setProblems({});
  };

  const submit = () => {
    const { shifts, problems: rangeProblems } = shiftsOf(week);
    if (Object.keys(rangeProblems).length > 0) return setProblems(rangeProblems);
    const parsed = providerScheduleRequestSchema.safeParse({
      shifts: shifts.map(({ key: _key, ...shift }) => shift),
      daysOff,
      services: ticked,
    });
    // The schema numbers shifts in the order sent: each problem goes back under its inputs.
    const fromSchema = (byPath: Record<string, string>) => {
      const mapped: Record<string, string> = {};
      for (const [path, message] of Object.entries(byPath)) {
        const match = /^shifts\.(\d+)\.(startMinute|endMinute)$/.exec(path);
        const shift = match ? shifts[Number(match[1])] : undefined;
        mapped[shift ? `${shift.key}.${match?.[2] === 'startMinute' ? 'from' : 'to'}` : path] = message;
      }
      setProblems(mapped);
    };
    if (!parsed.success) return fromSchema(issuesByField(parsed.error));
    setProblems({});
    save.mutate(
      { providerId: provider.id, ...parsed.data },
      {
        onError: (error) => {
          if (error instanceof ApiRequestError && error.status === 400 && error.field)
            fromSchema({ [error.field]: error.message });
        },
      },
    );
  };

  const fieldError = (key: string) =>
    problems[key] ? (
      <p key={key} id={`${headingId}-${key}`} className="field-error">
        {problems[key]}
      </p>
    ) : null;
  const invalid = (key: string) =>
    problems[key] ? { 'aria-invalid': true as const, 'aria-describedby': `${headingId}-${key}` } : {};
  const saveError =
    save.error instanceof ApiRequestError && save.error.status === 400 && save.error.field
      ? null
      : save.error instanceof Error
        ? save.error.message
        : null;
  const unplaced = Object.entries(problems).find(([key]) => !/^\d\.\d+\.(from|to)$|^newDayOff$/.test(key));

  return (
    <li className="schedule" aria-labelledby={headingId}>
      <h3 id={headingId} className="schedule__name">
        {provider.name}
      </h3>
      <fieldset className="schedule__group" disabled={!canEdit}>
        <legend className="schedule__legend">{consoleTexts.schedule.weeklyShifts}</legend>
        {hasShifts ? null : <p className="field__note">{consoleTexts.schedule.allHours}</p>}
        <ul className="schedule__week">
          {WEEK.map((weekday) => {
            const day = dayName(weekday);
            const ranges = week[weekday] ?? [];
            return (
              <li key={weekday} className="schedule__day">
                <span className="schedule__day-name">{day}</span>
                <div className="schedule__ranges">
                  {ranges.length === 0 && hasShifts ? (
                    <span className="schedule__off">{consoleTexts.schedule.off}</span>
                  ) : null}
                  {ranges.map((range, index) => {
                    const key = `${weekday}.${index}`;
                    const start = minuteOfDay(range.from);
                    const end = minuteOfDay(range.to);
                    const nextDay = start !== null && end !== null && end < start;
                    return (
                      // Ranges are edited in place: their position is their identity.
                      <div key={index} className="schedule__range">
                        {RANGE_ENDS.map((end) => (
                          <label key={end} className="schedule__time">
                            <span aria-hidden="true">{consoleTexts.schedule[end]}</span>
                            <input
                              type="time"
                              className="input"
                              aria-label={consoleTexts.schedule.rangeLabel(
                                day,
                                end === 'from' ? 'From' : 'To',
                                index,
                              )}
                              value={range[end]}
                              onChange={({ target: { value } }) =>
                                editRange(weekday, index, end === 'from' ? { from: value } : { to: value })
                              }
                              {...invalid(`${key}.${end}`)}
                            />
                          </label>
                        ))}
                        {nextDay ? (
                          <span className="field__note">{consoleTexts.schedule.nextDay}</span>
                        ) : null}
                        {canEdit ? (
                          <button
                            type="button"
                            className="button button--small button--secondary"
                            aria-label={consoleTexts.schedule.removeHours(day, range.from, range.to)}
                            onClick={() => removeRange(weekday, index)}
                          >
                            {consoleTexts.settings.remove}
                          </button>
                        ) : null}
                        {RANGE_ENDS.map((end) => fieldError(`${key}.${end}`))}
                      </div>
                    );
                  })}
                </div>
                {canEdit ? (
                  <button
                    type="button"
                    className="button button--small button--secondary schedule__add"
                    aria-label={consoleTexts.schedule.addHours(day)}
                    onClick={() => addRange(weekday)}
                  >
                    {consoleTexts.schedule.addHoursShort}
                  </button>
                ) : null}
              </li>
            );
          })}
        </ul>
      </fieldset>

      <fieldset className="schedule__group" disabled={!canEdit}>
        <legend className="schedule__legend">{consoleTexts.schedule.daysOff}</legend>
        {daysOff.length === 0 ? <p className="field__note">{consoleTexts.schedule.noDaysOff}</p> : null}
        <ul className="schedule__days-off">
          {daysOff.map((date, index) => (
            <li key={date} className="schedule__day-off">
              <span>{readableDate(date)}</span>
              {canEdit ? (
                <button
                  type="button"
                  className="button button--small button--secondary"
                  aria-label={consoleTexts.schedule.removeDayOff(readableDate(date))}
                  onClick={() => setDaysOff((current) => current.filter((d) => d !== date))}
                >
                  {consoleTexts.settings.remove}
                </button>
              ) : null}
              {fieldError(`daysOff.${index}`)}
            </li>
          ))}
        </ul>
        {canEdit ? (
          <div className="schedule__range">
            <label className="schedule__time">
              <span>{consoleTexts.schedule.dayOffDate}</span>
              <input
                type="date"
                className="input"
                value={newDayOff}
                onChange={(event) => setNewDayOff(event.target.value)}
                {...invalid('newDayOff')}
              />
            </label>
            <button type="button" className="button button--small button--secondary" onClick={addDayOff}>
              {consoleTexts.schedule.addDayOff}
            </button>
            {fieldError('newDayOff')}
          </div>
        ) : null}
      </fieldset>

      <fieldset className="schedule__group" disabled={!canEdit}>
        <legend className="schedule__legend">{consoleTexts.schedule.services}</legend>
        <p className="field__note">
          {ticked.length === 0 ? consoleTexts.schedule.allServices : consoleTexts.schedule.servicesHint}
        </p>
        <div className="schedule__services">
          {services.map((name) => (
            <label key={name} className="schedule__service">
              <input
                type="checkbox"
                checked={ticked.includes(name)}
                onChange={(event) =>
                  setTicked((current) =>
                    event.target.checked
                      ? services.filter((s) => s === name || current.includes(s))
                      : current.filter((s) => s !== name),
                  )
                }
              />
              {name}
            </label>
          ))}
        </div>
      </fieldset>

      {canEdit ? (
        <SaveRow
          pending={save.isPending}
          success={save.isSuccess}
          error={unplaced?.[1] ?? saveError}
          values={{ week, daysOff, ticked }}
          onSave={submit}
        />
      ) : null}
    </li>
  );
}

/**
 * Settings' "Who works when" (docs/schedule.md): per provider, weekly shifts (none: all opening
 * hours), days off and the services they do (none ticked: every service).
 */
export function ProviderSchedulesForm({
  settings,
  canEdit,
}: {
  settings: BusinessSettings;
  canEdit: boolean;
}) {
  const schedules = useSchedules();
  const services = settings.services.length > 0 ? settings.services.map((s) => s.name) : DEFAULT_SERVICES;
  if (settings.providers.length === 0) return null;
  return (
    <section className="settings-card">
      <h2 className="settings-card__title">{consoleTexts.schedule.title}</h2>
      {schedules.isPending ? (
        <PanelLoading />
      ) : schedules.isError ? (
        <PanelLoadFailed onRetry={() => void schedules.refetch()} />
      ) : (
        <>
          <p className="field__note">{consoleTexts.schedule.hint(schedules.data.timeZone)}</p>
          <ul className="settings-list">
            {settings.providers.map((provider) => (
              <ProviderScheduleEditor
                key={provider.id}
                provider={provider}
                schedule={
                  schedules.data.schedules.find((schedule) => schedule.providerId === provider.id) ?? {
                    providerId: provider.id,
                    shifts: [],
                    daysOff: [],
                    services: [],
                  }
                }
                services={services}
                canEdit={canEdit}
              />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
