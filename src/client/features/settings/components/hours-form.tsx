import { type FormEvent, useId, useState } from 'react';
import type { TimeRange } from '../../../../shared/opening-hours.ts';
import { issuesByField } from '../../../../shared/schemas.ts';
import {
  type BusinessSettings,
  type IntakeSettingsRequest,
  intakeSettingsRequestSchema,
} from '../../../../shared/staff-schemas.ts';
import { SaveRow, saveErrorText, useFieldErrors } from '../../../components/ui/save-state.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { consoleTexts } from '../../../lib/console-texts.ts';
import { useSaveIntake } from '../api/settings-api.ts';

/** The week as the form shows it, Monday first; stored Sunday first (Date.getDay()). */
const DISPLAY_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;
const DEFAULT_RANGE: TimeRange = { opens: '09:00', closes: '18:00' };

interface HoursDraft {
  aroundTheClock: boolean;
  weekly: TimeRange[][];
  specialDays: { date: string; closed: boolean; range: TimeRange }[];
  lastCallMinutes: string;
  maxWaiting: string;
  maxWaitMinutes: string;
}

function draftOf(settings: BusinessSettings): HoursDraft {
  const hours = settings.openingHours;
  return {
    aroundTheClock: hours === null,
    // A first set of hours starts from a usual week: Monday to Saturday, 9 to 6.
    weekly: hours?.weekly.map((day) => [...day]) ?? [[], ...Array.from({ length: 6 }, () => [DEFAULT_RANGE])],
    specialDays:
      hours?.specialDays.map((day) => ({
        date: day.date,
        closed: day.ranges.length === 0,
        range: day.ranges[0] ?? DEFAULT_RANGE,
      })) ?? [],
    lastCallMinutes: String(hours?.lastCallMinutes ?? 30),
    maxWaiting: settings.maxWaiting === null ? '' : String(settings.maxWaiting),
    maxWaitMinutes: settings.maxWaitMinutes === null ? '' : String(settings.maxWaitMinutes),
  };
}

const numberOrNull = (typed: string) => (typed.trim() === '' ? null : Number(typed));

function requestOf(draft: HoursDraft): unknown {
  return {
    openingHours: draft.aroundTheClock
      ? null
      : {
          weekly: draft.weekly,
          specialDays: draft.specialDays.map((day) => ({
            date: day.date,
            ranges: day.closed ? [] : [day.range],
          })),
          lastCallMinutes: draft.lastCallMinutes.trim() === '' ? Number.NaN : Number(draft.lastCallMinutes),
        },
    maxWaiting: numberOrNull(draft.maxWaiting),
    maxWaitMinutes: numberOrNull(draft.maxWaitMinutes),
  } satisfies Record<keyof IntakeSettingsRequest, unknown>;
}

function TimeInput(props: {
  label: string;
  value: string;
  disabled: boolean;
  onChange: (value: string) => void;
}) {
  return (
    <input
      type="time"
      className="input hours__time"
      aria-label={props.label}
      value={props.value}
      disabled={props.disabled}
      onChange={(event) => props.onChange(event.target.value)}
    />
  );
}

/**
 * Settings' "Opening hours" (docs/opening-hours.md): customers can join only while the business
 * is open, up to the last call; special days replace a date's hours; optional caps on the line.
 */
export function HoursForm({ settings, canEdit }: { settings: BusinessSettings; canEdit: boolean }) {
  const save = useSaveIntake();
  const [draft, setDraft] = useState(() => draftOf(settings));
  const problems = useFieldErrors<HTMLFormElement>();
  const modeName = useId();
  const { errors } = problems;

  const change = (next: Partial<HoursDraft>) => setDraft((current) => ({ ...current, ...next }));
  const setDay = (weekday: number, ranges: TimeRange[]) =>
    change({ weekly: draft.weekly.map((day, index) => (index === weekday ? ranges : day)) });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = intakeSettingsRequestSchema.safeParse(requestOf(draft));
    if (!parsed.success) return problems.show(issuesByField(parsed.error));
    problems.show({});
    save.mutate(parsed.data, { onError: problems.fromServer });
  };

  return (
    <form ref={problems.ref} className="settings-card" onSubmit={submit} noValidate>
      <h2 className="settings-card__title">{consoleTexts.hours.title}</h2>
      <fieldset className="hours__mode" disabled={!canEdit}>
        <legend className="visually-hidden">{consoleTexts.hours.title}</legend>
        <label>
          <input
            type="radio"
            name={modeName}
            checked={draft.aroundTheClock}
            onChange={() => change({ aroundTheClock: true })}
          />{' '}
          {consoleTexts.hours.aroundTheClock}
        </label>
        <label>
          <input
            type="radio"
            name={modeName}
            checked={!draft.aroundTheClock}
            onChange={() => change({ aroundTheClock: false })}
          />{' '}
          {consoleTexts.hours.setHours}
        </label>
      </fieldset>
      <p className="field__note">
        {draft.aroundTheClock
          ? consoleTexts.hours.aroundTheClockHint
          : consoleTexts.hours.hint(settings.timeZone)}
      </p>
      {draft.aroundTheClock ? null : (
        <>
          <ul className="hours__week">
            {DISPLAY_ORDER.map((weekday) => {
              const ranges = draft.weekly[weekday] ?? [];
              const dayName = consoleTexts.hours.weekdays[weekday] ?? '';
              return (
                <li key={weekday} className="hours__day">
                  <label className="hours__day-name">
                    <input
                      type="checkbox"
                      checked={ranges.length > 0}
                      disabled={!canEdit}
                      onChange={(event) => setDay(weekday, event.target.checked ? [DEFAULT_RANGE] : [])}
                    />{' '}
                    {dayName}
                  </label>
                  {ranges.length === 0 ? (
                    <span className="hours__closed">{consoleTexts.hours.closed}</span>
                  ) : null}
                  {ranges.map((range, index) => (
                    // Ranges are edited in place: their position is their identity.
                    <span key={index} className="hours__range">
                      <TimeInput
                        label={consoleTexts.hours.opensOn(dayName)}
                        value={range.opens}
                        disabled={!canEdit}
                        onChange={(opens) =>
                          setDay(
                            weekday,
                            ranges.map((r, i) => (i === index ? { ...r, opens } : r)),
                          )
                        }
                      />
                      <span aria-hidden="true">–</span>
                      <TimeInput
                        label={consoleTexts.hours.closesOn(dayName)}
                        value={range.closes}
                        disabled={!canEdit}
                        onChange={(closes) =>
                          setDay(
                            weekday,
                            ranges.map((r, i) => (i === index ? { ...r, closes } : r)),
                          )
                        }
                      />
                      {canEdit && index > 0 ? (
                        <button
                          type="button"
                          className="button button--small button--secondary"
                          onClick={() =>
                            setDay(
                              weekday,
                              ranges.filter((_, i) => i !== index),
                            )
                          }
                        >
                          {consoleTexts.settings.remove}
                        </button>
                      ) : null}
                    </span>
                  ))}
                  {canEdit && ranges.length > 0 && ranges.length < 4 ? (
                    <button
                      type="button"
                      className="button button--small button--secondary"
                      onClick={() => setDay(weekday, [...ranges, { opens: '14:00', closes: '18:00' }])}
                    >
                      {consoleTexts.hours.addRange}
                    </button>
                  ) : null}
                  {Object.entries(errors)
                    .filter(([field]) => field.startsWith(`openingHours.weekly.${weekday}`))
                    .map(([field, message]) => (
                      <p key={field} className="field-error">
                        {message}
                      </p>
                    ))}
                </li>
              );
            })}
          </ul>
          <h3 className="settings-card__subtitle">{consoleTexts.hours.specialDays}</h3>
          <p className="field__note">{consoleTexts.hours.specialDaysHint}</p>
          <ul className="settings-list">
            {draft.specialDays.map((day, index) => {
              const edit = (next: Partial<HoursDraft['specialDays'][number]>) =>
                change({
                  specialDays: draft.specialDays.map((d, i) => (i === index ? { ...d, ...next } : d)),
                });
              return (
                <li key={index} className="settings-row">
                  <TextField
                    label={consoleTexts.hours.date}
                    type="date"
                    value={day.date}
                    width="180px"
                    disabled={!canEdit}
                    onChange={(date) => edit({ date })}
                    error={errors[`openingHours.specialDays.${index}.date`]}
                  />
                  <label className="hours__day-name">
                    <input
                      type="checkbox"
                      checked={day.closed}
                      disabled={!canEdit}
                      onChange={(event) => edit({ closed: event.target.checked })}
                    />{' '}
                    {consoleTexts.hours.closedAllDay}
                  </label>
                  {day.closed ? null : (
                    <span className="hours__range">
                      <TimeInput
                        label={consoleTexts.hours.opensOn(day.date)}
                        value={day.range.opens}
                        disabled={!canEdit}
                        onChange={(opens) => edit({ range: { ...day.range, opens } })}
                      />
                      <span aria-hidden="true">–</span>
                      <TimeInput
                        label={consoleTexts.hours.closesOn(day.date)}
                        value={day.range.closes}
                        disabled={!canEdit}
                        onChange={(closes) => edit({ range: { ...day.range, closes } })}
                      />
                    </span>
                  )}
                  {canEdit ? (
                    <button
                      type="button"
                      className="button button--small button--secondary settings-row__end"
                      onClick={() => {
                        problems.show({});
                        change({ specialDays: draft.specialDays.filter((_, i) => i !== index) });
                      }}
                    >
                      {consoleTexts.settings.remove}
                    </button>
                  ) : null}
                </li>
              );
            })}
          </ul>
          {canEdit ? (
            <button
              type="button"
              className="button button--small button--secondary"
              onClick={() =>
                change({
                  specialDays: [...draft.specialDays, { date: '', closed: true, range: DEFAULT_RANGE }],
                })
              }
            >
              {consoleTexts.hours.addSpecialDay}
            </button>
          ) : null}
          <TextField
            label={consoleTexts.hours.lastCall}
            value={draft.lastCallMinutes}
            inputMode="numeric"
            width="140px"
            disabled={!canEdit}
            onChange={(lastCallMinutes) => change({ lastCallMinutes })}
            error={errors['openingHours.lastCallMinutes']}
          />
          <p className="field__note">{consoleTexts.hours.lastCallHint}</p>
        </>
      )}
      <h3 className="settings-card__subtitle">{consoleTexts.hours.caps}</h3>
      <div className="settings-row">
        <TextField
          label={consoleTexts.hours.maxWaiting}
          value={draft.maxWaiting}
          inputMode="numeric"
          disabled={!canEdit}
          onChange={(maxWaiting) => change({ maxWaiting })}
          error={errors.maxWaiting}
        />
        <TextField
          label={consoleTexts.hours.maxWaitMinutes}
          value={draft.maxWaitMinutes}
          inputMode="numeric"
          disabled={!canEdit}
          onChange={(maxWaitMinutes) => change({ maxWaitMinutes })}
          error={errors.maxWaitMinutes}
        />
      </div>
      <p className="field__note">{consoleTexts.hours.capsHint}</p>
      {canEdit ? (
        <SaveRow
          pending={save.isPending}
          success={save.isSuccess}
          error={errors.openingHours ?? errors['openingHours.weekly'] ?? saveErrorText(save.error)}
          values={draft}
        />
      ) : null}
    </form>
  );
}
