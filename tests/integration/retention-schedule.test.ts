import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as privacyService from '../../src/server/features/privacy/privacy.service.ts';
import { joinAsNewCustomer } from '../support/customer.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/** Every retention pass the app starts, so a test can count them and wait for one to finish. */
const passes = vi.hoisted(() => [] as Promise<unknown>[]);

vi.mock('../../src/server/features/privacy/privacy.service.ts', async (importOriginal) => {
  const original = await importOriginal<typeof privacyService>();
  return {
    ...original,
    createPrivacyService: (deps: Parameters<typeof original.createPrivacyService>[0]) => {
      const service = original.createPrivacyService(deps);
      return {
        ...service,
        runRetention: () => {
          const pass = service.runRetention();
          passes.push(pass);
          return pass;
        },
      };
    },
  };
});

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * On PGlite only: the schedule is the same on both databases, and pg-pool's wait for a free
 * connection runs on the faked clock too, so jumping an hour would time out PostgreSQL queries.
 */
describe('the retention schedule', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    // Back to real timers first: closing waits for the SMS worker and the realtime log on them.
    vi.useRealTimers();
    await t?.close();
  });

  it('runs a pass a minute after the app starts, then every hour', async () => {
    // Only the timers: the database and the requests run as usual. The app's timers are made
    // while it is built, so the fake clock is in place before.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    passes.length = 0;
    t = await createTestApp('pglite');
    await t.database.db.query("update companies set retention_days = 1 where id = 'demo'");
    const old = await joinAsNewCustomer(t, { name: 'Long Gone' });
    await t.database.db.query("update wait_entries set date = date - interval '2 days' where id = $1", [
      old.waitId,
    ]);

    vi.advanceTimersByTime(MINUTE - 1);
    expect(passes).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(passes).toHaveLength(1);
    // The pass it started is the real one.
    expect(await passes[0]).toMatchObject({ visits: 1 });
    const { rows } = await t.database.db.query<{ name: string }>(
      'select name from wait_entries where id = $1',
      [old.waitId],
    );
    expect(rows).toEqual([{ name: '' }]);

    vi.advanceTimersByTime(HOUR - MINUTE - 1);
    expect(passes).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(passes).toHaveLength(2);
    vi.advanceTimersByTime(HOUR);
    expect(passes).toHaveLength(3);
    await Promise.all(passes);
  });
});
