import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import type { Database } from '../../src/server/db/database.ts';
import type { ConversionTracker } from '../../src/server/features/conversion/conversion-tracker.ts';
import type { IcsFeedFetcher } from '../../src/server/features/schedule/ics-fetch.ts';
import type { WebhookTransport } from '../../src/server/features/webhooks/webhook-transport.ts';
import type { PushSender } from '../../src/server/push/push-sender.ts';
import { seedDemoCompany } from '../../src/server/seed/demo.ts';
import type { SmsSender } from '../../src/server/sms/sms-sender.ts';
import { type DatabaseKind, openTestDatabase, type TestDatabase } from './test-database.ts';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  /** Signs in a new anonymous customer and returns its Authorization header. */
  signIn(): Promise<{ customerId: string; authorization: string }>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  conversions?: ConversionTracker;
  smsSender?: SmsSender;
  pushSender?: PushSender;
  /** Reaches webhook endpoints (tests: a receiver on 127.0.0.1); the default refuses them all. */
  webhookTransport?: WebhookTransport;
  /** Answers calendar feed links instead of the network. */
  fetchCalendarFeed?: IcsFeedFetcher;
  /** Told of every statement the app runs outside a transaction, with how many rows it returned. */
  onQuery?: (sql: string, rows: number) => void;
  /** The businesses' clock for opening hours and pauses (features/intake). */
  clock?: () => number;
  /** 0: every request reads the business anew, as after another process changed it. */
  companyCacheSeconds?: number;
}

/** The database as the app sees it, telling `onQuery` of each statement and its rows. */
function observed(db: Database, onQuery: (sql: string, rows: number) => void): Database {
  return new Proxy(db, {
    get(target, property) {
      if (property === 'query')
        return async (...args: Parameters<Database['query']>) => {
          const result = await target.query(...args);
          onQuery(args[0], result.rows.length);
          return result;
        };
      const value = Reflect.get(target, property);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** The texting limits at their defaults (config.ts), for the tests of those limits. */
export const DEFAULT_TEXTING_LIMITS = {
  TEXT_LIMIT_PER_NUMBER: '3',
  TEXT_LIMIT_PER_NUMBER_MINUTES: '10',
  TEXT_LIMIT_PER_BUSINESS_PER_DAY: '500',
  JOIN_LIMIT_PER_PHONE_PER_HOUR: '5',
};

/** A new anonymous customer of the app, with its Authorization header. */
export async function signInAnonymously(app: FastifyInstance) {
  const response = await app.inject({ method: 'POST', url: '/api/v1/customers/anonymous' });
  const { customerId, token } = response.json() as { customerId: string; token: string };
  return { customerId, authorization: `Bearer ${token}` };
}

/** The configuration every test app runs with; `env` adds to it. */
export function testConfig(env: Record<string, string> = {}) {
  return loadConfig({
    NODE_ENV: 'test',
    RATE_LIMIT_JOINS_PER_MINUTE: '1000',
    // Every injected request comes from one address.
    RATE_LIMIT_JOINS_PER_IP_PER_HOUR: '1000000',
    RATE_LIMIT_SIGN_INS_PER_MINUTE: '1000',
    // Suites add many people to the demo business; the limit's own test sets it.
    RATE_LIMIT_STAFF_LINKS_PER_HOUR: '1000000',
    // Tests and benchmarks join many times with one number; the limits' own tests set them.
    TEXT_LIMIT_PER_NUMBER: '1000000',
    TEXT_LIMIT_PER_BUSINESS_PER_DAY: '1000000',
    JOIN_LIMIT_PER_PHONE_PER_HOUR: '1000000',
    ...env,
  });
}

export async function createTestApp(kind: DatabaseKind, options: TestAppOptions = {}): Promise<TestApp> {
  const database = await openTestDatabase(kind);
  await seedDemoCompany(database.db);
  const config = testConfig(options.env);
  const app = await buildApp({
    config,
    // STYLE: an error the server only logs is still a bug; console.error fails the test
    // (fail-on-console-error.ts), so error-level lines go there.
    logger: pino(
      { level: 'error' },
      { write: (line: string) => console.error(`server logged an error: ${line.trim()}`) },
    ),
    db: options.onQuery ? observed(database.db, options.onQuery) : database.db,
    clientDir: '/nonexistent',
    // An answer outside its route's schema fails the test that made it (http/route-schemas.ts).
    checkAnswers: true,
    ...(options.conversions ? { conversions: options.conversions } : {}),
    ...(options.smsSender ? { smsSender: options.smsSender } : {}),
    ...(options.pushSender ? { pushSender: options.pushSender } : {}),
    // Never the network: the public transport would try to reach the endpoints tests add.
    webhookTransport:
      options.webhookTransport ?? (async () => Promise.reject(new Error('no webhooks in tests'))),
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.companyCacheSeconds === undefined
      ? {}
      : { companyCacheSeconds: options.companyCacheSeconds }),
    // Never the network: a test that syncs a feed passes its own answers.
    fetchCalendarFeed:
      options.fetchCalendarFeed ?? (async () => Promise.reject(new Error('no calendar feeds in tests'))),
    // A pass every minute would write to feeds while a suite compares rows: tests run syncDueFeeds.
    pollCalendarFeeds: false,
  });
  await app.ready();
  return {
    app,
    database,
    signIn: () => signInAnonymously(app),
    async close() {
      await app.close();
      await database.close();
    },
  };
}
