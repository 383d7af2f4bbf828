import type { WalkInsStopped } from '../../../../shared/schemas.ts';

/**
 * Why the business takes no walk-in now, in the server's words ("Closed now", "Opens Tuesday
 * 9:00 AM"), in place of the way to join: the landing, user-info and kiosk pages show it instead
 * of their services and forms (docs/opening-hours.md).
 */
export function WalkInsStoppedNotice({ stopped }: { stopped: WalkInsStopped }) {
  return (
    <section className="walk-ins-stopped" role="status" aria-labelledby="walk-ins-stopped-title">
      <h1 id="walk-ins-stopped-title" className="walk-ins-stopped__title">
        {stopped.title}
      </h1>
      {stopped.details.map((detail) => (
        <p key={detail} className="walk-ins-stopped__detail">
          {detail}
        </p>
      ))}
    </section>
  );
}
