import { useEffect, useState } from 'react';
import { todayIn } from '../../../../shared/business-day.ts';
import type { InsightsFeedback } from '../../../../shared/feedback-schemas.ts';
import type { Insights, InsightsRange } from '../../../../shared/staff-schemas.ts';
import { PanelLoadFailed, PanelLoading } from '../../../components/ui/panel-state.tsx';
import { consoleTexts } from '../../../lib/console-texts.ts';
import { formatCalendarDay, formatDate } from '../../../lib/formats.ts';
import { type InsightsSelection, useInsights, visitsCsvHref } from '../api/get-insights.ts';
import { ArrivalsGrid, Bars, BreakdownTable } from './insight-charts.tsx';
import { presetSelection, RangePicker, type RangePreset } from './range-picker.tsx';
import './insights-page.css';

/** "Sat, Mar 7": a day of the business's calendar, shown as it is (no zone shift). */
const dayLabel = (day: string, withYear = false) =>
  formatCalendarDay(day, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    ...(withYear ? { year: 'numeric' } : {}),
  });

/** How often the page looks whether the business's day has turned: within a minute of midnight. */
const NEW_DAY_CHECK_MS = 60_000;

const minutesOrNone = (minutes: number | null) =>
  minutes === null ? consoleTexts.insights.none : consoleTexts.insights.minutes(minutes);

export function InsightsPage() {
  const [preset, setPreset] = useState<RangePreset>('7');
  const [selection, setSelection] = useState<InsightsSelection>(presetSelection('7'));
  const insights = useInsights(selection);
  useAskAgainOnANewDay(insights);
  if (!insights.data) {
    return insights.isError ? <PanelLoadFailed onRetry={() => insights.refetch()} /> : <PanelLoading />;
  }
  const data = insights.data;
  return (
    <div className="settings insights" aria-busy={insights.isPlaceholderData}>
      <RangePicker
        preset={preset}
        range={{ from: data.from, to: data.to }}
        today={data.today}
        onChange={(nextPreset, nextSelection) => {
          setPreset(nextPreset);
          if (nextSelection) setSelection(nextSelection);
        }}
      />
      <h2 className="insights__range">
        {consoleTexts.insights.rangeHeading(
          dayLabel(data.from, true),
          dayLabel(data.to, true),
          data.timeZone,
        )}
      </h2>
      {insights.isError ? (
        <p className="form-error" role="alert">
          {consoleTexts.insights.loadFailed}
        </p>
      ) : null}
      <Figures data={data} />
      <section className="settings-card">
        <h2 className="settings-card__title">{consoleTexts.insights.joinsPerDay}</h2>
        <Bars
          label={consoleTexts.insights.joinsPerDay}
          rows={data.days.map((day) => ({ label: dayLabel(day.day), value: day.joins }))}
        />
      </section>
      <section className="settings-card">
        <h2 className="settings-card__title">{consoleTexts.insights.arrivals}</h2>
        <p className="field__note">{consoleTexts.insights.arrivalsNote}</p>
        <ArrivalsGrid arrivals={data.arrivals} />
      </section>
      <section className="settings-card">
        <h2 className="settings-card__title">{consoleTexts.insights.funnel}</h2>
        <Bars
          label={consoleTexts.insights.funnel}
          rows={consoleTexts.insights.funnelSteps.map((label, index) => ({
            label,
            value: [
              data.funnel.landing,
              data.funnel.serviceNext,
              data.funnel.userInfoNext,
              data.funnel.joined,
            ][index]!,
          }))}
        />
      </section>
      <FeedbackRatings feedback={data.feedback} timeZone={data.timeZone} />
      <section className="settings-card">
        <h2 className="settings-card__title">{consoleTexts.insights.byService}</h2>
        <BreakdownTable
          title={consoleTexts.insights.byService}
          heading={consoleTexts.insights.service}
          rows={data.byService.map((row) => ({ key: row.service, label: row.service, ...row }))}
        />
      </section>
      <section className="settings-card">
        <h2 className="settings-card__title">{consoleTexts.insights.byProvider}</h2>
        <BreakdownTable
          title={consoleTexts.insights.byProvider}
          heading={consoleTexts.insights.provider}
          rows={data.byProvider.map((row) => ({
            key: row.providerId ?? '',
            label: row.providerName ?? consoleTexts.insights.unassigned,
            ...row,
          }))}
        />
      </section>
      <CsvExport range={{ from: data.from, to: data.to }} />
    </div>
  );
}

/**
 * Asks again once the business's day has turned, so a page left open overnight moves "Today" and
 * the last 7, 30 or 90 days on, and lets a custom range end on the new today. The turn is told by
 * the server's clock (its last answer's `now`, moved on by the time since), not the device's,
 * which may be off: ahead, it would ask for a day the server does not have yet.
 */
function useAskAgainOnANewDay(insights: ReturnType<typeof useInsights>) {
  const { data, dataUpdatedAt, isPlaceholderData, refetch } = insights;
  useEffect(() => {
    if (!data || isPlaceholderData) return;
    const serverAhead = Date.parse(data.now) - dataUpdatedAt;
    const timer = setInterval(() => {
      if (todayIn(data.timeZone, new Date(Date.now() + serverAhead)) > data.today) void refetch();
    }, NEW_DAY_CHECK_MS);
    return () => clearInterval(timer);
  }, [data, dataUpdatedAt, isPlaceholderData, refetch]);
}

/** The headline numbers, each with what it counts. */
function Figures({ data }: { data: Insights }) {
  const visits = data.days.reduce((sum, day) => sum + day.joins, 0);
  const { noShows, calledVisits } = data.noShows;
  return (
    <div className="stat-row">
      <section className="settings-card stat">
        <h2 className="settings-card__title">{consoleTexts.insights.visits}</h2>
        <p className="stat__value">{visits}</p>
      </section>
      <section className="settings-card stat">
        <h2 className="settings-card__title">{consoleTexts.insights.averageWait}</h2>
        <p className="stat__value">{minutesOrNone(data.wait.averageMinutes)}</p>
        <p className="field__note">
          {consoleTexts.insights.waitNote(data.wait.p90Minutes, data.wait.visits)}
        </p>
      </section>
      <section className="settings-card stat">
        <h2 className="settings-card__title">{consoleTexts.insights.noShowRate}</h2>
        <p className="stat__value">
          {calledVisits === 0
            ? consoleTexts.insights.none
            : `${Math.round((noShows / calledVisits) * 100)} %`}
        </p>
        <p className="field__note">{consoleTexts.insights.noShowNote(noShows, calledVisits)}</p>
      </section>
      <section className="settings-card stat">
        <h2 className="settings-card__title">{consoleTexts.insights.estimate}</h2>
        <p className="stat__value">
          {data.estimate.medianErrorMinutes === null
            ? consoleTexts.insights.none
            : consoleTexts.insights.estimateOff(data.estimate.medianErrorMinutes)}
        </p>
        <p className="field__note">
          {consoleTexts.insights.estimateNote(
            data.estimate.visits,
            data.estimate.averageEstimateMinutes,
            data.estimate.averageWaitMinutes,
          )}
        </p>
      </section>
    </div>
  );
}

/**
 * Ratings after the visit (docs/feedback.md): the average, how many gave each star, and what the
 * unhappy ones wrote, newest first. Insights are the owner's alone, so the comments are too.
 */
function FeedbackRatings({ feedback, timeZone }: { feedback: InsightsFeedback; timeZone: string }) {
  const ratedAt = (at: string) =>
    formatDate(Date.parse(at), {
      timeZone,
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    });
  return (
    <section className="settings-card" aria-labelledby="insights-ratings">
      <h2 className="settings-card__title" id="insights-ratings">
        {consoleTexts.insights.ratings}
      </h2>
      <p className="stat__value">
        {feedback.average === null
          ? consoleTexts.insights.none
          : consoleTexts.insights.averageRating(feedback.average)}
      </p>
      <p className="field__note">{consoleTexts.insights.ratingsNote(feedback.ratings)}</p>
      <Bars
        label={consoleTexts.insights.ratings}
        rows={[5, 4, 3, 2, 1].map((stars) => ({
          label: consoleTexts.insights.starsRow(stars),
          value: feedback.distribution[stars - 1] ?? 0,
        }))}
      />
      <h3 className="settings-card__subtitle">{consoleTexts.insights.comments}</h3>
      <p className="field__note">{consoleTexts.insights.commentsNote}</p>
      {feedback.comments.length === 0 ? (
        <p className="field__note">{consoleTexts.insights.noComments}</p>
      ) : (
        <ul className="feedback-comments">
          {feedback.comments.map((comment, index) => (
            <li key={`${comment.ratedAt} ${index}`} className="feedback-comments__item">
              <p className="feedback-comments__text">{comment.comment}</p>
              <p className="field__note">
                {consoleTexts.insights.commentMeta(
                  comment.rating,
                  comment.serviceType,
                  comment.providerName,
                  ratedAt(comment.ratedAt),
                )}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The range's visits as a file; names and numbers only when the owner ticks the box. */
function CsvExport({ range }: { range: InsightsRange }) {
  const [withContacts, setWithContacts] = useState(false);
  return (
    <section className="settings-card">
      <h2 className="settings-card__title">{consoleTexts.insights.export}</h2>
      <label className="insights__check">
        <input
          type="checkbox"
          checked={withContacts}
          onChange={(event) => setWithContacts(event.target.checked)}
        />
        {consoleTexts.insights.withContacts}
      </label>
      {withContacts ? <p className="field__note">{consoleTexts.insights.withContactsNote}</p> : null}
      <a
        className="button button--secondary insights__download"
        href={visitsCsvHref(range, withContacts)}
        download
      >
        {consoleTexts.insights.download}
      </a>
    </section>
  );
}
