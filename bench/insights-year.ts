/**
 * The Insights of a busy year (issue 25 item 3): the memory settings must not slow them by more
 * than 20 %. A year of visits at the demo business (about 80 a day), written straight into an
 * embedded folder while no server holds it, then the owner's year of Insights and its CSV timed
 * through a server started with each buffer size.
 */
import { openPglite } from '../src/server/db/pglite.ts';
import { DEMO_OWNER } from '../src/server/seed/demo.ts';

export const BUSY_YEAR_VISITS = 30_000;

/** Writes a year of visits into `dataDir` (migrated and seeded by a server run before). */
export async function seedBusyYear(dataDir: string): Promise<void> {
  const db = await openPglite(dataDir);
  try {
    await db.query(
      `insert into customers (id, token_hash) values ('00000000-0000-4000-8000-00000000beef', 'bench-busy-year')
       on conflict do nothing`,
    );
    // Arrivals spread over the last 365 days; served (most), no-shows and cancellations, with the
    // demo's services and providers in turn.
    await db.query(
      `insert into wait_entries (id, company_id, customer_id, idempotency_key, service_type, name, phone_number,
                                 allow_sms, chat_thread_key, origin, date, status, provider_id,
                                 called_at, started_at, finished_at, estimated_wait_minutes)
       select gen_random_uuid(), 'demo', '00000000-0000-4000-8000-00000000beef', 'busy-year-' || n,
              s.names[1 + n % array_length(s.names, 1)], 'Visitor ' || n, '+1646555' || lpad((n % 10000)::text, 4, '0'),
              true, null, 'walk_in', arrived,
              case when n % 17 = 0 then 'no_show' when n % 23 = 0 then 'cancelled' else 'done' end,
              p.ids[1 + n % array_length(p.ids, 1)],
              arrived + interval '14 minutes', arrived + interval '16 minutes', arrived + interval '50 minutes',
              10 + n % 20
         from generate_series(1, $1::int) n
        cross join lateral (select now() - interval '365 days' + (n::float8 / $1) * interval '364 days' as arrived) a
        cross join (select array_agg(name order by position) as names from services where company_id = 'demo') s
        cross join (select array_agg(id order by position) as ids from providers where company_id = 'demo') p`,
      [BUSY_YEAR_VISITS],
    );
    // Kept a year (the default, 90 days, would erase most of it at the server's next start).
    await db.query(`update companies set retention_days = 400 where id = 'demo'`);
    await db.query('analyze wait_entries');
  } finally {
    await db.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** Median milliseconds of the owner's year of Insights and of the year's visits CSV. */
export async function timeYearOfInsights(
  baseUrl: string,
  rounds: number,
): Promise<{ insightsMs: number; csvMs: number }> {
  const signIn = await fetch(`${baseUrl}/api/v1/staff/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_OWNER.email, password: DEMO_OWNER.password }),
  });
  if (!signIn.ok) throw new Error(`owner sign-in answered ${signIn.status}`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const timed = async (url: string) => {
    const started = performance.now();
    const response = await fetch(`${baseUrl}${url}`, { headers: { cookie } });
    const body = await response.text();
    if (!response.ok) throw new Error(`${url} answered ${response.status}: ${body.slice(0, 200)}`);
    return performance.now() - started;
  };
  const today = todayIn('America/Chicago');
  const yearAgo = todayIn('America/Chicago', -365);
  const csvUrl = `/api/v1/staff/insights/visits.csv?from=${yearAgo}&to=${today}&phones=1`;
  // Warm: the first reads fill the caches both settings start without.
  await timed('/api/v1/staff/insights?days=366');
  await timed(csvUrl);
  const insights: number[] = [];
  const csv: number[] = [];
  for (let round = 0; round < rounds; round++) {
    insights.push(await timed('/api/v1/staff/insights?days=366'));
    csv.push(await timed(csvUrl));
  }
  return { insightsMs: median(insights), csvMs: median(csv) };
}

/** A day of a time zone as YYYY-MM-DD, `offsetDays` from today. */
function todayIn(timeZone: string, offsetDays = 0): string {
  const day = new Date(Date.now() + offsetDays * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(day);
}
