import { type FormEvent, useId, useState } from 'react';
import { firstIssue } from '../../../../shared/schemas.ts';
import {
  EARLIEST_CALENDAR_DATE,
  type InsightsRange,
  insightsRangeSchema,
} from '../../../../shared/staff-schemas.ts';
import { consoleTexts } from '../../../lib/console-texts.ts';
import type { InsightsSelection } from '../api/get-insights.ts';

export type RangePreset = 'today' | '7' | '30' | '90' | 'custom';
const PRESETS: readonly RangePreset[] = ['today', '7', '30', '90', 'custom'];

/**
 * A preset's days, which the server counts back from the business's today when it answers (not the
 * device's today, nor the one of an earlier answer: the page may stay open past midnight).
 */
export function presetSelection(preset: Exclude<RangePreset, 'custom'>): { days: number } {
  return { days: preset === 'today' ? 1 : Number(preset) };
}

/** Today, 7, 30 or 90 days, or two days of the owner's choosing, checked as the server checks them. */
export function RangePicker({
  preset,
  range,
  today,
  onChange,
}: {
  preset: RangePreset;
  /** The range shown now: a custom range starts from it. */
  range: InsightsRange;
  /** The business's today, from the server's latest answer. */
  today: string;
  onChange: (preset: RangePreset, selection: InsightsSelection | null) => void;
}) {
  const [draft, setDraft] = useState<InsightsRange>(range);
  const [error, setError] = useState<{ field: string | undefined; message: string } | null>(null);
  const id = useId();

  function choose(next: RangePreset) {
    if (next === 'custom') {
      setDraft(range);
      setError(null);
      onChange('custom', null);
    } else onChange(next, presetSelection(next));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = insightsRangeSchema(today).safeParse(draft);
    if (!parsed.success) {
      setError(firstIssue(parsed.error));
      return;
    }
    setError(null);
    onChange('custom', parsed.data);
  }

  const dateField = (field: 'from' | 'to', label: string) => {
    const invalid = error?.field === field;
    return (
      <div className={`field insights-range__date${invalid ? ' field--invalid' : ''}`}>
        <label className="field__label" htmlFor={`${id}-${field}`}>
          {label}
        </label>
        <input
          id={`${id}-${field}`}
          className="input"
          type="date"
          value={draft[field]}
          min={EARLIEST_CALENDAR_DATE}
          max={today}
          aria-invalid={invalid}
          aria-describedby={invalid ? `${id}-error` : undefined}
          onChange={(event) => setDraft({ ...draft, [field]: event.target.value })}
        />
      </div>
    );
  };

  return (
    <div className="insights-range">
      <fieldset className="segmented">
        <legend className="visually-hidden">{consoleTexts.insights.range}</legend>
        {PRESETS.map((option) => (
          <button
            key={option}
            type="button"
            className={`segmented__option${preset === option ? ' segmented__option--current' : ''}`}
            aria-pressed={preset === option}
            onClick={() => choose(option)}
          >
            {consoleTexts.insights.presets[option]}
          </button>
        ))}
      </fieldset>
      {preset === 'custom' ? (
        <form className="insights-range__custom" onSubmit={submit} noValidate>
          {dateField('from', consoleTexts.insights.firstDay)}
          {dateField('to', consoleTexts.insights.lastDay)}
          <button type="submit" className="button button--primary">
            {consoleTexts.insights.show}
          </button>
          <p id={`${id}-error`} className="form-error insights-range__error" aria-live="polite">
            {error?.message ?? ''}
          </p>
        </form>
      ) : null}
    </div>
  );
}
