import { PanelLoadFailed, PanelLoading } from '../../../components/ui/panel-state.tsx';
import { texts } from '../../../lib/texts.ts';
import { useInsights } from '../api/get-insights.ts';

/** A bar per value, its number beside it (DESIGN: a few clear charts with the numbers). */
function Bars({ rows }: { rows: { label: string; value: number }[] }) {
  const max = Math.max(1, ...rows.map((row) => row.value));
  return (
    <ul className="bars">
      {rows.map((row) => (
        <li key={row.label} className="bars__row">
          <span className="bars__label">{row.label}</span>
          <span className="bars__track" aria-hidden="true">
            <span className="bars__fill" style={{ width: `${(row.value / max) * 100}%` }} />
          </span>
          <span className="bars__value">{row.value}</span>
        </li>
      ))}
    </ul>
  );
}

const dayLabel = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'short',
    month: 'numeric',
    day: 'numeric',
    timeZone: 'UTC',
  });

export function InsightsPage() {
  const insights = useInsights();
  if (insights.isPending) return <PanelLoading />;
  if (insights.isError) return <PanelLoadFailed />;
  const { days, funnel, wait, noShows } = insights.data;
  const averageWaitMinutes = wait.averageMinutes;
  const finished = noShows.calledVisits;
  const funnelValues = [funnel.landing, funnel.serviceNext, funnel.userInfoNext, funnel.joined];
  return (
    <div className="settings">
      <div className="stat-row">
        <section className="settings-card stat">
          <h2 className="settings-card__title">{texts.insights.averageWait}</h2>
          <p className="stat__value">
            {averageWaitMinutes === null ? texts.insights.none : texts.insights.minutes(averageWaitMinutes)}
          </p>
        </section>
        <section className="settings-card stat">
          <h2 className="settings-card__title">{texts.insights.noShowRate}</h2>
          <p className="stat__value">
            {finished === 0 ? texts.insights.none : `${Math.round((noShows.noShows / finished) * 100)} %`}
          </p>
          <p className="field__note">{texts.insights.ofFinished(noShows.noShows, finished)}</p>
        </section>
      </div>
      <section className="settings-card">
        <h2 className="settings-card__title">{texts.insights.joinsPerDay}</h2>
        <Bars rows={days.map((day) => ({ label: dayLabel(day.day), value: day.joins }))} />
      </section>
      <section className="settings-card">
        <h2 className="settings-card__title">{texts.insights.funnel}</h2>
        <Bars
          rows={texts.insights.funnelSteps.map((label, index) => ({
            label,
            value: funnelValues[index] ?? 0,
          }))}
        />
      </section>
    </div>
  );
}
