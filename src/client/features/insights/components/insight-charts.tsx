import type { CSSProperties, ReactNode } from 'react';
import { consoleTexts } from '../../../lib/console-texts.ts';

/** A bar per value, its number beside it (DESIGN: a few clear charts with the numbers). */
export function Bars({ label, rows }: { label: string; rows: { label: string; value: number }[] }) {
  const max = Math.max(1, ...rows.map((row) => row.value));
  return (
    <ul className="bars" aria-label={label}>
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

/**
 * Arrivals as a table, a row per weekday and a column per hour that had any, each cell with its
 * count; the shade only repeats the number.
 */
export function ArrivalsGrid({ arrivals }: { arrivals: number[][] }) {
  const busyHours = Array.from({ length: 24 }, (_, hour) => hour).filter((hour) =>
    arrivals.some((hours) => (hours[hour] ?? 0) > 0),
  );
  if (busyHours.length === 0) return <p className="field__note">{consoleTexts.insights.noArrivals}</p>;
  const hours = Array.from(
    { length: busyHours.at(-1)! - busyHours[0]! + 1 },
    (_, index) => busyHours[0]! + index,
  );
  const max = Math.max(...arrivals.flat());
  return (
    // Wider than a phone when many hours were busy: a labelled region the keyboard can scroll
    // (focusable, so the arrow keys move it; Chromium and Firefox focus a scroller themselves,
    // Safari does not), shaded at the edge where more of it is hidden.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region needs focus to be scrolled without a pointer (WCAG 2.1.1).
    <section className="insights-table-scroll" aria-label={consoleTexts.insights.arrivals} tabIndex={0}>
      <table className="arrivals-grid">
        <caption className="visually-hidden">{consoleTexts.insights.arrivals}</caption>
        <thead>
          <tr>
            <td />
            {hours.map((hour) => (
              <th key={hour} scope="col">
                {consoleTexts.insights.hour(hour)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {arrivals.map((byHour, weekday) => (
            <tr key={consoleTexts.insights.weekdays[weekday]}>
              <th scope="row" className="arrivals-grid__day">
                {consoleTexts.insights.weekdays[weekday]}
              </th>
              {hours.map((hour) => {
                const count = byHour[hour] ?? 0;
                const level = count / max;
                return (
                  <td
                    key={hour}
                    className={`arrivals-grid__cell${level > 0.5 ? ' arrivals-grid__cell--strong' : ''}`}
                    style={{ '--level': `${Math.round(level * 100)}%` } as CSSProperties}
                  >
                    {count}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

interface BreakdownRow {
  key: string;
  label: string;
  visits: number;
  averageWaitMinutes: number | null;
  calledVisits: number;
  noShows: number;
}

/**
 * Visits, average wait and no-shows per service or per provider. On a phone each row stacks (its
 * name over its three numbers, each with its column's name) instead of scrolling sideways; the
 * repeated names are hidden from screen readers, which read the headers of the table as ever.
 */
export function BreakdownTable({
  title,
  heading,
  rows,
}: {
  title: string;
  heading: string;
  rows: BreakdownRow[];
}) {
  if (rows.length === 0) return <p className="field__note">{consoleTexts.insights.noVisits}</p>;
  return (
    <div className="insights-breakdown">
      <table className="insights-table">
        <caption className="visually-hidden">{title}</caption>
        <thead>
          <tr>
            <th scope="col">{heading}</th>
            <th scope="col">{consoleTexts.insights.visits}</th>
            <th scope="col">{consoleTexts.insights.averageWait}</th>
            <th scope="col">{consoleTexts.insights.noShows}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.label}</th>
              <NumberCell column={consoleTexts.insights.visits}>{row.visits}</NumberCell>
              <NumberCell column={consoleTexts.insights.averageWait}>
                {row.averageWaitMinutes === null
                  ? consoleTexts.insights.none
                  : consoleTexts.insights.minutes(row.averageWaitMinutes)}
              </NumberCell>
              <NumberCell column={consoleTexts.insights.noShows}>
                {consoleTexts.insights.noShowCell(row.noShows, row.calledVisits)}
              </NumberCell>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A cell with its column's name above it, shown only when the rows stack. */
function NumberCell({ column, children }: { column: string; children: ReactNode }) {
  return (
    <td>
      <span className="insights-table__column" aria-hidden="true">
        {column}
      </span>
      {children}
    </td>
  );
}
