import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply } from 'fastify';
import helmet from 'helmet';
import type { RenderPage } from '../shared/page-rendering.ts';
import { parseTopic } from '../shared/realtime.ts';
import type { Config } from './config.ts';
import { backgroundFailureLevel } from './db/connection-errors.ts';
import type { Database } from './db/database.ts';
import { latestMigrationVersion } from './db/migrate.ts';
import { AppError, ERROR_CODES } from './errors.ts';
import { createAnalyticsRepository } from './features/analytics/analytics.repository.ts';
import { registerAnalyticsRoutes } from './features/analytics/analytics.routes.ts';
import { createAnalyticsService } from './features/analytics/analytics.service.ts';
import { createAppointmentsRepository } from './features/appointments/appointments.repository.ts';
import { registerAppointmentRoutes } from './features/appointments/appointments.routes.ts';
import { createAppointmentsService } from './features/appointments/appointments.service.ts';
import { registerBenchRoutes } from './features/bench/bench.routes.ts';
import { createChatRepository } from './features/chat/chat.repository.ts';
import { registerChatRoutes } from './features/chat/chat.routes.ts';
import { createChatService } from './features/chat/chat.service.ts';
import { createCompanyRepository } from './features/company/company.repository.ts';
import { registerCompanyRoutes } from './features/company/company.routes.ts';
import { createCompanyService } from './features/company/company.service.ts';
import { registerLogoRoutes } from './features/company/logo.routes.ts';
import { registerSettingsRoutes } from './features/company/settings.routes.ts';
import { createSettingsService } from './features/company/settings.service.ts';
import { registerConversionRoutes } from './features/conversion/conversion.routes.ts';
import {
  type ConversionTracker,
  createLoggingConversionTracker,
  createRwgConversionTracker,
} from './features/conversion/conversion-tracker.ts';
import { createCustomerRepository } from './features/customer/customer.repository.ts';
import { registerCustomerRoutes } from './features/customer/customer.routes.ts';
import { createCustomerService } from './features/customer/customer.service.ts';
import { createFeedbackRepository } from './features/feedback/feedback.repository.ts';
import { registerFeedbackRoutes } from './features/feedback/feedback.routes.ts';
import { createFeedbackService } from './features/feedback/feedback.service.ts';
import { registerHealthRoutes } from './features/health/health.routes.ts';
import { createReadiness, type LastGoodBackupAt } from './features/health/readiness.ts';
import { createInsightsRepository } from './features/insights/insights.repository.ts';
import { registerInsightsRoutes } from './features/insights/insights.routes.ts';
import { registerIntakeRoutes } from './features/intake/intake.routes.ts';
import { createIntakeService } from './features/intake/intake.service.ts';
import { createLobbyScreenRepository } from './features/lobby-screen/lobby-screen.repository.ts';
import { registerLobbyScreenRoutes } from './features/lobby-screen/lobby-screen.routes.ts';
import { createLobbyScreenService } from './features/lobby-screen/lobby-screen.service.ts';
import { registerManifestRoutes } from './features/manifest/manifest.routes.ts';
import { registerMetricsRoutes } from './features/metrics/metrics.routes.ts';
import { createNearTurnRepository } from './features/near-turn/near-turn.repository.ts';
import { registerNearTurnRoutes } from './features/near-turn/near-turn.routes.ts';
import { createNearTurnService } from './features/near-turn/near-turn.service.ts';
import { readBootScript } from './features/pages/boot-script.ts';
import { type NotFoundHandler, registerClientApp } from './features/pages/pages.routes.ts';
import { createPeopleRepository } from './features/people/people.repository.ts';
import { registerPeopleRoutes } from './features/people/people.routes.ts';
import { createPeopleService } from './features/people/people.service.ts';
import { registerPrivacyRoutes } from './features/privacy/privacy.routes.ts';
import { createPrivacyService } from './features/privacy/privacy.service.ts';
import { createApiKeysRepository } from './features/public-api/api-keys.repository.ts';
import { registerApiKeyRoutes } from './features/public-api/api-keys.routes.ts';
import { createApiKeysService } from './features/public-api/api-keys.service.ts';
import { registerLineRoutes } from './features/public-api/line.routes.ts';
import { createPushRepository } from './features/push/push.repository.ts';
import { registerPushRoutes } from './features/push/push.routes.ts';
import { createPushService, loadVapidKeys } from './features/push/push.service.ts';
import { createRegularsRepository } from './features/regulars/regulars.repository.ts';
import { registerRegularsRoutes } from './features/regulars/regulars.routes.ts';
import { createRegularsService } from './features/regulars/regulars.service.ts';
import { createCalendarFeedRepository } from './features/schedule/calendar-feed.repository.ts';
import { registerCalendarFeedRoutes } from './features/schedule/calendar-feed.routes.ts';
import { createCalendarFeedService } from './features/schedule/calendar-feed.service.ts';
import { createIcsFeedFetcher, type IcsFeedFetcher } from './features/schedule/ics-fetch.ts';
import { createLinePlanService } from './features/schedule/line-plan.service.ts';
import { createScheduleRepository } from './features/schedule/schedule.repository.ts';
import { registerScheduleRoutes } from './features/schedule/schedule.routes.ts';
import { createScheduleService } from './features/schedule/schedule.service.ts';
import { createServiceDurationsRepository } from './features/schedule/service-durations.repository.ts';
import { createSmsRepository } from './features/sms/sms.repository.ts';
import { registerSmsRoutes } from './features/sms/sms.routes.ts';
import { createSmsService } from './features/sms/sms.service.ts';
import { createSmsWorker } from './features/sms/sms-worker.ts';
import { createStaffRepository } from './features/staff/staff.repository.ts';
import { createStaffSessionCookie, registerStaffRoutes } from './features/staff/staff.routes.ts';
import { createStaffService } from './features/staff/staff.service.ts';
import { createTextJoinRepository } from './features/text-join/text-join.repository.ts';
import { createTextJoinService } from './features/text-join/text-join.service.ts';
import { registerBoardRoutes } from './features/wait-list/board.routes.ts';
import { createWaitListRepository } from './features/wait-list/wait-list.repository.ts';
import { registerWaitListRoutes } from './features/wait-list/wait-list.routes.ts';
import { createWaitListService } from './features/wait-list/wait-list.service.ts';
import {
  createPublicWebhookTransport,
  type WebhookTransport,
} from './features/webhooks/webhook-transport.ts';
import { createWebhookWorker } from './features/webhooks/webhook-worker.ts';
import { createWebhooksRepository } from './features/webhooks/webhooks.repository.ts';
import { registerWebhookRoutes } from './features/webhooks/webhooks.routes.ts';
import { createWebhooksService } from './features/webhooks/webhooks.service.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { lazySchemaCompilers } from './http/lazy-schema-compilers.ts';
import { registerOpenApi } from './http/openapi.ts';
import { useZodSchemas } from './http/route-schemas.ts';
import type { PushSender } from './push/push-sender.ts';
import { eventOutsideContract } from './realtime/event-contract.ts';
import type { RealtimeEvent } from './realtime/event-log.ts';
import { createEventLog } from './realtime/event-log.ts';
import { createRealtimeHub } from './realtime/hub.ts';
import { registerRealtimeRoutes } from './realtime/realtime.routes.ts';
import { createTopicAccess } from './realtime/topic-access.ts';
import { createOutboxSmsSender, newTextStatus, type SmsSender } from './sms/sms-sender.ts';
import { createTwilioSmsSender } from './sms/twilio.ts';

/**
 * How often expired service requests and held places that ran out are looked for: a customer hears
 * within this of the deadline.
 */
const REQUEST_EXPIRY_CHECK_MS = 5_000;
const CONVERSATION_SWEEP_MS = 5 * 60_000;
/** Retention (docs/privacy.md): a pass a minute after start, then hourly; visits expire by the day. */
const RETENTION_FIRST_PASS_MS = 60_000;
const RETENTION_PASS_MS = 60 * 60 * 1000;

const DEFAULT_CLIENT_DIR = fileURLToPath(new URL('../../dist/client/', import.meta.url));

/** The app's version, as the OpenAPI document gives it. */
const packageVersion = (): string =>
  (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string })
    .version;
const DEFAULT_SSR_ENTRY = fileURLToPath(new URL('../../dist/ssr/entry-server.js', import.meta.url));

export interface AppDependencies {
  config: Config;
  db: Database;
  /** A pino logger; without one the app logs nothing (tests). */
  logger?: FastifyBaseLogger;
  /** Replaces the Web Push driver (tests pass one aimed at a local fake push service). */
  pushSender?: PushSender;
  /** Replaces the text message driver chosen from config (tests pass the recording fake). */
  smsSender?: SmsSender;
  /** Replaces the webhook transport (tests pass one that reaches a receiver on 127.0.0.1 over http). */
  webhookTransport?: WebhookTransport;
  /** Replaces the conversion driver chosen from config (tests pass the recording fake). */
  conversions?: ConversionTracker;
  /** Replaces the calendar feed fetcher (tests pass one that answers without the network). */
  fetchCalendarFeed?: IcsFeedFetcher;
  /** Whether this process polls the calendar feeds (default true); tests sync them when they choose. */
  pollCalendarFeeds?: boolean;
  /** Built customer app; the API works without it (tests, `npm run dev` where Vite serves it). */
  clientDir?: string;
  /** Built server entry that renders the pages (docs/decisions/0008); without it the browser does. */
  ssrEntry?: string;
  /** Replaces the built server entry (tests render with the app's sources). */
  renderPage?: RenderPage;
  /** The businesses' clock for opening hours and pauses (tests set it); Date.now by default. */
  clock?: () => number;
  /**
   * How long each process keeps a business's settings (company.service.ts); tests of a change
   * made by another process (`npm run admin`) set 0.
   */
  companyCacheSeconds?: number;
  /**
   * When the last good backup finished: readiness reports its age, and the metrics
   * checkn_last_good_backup_timestamp_seconds. Absent, backups show as "not configured".
   */
  lastGoodBackupAt?: LastGoodBackupAt;
  /**
   * Reads every answer back through its route's schema, and every realtime event through its
   * topic's, and logs an error when one drifts (tests).
   */
  checkAnswers?: boolean;
}

function smsSenderFrom(config: Config): SmsSender {
  if (config.sms.driver === 'outbox') return createOutboxSmsSender();
  return createTwilioSmsSender({
    ...config.sms,
    statusCallbackUrl: `${config.publicUrl}/api/sms/twilio/status`,
  });
}

function trustNearestHops(count: number) {
  return (_address: string, hop: number) => hop < count;
}

/** Builds the whole app from its dependencies and never listens: main.ts does, and tests inject. */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { config, db } = deps;
  // Set once the client app is registered (below); a malformed address needs it before routing.
  let answerNotFound: NotFoundHandler = (_request, reply) => sendRouteNotFound(reply);
  const app = Fastify({
    ...(deps.logger ? { loggerInstance: deps.logger } : { logger: false }),
    bodyLimit: 16 * 1024,
    requestTimeout: 30_000,
    connectionTimeout: 60_000,
    // Fastify 5.12 reads a bare hop count as "trust nothing"; the count is meant as "the nearest n
    // hops are our proxies", so it becomes that test on each hop (0 is the connection's own peer).
    trustProxy:
      typeof config.trustProxy === 'number' ? trustNearestHops(config.trustProxy) : config.trustProxy,
    return503OnClosing: true,
    schemaController: { compilersFactory: lazySchemaCompilers() },
    // Malformed URLs (bad percent-encoding, over-long params) get our error shape too; a page
    // address goes to the not-found handler, which answers with the app (its not-found page).
    frameworkErrors: (error, request, reply) => {
      if (request.method === 'GET' && !request.url.startsWith('/api/') && error.statusCode !== 414) {
        return void answerNotFound(request, reply as FastifyReply);
      }
      const status = error.statusCode === 414 ? 414 : 400;
      void (reply as FastifyReply)
        .status(status)
        .send({ error: { code: 'BAD_REQUEST', message: 'That address is not valid.' } });
    },
  });

  useZodSchemas(app, { checkAnswers: deps.checkAnswers ?? false });

  const clientDir = deps.clientDir ?? DEFAULT_CLIENT_DIR;
  // Written into the server-rendered pages; its hash is the one inline script the policy allows.
  const bootScript = readBootScript(clientDir);
  // Built once and applied to every answer. @fastify/helmet built helmet's middleware again, its
  // policy parsed anew, on each request (docs/benchmarks.md: a fifth of a raw insert's CPU).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(bootScript ? [bootScript.cspSource] : [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // The app is served over plain HTTP on a laptop too; HSTS belongs to the TLS proxy in front.
    strictTransportSecurity: false,
  });
  // Helmet throws a bad policy at once (above, at start) and only ever calls next() without an error.
  app.addHook('onRequest', (request, reply, done) => securityHeaders(request.raw, reply.raw, () => done()));
  // JSON (and other text) answers above 1 KB go compressed; it hooks every route registered after
  // it. Already-encoded answers (the precompressed assets) pass untouched, and WebSocket upgrades
  // never reach onSend. Request bodies stay uncompressed: nothing sends them compressed.
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'], globalDecompression: false });
  await app.register(rateLimit, { global: false });
  await app.register(cookie);
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  registerErrorHandler(app);
  // Before the routes: it collects them as they are added.
  await registerOpenApi(app, { version: packageVersion() });
  // Only with METRICS_TOKEN set: otherwise nothing is counted and /metrics does not exist.
  // Loaded only then: prom-client costs the start ~70 ms that an install without metrics never uses.
  const metrics = config.metricsToken
    ? (await import('./features/metrics/metrics.ts')).createMetrics({
        db,
        openSockets: () => realtime.openSockets(),
        realtimeListening: () => hub.isListening(),
        lastGoodBackupAt: deps.lastGoodBackupAt,
      })
    : null;
  // Before the routes: a hook reaches the routes registered after it.
  metrics?.timeRequests(app);

  const smsSender = deps.smsSender ?? smsSenderFrom(config);
  const textStatus = newTextStatus(smsSender);
  const companyRepository = createCompanyRepository(db);
  const waitListRepository = createWaitListRepository(db, textStatus);
  const scheduleRepository = createScheduleRepository(db);
  const eventLog = createEventLog(db, {
    logError: (error) => app.log.error({ err: error }, 'realtime: numbering failed'),
    ...(metrics
      ? { observeDeliveryLag: (seconds) => metrics.observeDeliveryLag('numbered_here', seconds) }
      : {}),
  });
  const companies = createCompanyService(
    companyRepository,
    deps.companyCacheSeconds === undefined ? {} : { cacheSeconds: deps.companyCacheSeconds },
  );
  const customers = createCustomerService(createCustomerRepository(db));
  const staff = createStaffService(createStaffRepository(db));
  const chatRepository = createChatRepository(db, textStatus);
  const smsRepository = createSmsRepository(db, textStatus);
  await smsRepository.setLimits(config.textingLimits);
  const smsWorker = createSmsWorker({
    sms: smsRepository,
    sender: smsSender,
    logger: app.log,
  });
  const sms = createSmsService({
    db,
    sms: smsRepository,
    worker: smsWorker,
    chat: chatRepository,
    waitList: waitListRepository,
    eventLog,
  });
  const pushRepository = createPushRepository(db);
  const push = createPushService({
    push: pushRepository,
    vapid: await loadVapidKeys(pushRepository, config.vapid),
    ...(deps.pushSender ? { sender: deps.pushSender } : {}),
    logger: app.log,
  });
  const schedule = createScheduleService({ db, schedules: scheduleRepository, companies, eventLog });
  const calendarFeedRepository = createCalendarFeedRepository(db);
  const appointmentsRepository = createAppointmentsRepository(db);
  const linePlan = createLinePlanService({
    appointments: appointmentsRepository,
    schedule,
    busyBlocks: calendarFeedRepository,
    companies,
    waitList: waitListRepository,
    durations: createServiceDurationsRepository(db),
    eventLog,
    now: deps.clock ?? Date.now,
  });
  const intake = createIntakeService({
    linePlan,
    companies,
    companyRepository,
    waitList: waitListRepository,
    eventLog,
    sms,
    now: deps.clock ?? Date.now,
  });
  const waitList = createWaitListService({
    db,
    intake,
    linePlan,
    waitList: waitListRepository,
    companies,
    eventLog,
    sms,
    push,
    customers,
    schedules: scheduleRepository,
    publicUrl: config.publicUrl,
    now: deps.clock ?? Date.now,
    countJoin: metrics ? (join) => metrics.countJoin(join) : undefined,
  });
  // "Text me when I'm N away": checked when this process numbers a board event that moved the line
  // up, and by the sweep below for "about 15 minutes" (docs/near-turn.md).
  const nearTurn = createNearTurnService({
    nearTurn: createNearTurnRepository(db, textStatus),
    linePlan,
    waitList: waitListRepository,
    entries: waitList,
    eventLog,
    sms,
    push,
    logger: app.log,
  });
  eventLog.onNumbered((events) => nearTurn.lineEvents(events));
  const textJoin = createTextJoinService({
    db,
    conversations: createTextJoinRepository(db),
    sms,
    texts: smsRepository,
    waitList,
    intake,
    companies,
    customers,
    now: deps.clock ?? Date.now,
  });
  const chat = createChatService({
    db,
    chat: chatRepository,
    waitList: waitListRepository,
    companies,
    eventLog,
    sms,
    push,
  });
  const conversions =
    deps.conversions ??
    (config.conversion.partnerId
      ? createRwgConversionTracker({
          endpoint: config.conversion.endpoint,
          partnerId: config.conversion.partnerId,
        })
      : createLoggingConversionTracker(app.log));
  const hub = createRealtimeHub({
    db,
    eventLog,
    logger: app.log,
    ...(metrics ? { observeNotifiedLag: (seconds) => metrics.observeDeliveryLag('notified', seconds) } : {}),
    ...(deps.checkAnswers
      ? {
          checkEvent: (event: RealtimeEvent) => {
            const problem = eventOutsideContract(event);
            if (problem)
              app.log.error(
                { topic: event.topic, type: event.type, problem },
                'realtime: event outside its schema',
              );
          },
        }
      : {}),
  });
  await hub.start();
  const stopFollowingSessions = await staff.followEndedSessions(db);
  const stopFollowingCustomerTokens = await customers.followEndedTokens(db);
  smsWorker.start();
  const webhookRepository = createWebhooksRepository(db);
  const webhookWorker = createWebhookWorker({
    webhooks: webhookRepository,
    transport: deps.webhookTransport ?? createPublicWebhookTransport(),
    logger: app.log,
  });
  webhookWorker.start();
  // A change to a wait entry writes its deliveries (a trigger) and its board events in one
  // transaction: once this process numbers the events, the deliveries are there to send.
  eventLog.onNumbered((events) => {
    if (events.some((event) => parseTopic(event.topic)?.kind === 'board')) webhookWorker.kick();
  });
  const pruneSignIns = setInterval(
    () =>
      void staff
        .pruneSignInAttempts()
        .catch((error: unknown) =>
          app.log[backgroundFailureLevel(error)]({ err: error }, 'sign-in attempts: prune failed'),
        ),
    60 * 60 * 1000,
  );
  pruneSignIns.unref();
  // Service requests past their deadline expire here; every process runs it, each request ends once.
  const expireRequests = setInterval(
    () =>
      void waitList
        .expireRequests()
        .catch((error: unknown) =>
          app.log[backgroundFailureLevel(error)]({ err: error }, 'service requests: expiry failed'),
        ),
    REQUEST_EXPIRY_CHECK_MS,
  );
  expireRequests.unref();
  // Held places ("I need more time") that ran out are told to the board and the customer; every
  // process runs it, each is told once (wait-list.repository.ts announceLapsedHolds).
  const announceLapsedHolds = setInterval(
    () =>
      void waitList
        .announceLapsedHolds()
        .catch((error: unknown) =>
          app.log[backgroundFailureLevel(error)]({ err: error }, 'more time: announcing failed'),
        ),
    REQUEST_EXPIRY_CHECK_MS,
  );
  announceLapsedHolds.unref();
  // "About 15 minutes before" is met by time passing too; every process runs it, each visit hears once.
  const sweepNearTurnMinutes = setInterval(
    () =>
      void nearTurn
        .sweepMinutes()
        .catch((error: unknown) =>
          app.log[backgroundFailureLevel(error)]({ err: error }, 'near turn: sweep failed'),
        ),
    REQUEST_EXPIRY_CHECK_MS,
  );
  sweepNearTurnMinutes.unref();
  // Joins by text left half-way hold a phone number: forgotten once expired (every process).
  const forgetConversations = setInterval(
    () =>
      void textJoin
        .deleteExpired()
        .catch((error: unknown) =>
          app.log[backgroundFailureLevel(error)]({ err: error }, 'join by text: clean-up failed'),
        ),
    CONVERSATION_SWEEP_MS,
  );
  forgetConversations.unref();
  // Customers' names and numbers past their business's days are erased; every process runs it,
  // each row is erased once (privacy.repository.ts).
  const privacy = createPrivacyService({ db, eventLog });
  const runRetention = () =>
    void privacy
      .runRetention()
      .catch((error: unknown) =>
        app.log[backgroundFailureLevel(error)]({ err: error }, 'retention: pass failed'),
      );
  const firstRetentionPass = setTimeout(runRetention, RETENTION_FIRST_PASS_MS);
  firstRetentionPass.unref();
  const retentionPasses = setInterval(runRetention, RETENTION_PASS_MS);
  retentionPasses.unref();
  // Providers' calendar feeds: every process polls; each due feed is claimed by one (issue 23).
  const calendarFeeds = createCalendarFeedService({
    feeds: calendarFeedRepository,
    fetchFeed: deps.fetchCalendarFeed ?? createIcsFeedFetcher(),
    logger: app.log,
  });
  if (deps.pollCalendarFeeds !== false) calendarFeeds.start();
  app.addHook('onClose', async () => {
    await calendarFeeds.stop();
    clearInterval(pruneSignIns);
    clearInterval(expireRequests);
    clearInterval(announceLapsedHolds);
    clearInterval(sweepNearTurnMinutes);
    await nearTurn.stop();
    clearInterval(forgetConversations);
    clearTimeout(firstRetentionPass);
    clearInterval(retentionPasses);
    await stopFollowingSessions();
    await stopFollowingCustomerTokens();
    await smsWorker.stop();
    await webhookWorker.stop();
    await hub.stop();
  });

  registerCompanyRoutes(app, { companies, intake });
  registerLogoRoutes(app, { companies: companyRepository });
  registerManifestRoutes(app, { companies: companyRepository });
  registerCustomerRoutes(app, {
    customers,
    signInsPerMinute: config.rateLimits.signInsPerMinute,
    secureCookies: config.publicUrl.startsWith('https:'),
  });
  registerWaitListRoutes(app, {
    waitList,
    customers,
    joinsPerMinute: config.rateLimits.joinsPerMinute,
    joinsPerIpPerHour: config.rateLimits.joinsPerIpPerHour,
  });
  const staffSession = createStaffSessionCookie({
    companies,
    staff,
    publicUrl: config.publicUrl,
    secureCookies: config.publicUrl.startsWith('https:'),
  });
  registerStaffRoutes(app, { staff, session: staffSession });
  registerPeopleRoutes(app, {
    people: createPeopleService({
      db,
      people: createPeopleRepository(db),
      staff,
      companies,
      publicUrl: config.publicUrl,
    }),
    staff,
    session: staffSession,
    staffLinksPerHour: config.rateLimits.staffLinksPerHour,
  });
  registerNearTurnRoutes(app, { nearTurn, customers });
  registerBoardRoutes(app, { waitList, staff });
  registerWebhookRoutes(app, { webhooks: createWebhooksService(webhookRepository), staff });
  const apiKeys = createApiKeysService(createApiKeysRepository(db));
  registerApiKeyRoutes(app, { apiKeys, staff });
  registerLineRoutes(app, {
    apiKeys,
    waitList,
    requestsPerMinute: config.rateLimits.apiRequestsPerMinute,
  });
  registerRegularsRoutes(app, {
    regulars: createRegularsService({ regulars: createRegularsRepository(db), eventLog }),
    staff,
  });
  registerScheduleRoutes(app, {
    schedule,
    staff,
  });
  const appointments = createAppointmentsService({
    db,
    appointments: appointmentsRepository,
    waitList: waitListRepository,
    companies,
    customers,
    eventLog,
    sms,
    now: deps.clock ?? Date.now,
  });
  registerAppointmentRoutes(app, { appointments, staff });
  registerPrivacyRoutes(app, { privacy, customers, staff });
  const settings = createSettingsService({
    db,
    companies: companyRepository,
    companyService: companies,
    waitList,
    appointments,
  });
  registerSettingsRoutes(app, { settings, staff });
  registerFeedbackRoutes(app, {
    feedback: createFeedbackService({ feedback: createFeedbackRepository(db) }),
  });
  registerIntakeRoutes(app, { intake, settings, staff });
  registerCalendarFeedRoutes(app, { calendarFeeds, staff });
  registerChatRoutes(app, { chat, customers, staff, messagesPerMinute: config.rateLimits.messagesPerMinute });
  const screens = createLobbyScreenService({
    screens: createLobbyScreenRepository(db),
    eventLog,
    publicUrl: config.publicUrl,
    now: deps.clock ?? Date.now,
  });
  registerLobbyScreenRoutes(app, { screens, staff });
  const realtime = registerRealtimeRoutes(app, {
    hub,
    canSubscribe: createTopicAccess({ waitList: waitListRepository, screens }),
    customers,
    staff,
    screens,
  });
  registerSmsRoutes(app, {
    inbound: textJoin,
    repository: smsRepository,
    staff,
    driver: smsSender.driver,
    twilioAuthToken: config.sms.driver === 'twilio' ? config.sms.authToken : undefined,
    publicUrl: config.publicUrl,
  });
  registerPushRoutes(app, { push, customers, waitList: waitListRepository });
  registerInsightsRoutes(app, { insights: createInsightsRepository(db), staff, companies });
  registerAnalyticsRoutes(app, {
    analytics: createAnalyticsService({ analytics: createAnalyticsRepository(db) }),
    customers,
    batchesPerMinute: config.rateLimits.analyticsBatchesPerMinute,
  });
  registerConversionRoutes(app, { conversions });
  if (config.benchRoutes) await registerBenchRoutes(app, { db });
  registerHealthRoutes(app, {
    readiness: createReadiness({
      db,
      latestMigration: latestMigrationVersion(),
      realtimeListening: () => hub.isListening(),
      lastGoodBackupAt: deps.lastGoodBackupAt,
    }),
    summary: () => ({ database: db.kind, realtime: hub.stats() }),
  });
  if (metrics && config.metricsToken) registerMetricsRoutes(app, { metrics, token: config.metricsToken });

  answerNotFound = await registerClientApp(app, {
    clientDir,
    bootScript,
    ssrEntry: deps.ssrEntry ?? DEFAULT_SSR_ENTRY,
    ...(deps.renderPage ? { renderPage: deps.renderPage } : {}),
    intake,
    customers,
    waitList,
    chat,
    businessLanguage: async (companyId) => {
      try {
        return (await companies.requireCompany(companyId)).language;
      } catch (error) {
        if (error instanceof AppError && error.code === 'COMPANY_NOT_FOUND') return null;
        throw error;
      }
    },
    pseudoLocale: config.pseudoLocale,
    sendRouteNotFound,
  });
  return app;
}

function sendRouteNotFound(reply: FastifyReply) {
  const { status, message } = ERROR_CODES.ROUTE_NOT_FOUND;
  return reply.status(status).send({ error: { code: 'ROUTE_NOT_FOUND', message } });
}
