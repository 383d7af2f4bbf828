import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompanyRepository } from '../../src/server/features/company/company.repository.ts';
import { createServiceDurationsRepository } from '../../src/server/features/schedule/service-durations.repository.ts';
import {
  durationTableFrom,
  type ServiceDurationRow,
} from '../../src/server/features/schedule/service-durations.ts';
import { durationFor } from '../../src/server/features/schedule/wait-estimate.ts';
import type { WaitStatus } from '../../src/shared/schemas.ts';
import { createBusiness, type TestBusiness } from '../support/staff.ts';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../support/test-database.ts';

/** "Now" for the statement: visits are placed relative to it. */
const AS_OF = new Date('2026-03-01T18:00:00Z');
const DAY = 86_400_000;

interface Visit {
  service: string;
  provider: 'ana' | 'ben' | null;
  minutes: number;
  /** When it finished, in days before AS_OF. */
  daysAgo?: number;
  status?: WaitStatus;
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, n) => from + n);

describe.each(databaseKinds)('service durations on %s', (kind) => {
  let database: TestDatabase;
  let salon: TestBusiness;
  let rows: ServiceDurationRow[];

  async function insertVisit(business: TestBusiness, visit: Visit, index: number) {
    const customerId = randomUUID();
    await database.db.query('insert into customers (id, token_hash) values ($1, $2)', [
      customerId,
      randomUUID(),
    ]);
    const finished = AS_OF.getTime() - (visit.daysAgo ?? 1) * DAY;
    const started = finished - visit.minutes * 60_000;
    const providerId = visit.provider ? business.providers[visit.provider === 'ana' ? 0 : 1]!.id : null;
    await database.db.query(
      `insert into wait_entries (id, company_id, customer_id, idempotency_key, service_type, name, phone_number,
                                 provider_id, status, date, called_at, started_at, finished_at)
       values ($1, $2, $3, 'history', $4, $5, '+13105550100', $6, $7, $8, $8, $9, $10)`,
      [
        randomUUID(),
        business.companyId,
        customerId,
        visit.service,
        `Visitor ${index}`,
        providerId,
        visit.status ?? 'done',
        new Date(started - 20 * 60_000),
        new Date(started),
        new Date(finished),
      ],
    );
  }

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    const providers = [{ name: 'Ana' }, { name: 'Ben' }];
    salon = await createBusiness(database.db, { services: ['Cut', 'Colour', 'Trim'], providers });
    const other = await createBusiness(database.db, { services: ['Cut'], providers });
    await createCompanyRepository(database.db).replaceServices(salon.companyId, [
      { name: 'Cut', durationMinutes: 30 },
      { name: 'Colour', durationMinutes: 90 },
      { name: 'Trim', durationMinutes: 15 },
    ]);
    const visits: Visit[] = [
      // Cut: Ana's twelve take 20…31 minutes, Ben's four 40 each.
      ...range(20, 31).map((minutes) => ({ service: 'Cut', provider: 'ana' as const, minutes })),
      ...range(1, 4).map(() => ({ service: 'Cut', provider: 'ben' as const, minutes: 40 })),
      // Colour: nine in the window (too few), ten that finished 60.2 days ago.
      ...range(1, 9).map(() => ({ service: 'Colour', provider: 'ana' as const, minutes: 60 })),
      ...range(1, 10).map(() => ({
        service: 'Colour',
        provider: 'ana' as const,
        minutes: 60,
        daysAgo: 60.2,
      })),
      // Trim: ten of 15 minutes in the window, a day inside its edge; long ones that do not count.
      ...range(1, 10).map(() => ({ service: 'Trim', provider: null, minutes: 15, daysAgo: 59.8 })),
      ...range(1, 5).map(() => ({ service: 'Trim', provider: null, minutes: 100, daysAgo: 60.2 })),
      { service: 'Trim', provider: 'ana', minutes: 100, status: 'no_show' },
      { service: 'Trim', provider: 'ana', minutes: 100, status: 'cancelled' },
      { service: 'Trim', provider: 'ana', minutes: 100, daysAgo: -1 },
    ];
    for (const [index, visit] of visits.entries()) await insertVisit(salon, visit, index);
    // Another business's cuts are not this one's.
    for (const index of range(1, 12))
      await insertVisit(other, { service: 'Cut', provider: 'ana', minutes: 90 }, index);
    rows = await createServiceDurationsRepository(database.db).serviceDurations(salon.companyId, AS_OF);
  });

  afterAll(async () => {
    await database?.close();
  });

  const find = (rowKind: ServiceDurationRow['kind'], service: string, providerId: string | null = null) =>
    rows.filter((row) => row.kind === rowKind && row.service === service && row.providerId === providerId);

  it('gives the median and spread of the last 60 days per service, and per provider from ten visits', () => {
    const [ana, ben] = salon.providers.map((provider) => provider.id);
    // Sixteen cuts: 20…31 and four of 40; the middle two are 27 and 28.
    expect(find('service', 'Cut')).toEqual([
      { kind: 'service', service: 'Cut', providerId: null, median: 27.5, p10: 21.5, p90: 40, visits: 16 },
    ]);
    // Ana's twelve: 20…31, the 10th percentile 1.1 places in, the 90th 9.9.
    const [anaCut] = find('provider', 'Cut', ana!);
    expect(anaCut).toMatchObject({ median: 25.5, visits: 12 });
    expect(anaCut!.p10).toBeCloseTo(21.1, 6);
    expect(anaCut!.p90).toBeCloseTo(29.9, 6);
    // Ben has four: too few for his own.
    expect(find('provider', 'Cut', ben!)).toEqual([]);
    // Ten trims within the window, none of the older, no-show, cancelled or future ones.
    expect(find('service', 'Trim')).toMatchObject([{ median: 15, visits: 10 }]);
    expect(rows.filter((row) => row.kind === 'provider' && row.service === 'Trim')).toEqual([]);
    // Nine colours in the window: too few.
    expect(find('service', 'Colour')).toEqual([]);
    expect(find('provider', 'Colour', ana!)).toEqual([]);
  });

  it('lists every service with its set duration', () => {
    expect(rows.filter((row) => row.kind === 'listed').map((row) => [row.service, row.median])).toEqual(
      expect.arrayContaining([
        ['Cut', 30],
        ['Colour', 90],
        ['Trim', 15],
      ]),
    );
  });

  it('turns them into the estimator’s table: own history, service history, listed, default', () => {
    const [ana, ben] = salon.providers.map((provider) => provider.id);
    const table = durationTableFrom(rows);
    expect(durationFor(table, 'Cut', ana!).median).toBe(25.5);
    expect(durationFor(table, 'Cut', ben!).median).toBe(27.5);
    // Colour has too little history: its listed 90 minutes, with the listed spread.
    const colour = durationFor(table, 'Colour', ana!);
    expect(colour.median).toBe(90);
    expect(colour.p10).toBeCloseTo(63, 6);
    expect(colour.p90).toBeCloseTo(130.5, 6);
    // Ten identical trims still get a range of ±10 %.
    expect(durationFor(table, 'Trim', null)).toEqual({ median: 15, p10: 13.5, p90: 16.5 });
    // A service no longer listed: 30 minutes.
    expect(durationFor(table, 'Perm', null).median).toBe(30);
  });
});
