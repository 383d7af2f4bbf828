/** The only reader of process.env: parsed once at start, frozen, handed to everything else. */
import { isIP } from 'node:net';
import * as z from 'zod/mini';
import { DEFAULT_SHARED_BUFFERS } from './db/pglite-memory.ts';

// Ports from the environment.
const portSchema = z.pipe(
  z.string(),
  z.transform((value, ctx) => {
    const port = Number(value);
    if (!Number.isInteger(port) || port < 0 || port > 65535) {
      ctx.issues.push({ code: 'custom', message: 'must be a whole number from 0 to 65535', input: value });
      return z.NEVER;
    }
    return port;
  }),
);

// Limits: any whole number from 1 up.
const countSchema = z.pipe(
  z.string(),
  z.transform((value, ctx) => {
    const count = Number(value);
    if (!Number.isSafeInteger(count) || count < 1) {
      ctx.issues.push({ code: 'custom', message: 'must be a whole number of at least 1', input: value });
      return z.NEVER;
    }
    return count;
  }),
);

// The local hour of the daily backup.
const hourSchema = z.pipe(
  z.string(),
  z.transform((value, ctx) => {
    const hour = Number(value);
    if (!/^\d{1,2}$/.test(value) || hour > 23) {
      ctx.issues.push({ code: 'custom', message: 'must be an hour from 0 to 23', input: value });
      return z.NEVER;
    }
    return hour;
  }),
);

/** An IP address, or an address with a CIDR prefix length (10.0.0.0/8, fd00::/8). */
function isAddressOrRange(value: string): boolean {
  const [address = '', prefix, ...rest] = value.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (version === 4 ? 32 : 128);
}

/**
 * Which proxies may say who the client is (Fastify's trustProxy): none by default, since a
 * client's own X-Forwarded-For would otherwise pick its rate-limit bucket. A hop count trusts that
 * many proxies in front; a list trusts only those addresses; `true` trusts any (only behind a
 * proxy that overwrites the header).
 */
const trustProxySchema = z.pipe(
  z.string(),
  z.transform((value, ctx): boolean | number | string[] => {
    if (value === 'false' || value === '0') return false;
    if (value === 'true') return true;
    if (/^\d+$/.test(value)) return Number(value);
    const addresses = value.split(',').map((part) => part.trim());
    if (addresses.every(isAddressOrRange)) return addresses;
    ctx.issues.push({
      code: 'custom',
      message: 'must be a hop count (1), proxy addresses or ranges (10.0.0.1,fd00::/8), true or false',
      input: value,
    });
    return z.NEVER;
  }),
);

const urlSchema = (protocols: string[]) =>
  z.string().check(
    z.refine(
      (value) => {
        try {
          return protocols.includes(new URL(value).protocol);
        } catch {
          return false;
        }
      },
      `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`,
    ),
  );

const envSchema = z.object({
  NODE_ENV: z._default(z.enum(['development', 'production', 'test']), 'production'),
  HOST: z._default(z.string().check(z.minLength(1)), '127.0.0.1'),
  PORT: z._default(portSchema, 3000),
  DATA_DIR: z._default(z.string().check(z.minLength(1, 'must not be empty')), './data'),
  // The embedded database's buffer cache (docs/memory.md, db/pglite-memory.ts).
  PGLITE_SHARED_BUFFERS: z._default(
    z.string().check(z.regex(/^[1-9]\d{0,5}(kB|MB|GB)$/, 'must be a size such as 32MB or 256MB')),
    DEFAULT_SHARED_BUFFERS,
  ),
  // Next to the data folder by default (./data-backups), never inside it: see docs/backups.md.
  BACKUP_DIR: z.optional(z.string().check(z.minLength(1, 'must not be empty'))),
  BACKUP_KEEP: z._default(countSchema, 14),
  BACKUP_HOUR: z._default(hourSchema, 3),
  DATABASE_URL: z.optional(urlSchema(['postgres:', 'postgresql:'])),
  PUBLIC_URL: z.optional(urlSchema(['http:', 'https:'])),
  LOG_LEVEL: z._default(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']), 'info'),
  SEED_DEMO: z._default(z.enum(['auto', 'always', 'never']), 'auto'),
  CONVERSION_ENDPOINT: z._default(
    urlSchema(['https:', 'http:']),
    'https://www.google.com/maps/conversion/collect',
  ),
  CONVERSION_PARTNER_ID: z.optional(z.string().check(z.minLength(1))),
  SMS_DRIVER: z._default(z.enum(['outbox', 'twilio']), 'outbox'),
  TWILIO_ACCOUNT_SID: z.optional(z.string().check(z.regex(/^AC\w+$/, 'must start with AC'))),
  TWILIO_AUTH_TOKEN: z.optional(z.string().check(z.minLength(8, 'looks too short'))),
  TWILIO_FROM: z.optional(z.string().check(z.regex(/^\+\d{8,15}$/, 'must be a number like +15005550006'))),
  TWILIO_MESSAGING_SERVICE_SID: z.optional(z.string().check(z.regex(/^MG\w+$/, 'must start with MG'))),
  TWILIO_API_BASE: z._default(urlSchema(['https:', 'http:']), 'https://api.twilio.com'),
  VAPID_PUBLIC_KEY: z.optional(
    z.string().check(z.regex(/^[A-Za-z0-9_-]{80,100}$/, 'must be a base64url P-256 public key')),
  ),
  VAPID_PRIVATE_KEY: z.optional(
    z.string().check(z.regex(/^[A-Za-z0-9_-]{40,50}$/, 'must be a base64url P-256 private key')),
  ),
  VAPID_SUBJECT: z.optional(
    z.string().check(z.regex(/^(mailto:|https:\/\/)/, 'must start with mailto: or https://')),
  ),
  BENCH_ROUTES: z._default(z.enum(['0', '1']), '0'),
  // Browser tests only (docs/languages.md): the pseudo-locale, picked by its cookie.
  PSEUDO_LOCALE: z._default(z.enum(['0', '1']), '0'),
  TRUST_PROXY: z._default(trustProxySchema, false),
  RATE_LIMIT_SIGN_INS_PER_MINUTE: z._default(countSchema, 60),
  RATE_LIMIT_JOINS_PER_MINUTE: z._default(countSchema, 20),
  // A salon's guest Wi-Fi or the kiosk's tablet joins everyone from one address: two a minute
  // is more than a door sees, and far less than fresh anonymous identities could make.
  RATE_LIMIT_JOINS_PER_IP_PER_HOUR: z._default(countSchema, 120),
  RATE_LIMIT_MESSAGES_PER_MINUTE: z._default(countSchema, 60),
  // People added, and new password links, per business per hour (each its own count): a salon's
  // whole team fits, and an owner cannot make invites by the thousand (issue 22).
  RATE_LIMIT_STAFF_LINKS_PER_HOUR: z._default(countSchema, 30),
  // Twilio's guidance for texts anyone can cause: 3 per number per 10 minutes.
  TEXT_LIMIT_PER_NUMBER: z._default(countSchema, 3),
  TEXT_LIMIT_PER_NUMBER_MINUTES: z._default(countSchema, 10),
  TEXT_LIMIT_PER_BUSINESS_PER_DAY: z._default(countSchema, 500),
  // A family on one phone may put a few people on the list; texts stay capped per number anyway.
  JOIN_LIMIT_PER_PHONE_PER_HOUR: z._default(countSchema, 5),
  // A join by text takes three answers (the menu, the name question, the join's text); room for a re-ask and STATUS.
  TEXT_LIMIT_CONVERSATION_PER_NUMBER: z._default(countSchema, 10),
  RATE_LIMIT_ANALYTICS_BATCHES_PER_MINUTE: z._default(countSchema, 30),
  // Per API key (docs/public-api.md): a POS polling the line every second, with room to act on it.
  RATE_LIMIT_API_REQUESTS_PER_MINUTE: z._default(countSchema, 120),
  // A bearer token anyone who can reach the port could otherwise guess: long and random.
  METRICS_TOKEN: z.optional(z.string().check(z.minLength(16, 'must be at least 16 characters'))),
  // Server processes on the one port (src/server/cluster.ts); more than one needs PostgreSQL.
  WORKERS: z._default(countSchema, 1),
});

export type Config = Readonly<{
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  /** PostgreSQL's shared_buffers on the embedded database (pglite-memory.ts). */
  pgliteSharedBuffers: string;
  /** Logical backups (docs/backups.md): where, how many kept, and the local hour of the daily one. */
  backups: Readonly<{ dir: string; keep: number; hour: number }>;
  databaseUrl: string | undefined;
  publicUrl: string;
  logLevel: string;
  /** auto: the embedded database seeds the demo business on first start; PostgreSQL only via `npm run seed`. */
  seedDemo: 'auto' | 'always' | 'never';
  /**
   * Per client IP (sign-ins), per customer (joins) and per customer or staff session (chat
   * messages): a salon's guest Wi-Fi puts many phones behind one IP.
   */
  /** Reserve with Google conversion collector; reports are only logged until a partner id is set. */
  conversion: Readonly<{ endpoint: string; partnerId: string | undefined }>;
  /** Text messages: the local outbox (default) or Twilio. */
  sms: Readonly<
    | { driver: 'outbox' }
    | {
        driver: 'twilio';
        accountSid: string;
        authToken: string;
        from: string | undefined;
        messagingServiceSid: string | undefined;
        apiBase: string;
      }
  >;
  /** Web Push: keys from the environment, or made on first start and kept in the database. */
  vapid: Readonly<{ publicKey: string | undefined; privateKey: string | undefined; subject: string }>;
  /** Adds the raw-insert baseline route used by `npm run bench`; never on in production. */
  benchRoutes: boolean;
  /** Pages may be rendered in the pseudo-locale (docs/languages.md); for browser tests, never in production. */
  pseudoLocale: boolean;
  rateLimits: Readonly<{
    signInsPerMinute: number;
    joinsPerMinute: number;
    /** Joins and service requests from one client IP, whatever identities it signs in as. */
    joinsPerIpPerHour: number;
    messagesPerMinute: number;
    /** People added, and new password links made, per business per hour (each counted apart). */
    staffLinksPerHour: number;
    /** Per customer: the app sends a batch every few seconds at most while someone taps through. */
    analyticsBatchesPerMinute: number;
    /** Per API key, whatever addresses the program calls from. */
    apiRequestsPerMinute: number;
  }>;
  /** Fastify's trustProxy: whose X-Forwarded-For decides the client IP that per-IP limits count. */
  trustProxy: boolean | number | string[];
  /** What a client can make the install text, kept by the database (migrations/0006). */
  textingLimits: TextingLimits;
  /** Bearer token of GET /metrics; unset, there are no metrics (docs/operations.md). */
  metricsToken: string | undefined;
  /** Server processes sharing the port; more than 1 only on PostgreSQL (docs/deploy.md). */
  workers: number;
}>;

export type TextingLimits = Readonly<{
  /** Texts a join or a service request may cause to one number, install-wide, per window. */
  textsPerNumber: number;
  textsPerNumberWindowMinutes: number;
  /** Texts one business may send in any 24 hours (answers to STOP / START / HELP aside). */
  textsPerBusinessPerDay: number;
  /** Joins of one phone number at one business per hour. */
  joinsPerPhonePerHour: number;
  /** Answers of joins by text (the menu, questions, STATUS, LEAVE) to one number per window. */
  conversationTextsPerNumber: number;
}>;

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const key = issue.path.join('.');
      return `  ${key}=${JSON.stringify(env[key] ?? '')}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const values = parsed.data;
  if (values.SMS_DRIVER === 'twilio') {
    const missing = [
      !values.TWILIO_ACCOUNT_SID && 'TWILIO_ACCOUNT_SID',
      !values.TWILIO_AUTH_TOKEN && 'TWILIO_AUTH_TOKEN',
      !values.TWILIO_FROM &&
        !values.TWILIO_MESSAGING_SERVICE_SID &&
        'TWILIO_FROM (or TWILIO_MESSAGING_SERVICE_SID)',
    ].filter(Boolean);
    if (missing.length > 0) {
      throw new ConfigError(`Invalid configuration:\n  SMS_DRIVER=twilio needs ${missing.join(', ')}`);
    }
  }
  if (values.WORKERS > 1 && !values.DATABASE_URL) {
    // PGlite's data folder is locked by the one process that opens it (db/data-dir-lock.ts).
    throw new ConfigError(
      `WORKERS=${values.WORKERS} needs PostgreSQL (DATABASE_URL): the embedded database's data folder can be opened by one process only.`,
    );
  }
  return Object.freeze({
    env: values.NODE_ENV,
    host: values.HOST,
    port: values.PORT,
    dataDir: values.DATA_DIR,
    pgliteSharedBuffers: values.PGLITE_SHARED_BUFFERS,
    backups: Object.freeze({
      dir: values.BACKUP_DIR ?? `${values.DATA_DIR.replace(/[\\/]+$/, '')}-backups`,
      keep: values.BACKUP_KEEP,
      hour: values.BACKUP_HOUR,
    }),
    databaseUrl: values.DATABASE_URL,
    publicUrl: (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/$/, ''),
    logLevel: values.LOG_LEVEL,
    seedDemo: values.SEED_DEMO,
    conversion: Object.freeze({
      endpoint: values.CONVERSION_ENDPOINT,
      partnerId: values.CONVERSION_PARTNER_ID,
    }),
    sms: Object.freeze(
      values.SMS_DRIVER === 'twilio'
        ? {
            driver: 'twilio' as const,
            accountSid: values.TWILIO_ACCOUNT_SID!,
            authToken: values.TWILIO_AUTH_TOKEN!,
            from: values.TWILIO_FROM,
            messagingServiceSid: values.TWILIO_MESSAGING_SERVICE_SID,
            apiBase: values.TWILIO_API_BASE,
          }
        : { driver: 'outbox' as const },
    ),
    vapid: Object.freeze({
      publicKey: values.VAPID_PUBLIC_KEY,
      privateKey: values.VAPID_PRIVATE_KEY,
      // Push services want a way to reach whoever runs the server.
      subject:
        values.VAPID_SUBJECT ??
        (values.PUBLIC_URL?.startsWith('https://') ? values.PUBLIC_URL : 'mailto:owner@checkn.invalid'),
    }),
    benchRoutes: values.BENCH_ROUTES === '1',
    pseudoLocale: values.PSEUDO_LOCALE === '1',
    rateLimits: Object.freeze({
      signInsPerMinute: values.RATE_LIMIT_SIGN_INS_PER_MINUTE,
      joinsPerMinute: values.RATE_LIMIT_JOINS_PER_MINUTE,
      joinsPerIpPerHour: values.RATE_LIMIT_JOINS_PER_IP_PER_HOUR,
      messagesPerMinute: values.RATE_LIMIT_MESSAGES_PER_MINUTE,
      staffLinksPerHour: values.RATE_LIMIT_STAFF_LINKS_PER_HOUR,
      analyticsBatchesPerMinute: values.RATE_LIMIT_ANALYTICS_BATCHES_PER_MINUTE,
      apiRequestsPerMinute: values.RATE_LIMIT_API_REQUESTS_PER_MINUTE,
    }),
    trustProxy: values.TRUST_PROXY,
    textingLimits: Object.freeze({
      textsPerNumber: values.TEXT_LIMIT_PER_NUMBER,
      textsPerNumberWindowMinutes: values.TEXT_LIMIT_PER_NUMBER_MINUTES,
      textsPerBusinessPerDay: values.TEXT_LIMIT_PER_BUSINESS_PER_DAY,
      joinsPerPhonePerHour: values.JOIN_LIMIT_PER_PHONE_PER_HOUR,
      conversationTextsPerNumber: values.TEXT_LIMIT_CONVERSATION_PER_NUMBER,
    }),
    metricsToken: values.METRICS_TOKEN,
    workers: values.WORKERS,
  });
}
