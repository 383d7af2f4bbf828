/**
 * The realtime bench's load generator, run by bench/realtime.ts as a child process: it holds every
 * WebSocket and sends every HTTP request, so the cause of an event and its arrival are timed on one
 * clock (latency = receipt on the socket − the moment the request that caused it was sent). It
 * answers one command at a time over IPC.
 */
import http from 'node:http';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { STAFF_COOKIE } from '../src/server/http/staff-auth.ts';
import { parseTopic, REALTIME_PATH, type ServerMessage, topics } from '../src/shared/realtime.ts';
import {
  type FromSocketWorker,
  now,
  type SocketPlan,
  type ToSocketWorker,
} from './realtime-socket-protocol.ts';

export interface ChatTarget {
  companyId: string;
  waitId: string;
  threadKey: string;
  cookie: string;
  csrf: string;
  /** The server the request goes to. */
  via: number;
}

export interface CallTarget {
  companyId: string;
  waitId: string;
  cookie: string;
  csrf: string;
  via: number;
}

/** Customers joining one business's line (the workers bench); every join is to server 0. */
export interface JoinTarget {
  companyId: string;
  serviceType: string;
  /** Customers' bearer tokens, used in turn. */
  tokens: string[];
  /** Joins get phone numbers from here on, one each: a number may join only a few times an hour. */
  firstPhoneNumber: number;
  /** Makes the idempotency keys of this run its own. */
  runId: string;
}

export type Command =
  | { cmd: 'open'; servers: string[]; sockets: SocketPlan[]; concurrency: number; timeoutMs: number }
  | {
      cmd: 'send';
      label: string;
      seconds: number;
      chatsPerSecond: number;
      callsPerSecond: number;
      chats: ChatTarget[];
      /** Called in this order, each once (an entry can be called only while waiting). */
      calls: CallTarget[];
    }
  | { cmd: 'saturate'; label: string; seconds: number; senders: number; chats: ChatTarget[] }
  | {
      cmd: 'join';
      label: string;
      seconds: number;
      /** Closed loop: this many joins in flight, each followed by the next as soon as it is answered. */
      concurrency: number;
      joins: JoinTarget;
      /** After the last answer, how long to wait for deliveries still owed (default DELIVERY_GRACE_MS). */
      graceMs?: number;
    }
  | { cmd: 'close' };

export interface OpenResult {
  opened: number;
  failed: number;
  firstErrors: string[];
  seconds: number;
}

export interface LatencySummary {
  count: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

export interface DeliveryResult {
  label: string;
  /** The sending window, in seconds. */
  seconds: number;
  requests: {
    chats: number;
    calls: number;
    joins: number;
    /** 2xx answers per second of the window. */
    okPerSecond: number;
    non2xx: number;
    /** No answer at all (connection error, 10 s timeout). */
    errors: number;
    statusCodes: Record<string, number>;
    http: LatencySummary;
  };
  /** Calls wanted but not sent because no waiting entry was left. */
  callsShort: number;
  /** Deliveries owed by the 2xx requests: one per subscriber of the topic they change. */
  expected: number;
  delivered: number;
  lost: number;
  /** The same event twice on one socket. */
  duplicated: number;
  /** Events for requests that did not answer 2xx, or that match no request. */
  unexpected: number;
  /** Sockets subscribed to a topic this phase's 2xx requests changed that heard of none of them. */
  silentSubscribers: number;
  latency: LatencySummary;
  chatLatency: LatencySummary;
  boardLatency: LatencySummary;
  /** Deliveries whose socket is on another server process than the one the request went to. */
  crossProcess: LatencySummary;
  /** "line.changed" (coalesced per batch, so not matched one to one): subscribers that never heard
   * about their business's last call. */
  line: { events: number; subscribers: number; behind: number };
  /** Per socket and topic: numbers skipped or repeated, resets and errors the server sent. */
  seq: { gaps: number; repeats: number; resets: number; errors: number };
  socketsClosedByServer: number;
  /** The load generator's own event-loop delay while sending: high means it was the bottleneck. */
  loopDelayP99Ms: number;
}

export type Reply = { ok: true; result: unknown } | { ok: false; error: string };

const REQUEST_TIMEOUT_MS = 10_000;
/** After the last answer, how long to wait for deliveries still owed. */
const DELIVERY_GRACE_MS = 3_000;

// ---- sockets ----

interface Client {
  index: number;
  server: number;
  /** Last seq per subscribed topic. */
  seqs: Map<string, number>;
  lastLineAt: number;
  closedByServer: boolean;
}

let servers: URL[] = [];
/** Clients by index, from the moment their socket is asked for; a failed one is removed. */
const clients = new Map<number, Client>();
/** The index the next socket gets (indexes restart after closeAll). */
let nextIndex = 0;
/** topic → indexes of the clients subscribed to it. */
let subscribers = new Map<string, number[]>();
const seqStats = { gaps: 0, repeats: 0, resets: 0, errors: 0 };

// ---- requests and what they owe ----

interface Phase {
  latencies: number[];
  chatLatencies: number[];
  boardLatencies: number[];
  crossLatencies: number[];
  duplicated: number;
  lineEvents: number;
}

interface Sent {
  phase: Phase;
  t0: number;
  via: number;
  /** A join's delivery is a board event too: its latencies count with the board's. */
  kind: 'chat' | 'board' | 'join';
  companyId: string;
  topic: string;
  /** null until answered; then the HTTP status (-1 when none came). */
  status: number | null;
  httpMs?: number;
  expected: number;
  receivedBy: Set<number>;
}

const sends: Sent[] = [];
/** Calls are matched by their entry's waitId (each entry is called once). */
const callsByWaitId = new Map<string, number>();
let unmatched = 0;

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

function post(via: number, path: string, headers: Record<string, string>, body: string): Promise<number> {
  const server = servers[via]!;
  return new Promise((resolve) => {
    const request = http.request(
      {
        host: server.hostname,
        port: server.port,
        path,
        method: 'POST',
        agent,
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        timeout: REQUEST_TIMEOUT_MS,
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? -1));
        response.on('error', () => resolve(-1));
      },
    );
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', () => resolve(-1));
    request.end(body);
  });
}

function staffHeaders(target: { cookie: string; csrf: string }): Record<string, string> {
  return { cookie: `${STAFF_COOKIE}=${target.cookie}`, 'x-csrf-token': target.csrf };
}

function answered(sent: Sent, status: number): number {
  sent.status = status;
  sent.httpMs = now() - sent.t0;
  return status;
}

/** A request about to leave, with the deliveries it owes: one per subscriber of `topic`. */
function recordSend(
  phase: Phase,
  kind: Sent['kind'],
  target: { via: number; companyId: string },
  topic: string,
) {
  const id = sends.length;
  const sent: Sent = {
    phase,
    t0: 0,
    via: target.via,
    kind,
    companyId: target.companyId,
    topic,
    status: null,
    expected: subscribers.get(topic)?.length ?? 0,
    receivedBy: new Set(),
  };
  sends.push(sent);
  return { id, sent };
}

function sendChat(phase: Phase, target: ChatTarget): Promise<number> {
  const { id, sent } = recordSend(phase, 'chat', target, topics.chat(target.threadKey));
  const body = JSON.stringify({
    historyId: target.waitId,
    companyId: target.companyId,
    message: `Your chair is almost ready [rt${id}]`,
    user: { id: 'bench-staff', name: 'Bench Owner' },
    notify: { id: target.waitId, name: 'Bench Guest' },
    chatNode: target.threadKey,
  });
  const headers = { ...staffHeaders(target), 'content-type': 'application/json' };
  sent.t0 = now();
  return post(target.via, '/api/v1/functions/sendMessage', headers, body).then((status) =>
    answered(sent, status),
  );
}

function sendCall(phase: Phase, target: CallTarget): Promise<number> {
  const { id, sent } = recordSend(phase, 'board', target, topics.board(target.companyId));
  callsByWaitId.set(target.waitId, id);
  sent.t0 = now();
  return post(target.via, `/api/v1/staff/wait-entries/${target.waitId}/call`, staffHeaders(target), '').then(
    (status) => answered(sent, status),
  );
}

function sendJoin(phase: Phase, target: JoinTarget, n: number): Promise<number> {
  const { id, sent } = recordSend(
    phase,
    'join',
    { via: 0, companyId: target.companyId },
    topics.board(target.companyId),
  );
  const body = JSON.stringify({
    serviceType: target.serviceType,
    name: `Bench Walker [rt${id}]`,
    phoneNumber: `+1${target.firstPhoneNumber + n}`,
  });
  const headers = {
    authorization: `Bearer ${target.tokens[n % target.tokens.length]}`,
    'idempotency-key': `bench-${target.runId}-${n}`,
    'content-type': 'application/json',
  };
  sent.t0 = now();
  return post(0, `/api/v1/companies/${encodeURIComponent(target.companyId)}/wait-list`, headers, body).then(
    (status) => answered(sent, status),
  );
}

function receive(client: Client, sendId: number | undefined, at: number): void {
  const sent = sendId === undefined ? undefined : sends[sendId];
  if (!sent) {
    unmatched += 1;
    return;
  }
  if (sent.receivedBy.has(client.index)) {
    sent.phase.duplicated += 1;
    return;
  }
  sent.receivedBy.add(client.index);
  const latency = at - sent.t0;
  sent.phase.latencies.push(latency);
  (sent.kind === 'chat' ? sent.phase.chatLatencies : sent.phase.boardLatencies).push(latency);
  if (client.server !== sent.via) sent.phase.crossLatencies.push(latency);
}

/** Like receive, but a second event about the same join (its entry changed again) is no duplicate. */
function receiveOnce(client: Client, sendId: number, at: number): void {
  if (sends[sendId]?.receivedBy.has(client.index)) return;
  receive(client, sendId, at);
}

let currentPhase: Phase | null = null;

function onServerMessage(client: Client, message: ServerMessage, at: number): void {
  if (message.type === 'reset') seqStats.resets += 1;
  if (message.type === 'error') seqStats.errors += 1;
  if (message.type !== 'event') return;
  const last = client.seqs.get(message.topic);
  if (last !== undefined) {
    if (message.seq <= last) seqStats.repeats += 1;
    else if (message.seq > last + 1) seqStats.gaps += message.seq - last - 1;
    if (message.seq > last) client.seqs.set(message.topic, message.seq);
  }
  const data = message.data as { message?: string; waitId?: string; status?: string; name?: string } | null;
  if (message.event === 'message.created') {
    const match = /\[rt(\d+)\]/.exec(data?.message ?? '');
    receive(client, match ? Number(match[1]) : undefined, at);
  } else if (message.event === 'entry.upserted' && parseTopic(message.topic)?.kind === 'board') {
    if (data?.status === 'called') receive(client, callsByWaitId.get(data.waitId ?? ''), at);
    else {
      // A join: its name carries the send's number. Later changes of that entry count once only.
      const match = data?.status === 'waiting' ? /\[rt(\d+)\]/.exec(data.name ?? '') : null;
      if (match) receiveOnce(client, Number(match[1]), at);
    }
  } else if (message.event === 'line.changed') {
    client.lastLineAt = at;
    if (currentPhase) currentPhase.lineEvents += 1;
  }
}

// ---- socket threads ----

/** Threads holding the sockets (realtime-socket-worker.ts): the machine's two cores. */
const SOCKET_THREADS = 2;
const socketThreads: Worker[] = [];
const opening = new Map<
  number,
  { resolve(client: Client): void; reject(error: Error): void; client: Client }
>();
let allClosed: (() => void) | null = null;
let threadsClosed = 0;

function startSocketThreads(): void {
  for (let i = 0; i < SOCKET_THREADS; i++) {
    // TypeScript in a thread: `--import tsx` does not reach a worker's entry on Node 20, so the
    // thread registers tsx itself before loading the module.
    const entry = JSON.stringify(new URL('./realtime-socket-worker.ts', import.meta.url).href);
    const worker = new Worker(
      `import('tsx/esm/api').then(({ register }) => { register(); return import(${entry}); })`,
      { eval: true },
    );
    worker.on('message', (message: FromSocketWorker) => onSocketThread(message));
    worker.on('error', (error) => {
      console.error(`socket thread ${i} failed:`, error);
      process.exit(1);
    });
    socketThreads.push(worker);
  }
}

function onSocketThread(message: FromSocketWorker): void {
  switch (message.op) {
    case 'opened': {
      const waiting = opening.get(message.index);
      if (!waiting) return;
      opening.delete(message.index);
      for (const [topic, seq] of message.seqs) waiting.client.seqs.set(topic, seq);
      waiting.resolve(waiting.client);
      return;
    }
    case 'failed': {
      const waiting = opening.get(message.index);
      opening.delete(message.index);
      clients.delete(message.index);
      waiting?.reject(new Error(message.reason));
      return;
    }
    case 'frames':
      for (let i = 0; i < message.indexes.length; i++) {
        const client = clients.get(message.indexes[i]!);
        if (client) onServerMessage(client, JSON.parse(message.texts[i]!) as ServerMessage, message.at[i]!);
      }
      return;
    case 'closed': {
      const client = clients.get(message.index);
      if (client) client.closedByServer = true;
      return;
    }
    case 'all-closed':
      threadsClosed += 1;
      if (threadsClosed === socketThreads.length) allClosed?.();
      return;
  }
}

/**
 * Connects one socket on its thread, authenticates, subscribes, and resolves once every topic is
 * confirmed. The client is known from the start: frames may come before the confirmations do.
 */
function openClient(plan: SocketPlan, timeoutMs: number): Promise<Client> {
  const index = nextIndex;
  nextIndex += 1;
  const client: Client = {
    index,
    server: plan.server,
    seqs: new Map(),
    lastLineAt: -1,
    closedByServer: false,
  };
  clients.set(index, client);
  return new Promise((resolve, reject) => {
    opening.set(index, { resolve, reject, client });
    const command: ToSocketWorker = {
      op: 'open',
      index,
      url: `ws://${servers[plan.server]!.host}${REALTIME_PATH}`,
      plan,
      timeoutMs,
    };
    socketThreads[index % socketThreads.length]!.postMessage(command);
  });
}

async function openAll(command: Extract<Command, { cmd: 'open' }>): Promise<OpenResult> {
  servers = command.servers.map((server) => new URL(server));
  const started = performance.now();
  const firstErrors: string[] = [];
  let failed = 0;
  let next = 0;
  const worker = async () => {
    while (next < command.sockets.length) {
      const index = next;
      next += 1;
      const plan = command.sockets[index]!;
      try {
        const client = await openClient(plan, command.timeoutMs);
        for (const topic of plan.topics) {
          const list = subscribers.get(topic) ?? [];
          list.push(client.index);
          subscribers.set(topic, list);
        }
      } catch (error) {
        failed += 1;
        if (firstErrors.length < 5) firstErrors.push(`socket ${index}: ${(error as Error).message}`);
      }
    }
  };
  await Promise.all(Array.from({ length: command.concurrency }, worker));
  return {
    opened: command.sockets.length - failed,
    failed,
    firstErrors,
    seconds: (performance.now() - started) / 1000,
  };
}

async function closeAll(): Promise<{ closed: number }> {
  const closed = clients.size;
  threadsClosed = 0;
  await new Promise<void>((resolve) => {
    allClosed = resolve;
    for (const worker of socketThreads) worker.postMessage({ op: 'close-all' } satisfies ToSocketWorker);
  });
  allClosed = null;
  clients.clear();
  nextIndex = 0;
  subscribers = new Map();
  return { closed };
}

// ---- phases ----

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function newPhase(): Phase {
  return {
    latencies: [],
    chatLatencies: [],
    boardLatencies: [],
    crossLatencies: [],
    duplicated: 0,
    lineEvents: 0,
  };
}

function summarize(values: readonly number[]): LatencySummary {
  if (values.length === 0) return { count: 0, p50Ms: 0, p99Ms: 0, maxMs: 0 };
  const sorted = Float64Array.from(values).sort();
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  return { count: sorted.length, p50Ms: at(0.5), p99Ms: at(0.99), maxMs: sorted[sorted.length - 1]! };
}

async function runPhase(
  label: string,
  seconds: number,
  drive: (phase: Phase, inFlight: Set<Promise<number>>, deadline: number) => Promise<number>,
  graceMs = DELIVERY_GRACE_MS,
): Promise<DeliveryResult> {
  const phase = newPhase();
  currentPhase = phase;
  const firstSend = sends.length;
  const closedBefore = closedByServer();
  const seqBefore = { ...seqStats };
  const unmatchedBefore = unmatched;
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  const inFlight = new Set<Promise<number>>();
  const httpTimes: number[] = [];
  const started = performance.now();
  const callsShort = await drive(phase, inFlight, started + seconds * 1000);
  const windowSeconds = (performance.now() - started) / 1000;
  loopDelay.disable();
  await Promise.all(inFlight);
  const answeredAt = performance.now();

  const mine = sends.slice(firstSend);
  const owed = () => mine.reduce((sum, sent) => sum + (okStatus(sent.status) ? sent.expected : 0), 0);
  const got = () => mine.reduce((sum, sent) => sum + (okStatus(sent.status) ? countExpected(sent) : 0), 0);
  // Bounded: at most graceMs after the last answer.
  while (got() < owed() && performance.now() - answeredAt < graceMs) await sleep(50);
  currentPhase = null;

  const statusCodes: Record<string, number> = {};
  let ok = 0;
  let non2xx = 0;
  let errors = 0;
  let unexpected = unmatched - unmatchedBefore;
  for (const sent of mine) {
    const key = String(sent.status);
    statusCodes[key] = (statusCodes[key] ?? 0) + 1;
    if (okStatus(sent.status)) ok += 1;
    else if (sent.status === -1) errors += 1;
    else non2xx += 1;
    if (!okStatus(sent.status)) unexpected += sent.receivedBy.size;
    if (sent.httpMs !== undefined) httpTimes.push(sent.httpMs);
  }

  const lastCallAt = new Map<string, number>();
  for (const sent of mine) {
    if (sent.kind === 'board' && okStatus(sent.status))
      lastCallAt.set(sent.companyId, Math.max(lastCallAt.get(sent.companyId) ?? 0, sent.t0));
  }
  let lineSubscribers = 0;
  let behind = 0;
  for (const [companyId, at] of lastCallAt) {
    for (const index of subscribers.get(`line:${companyId}`) ?? []) {
      lineSubscribers += 1;
      if ((clients.get(index)?.lastLineAt ?? -1) < at) behind += 1;
    }
  }

  const heardOf = new Map<string, Set<number>>();
  for (const sent of mine) {
    if (!okStatus(sent.status)) continue;
    const heard = heardOf.get(sent.topic) ?? new Set<number>();
    for (const index of sent.receivedBy) heard.add(index);
    heardOf.set(sent.topic, heard);
  }
  let silentSubscribers = 0;
  for (const [topic, heard] of heardOf) {
    for (const index of subscribers.get(topic) ?? []) if (!heard.has(index)) silentSubscribers += 1;
  }

  const expected = owed();
  const delivered = got();
  return {
    label,
    seconds: windowSeconds,
    requests: {
      chats: mine.filter((sent) => sent.kind === 'chat').length,
      calls: mine.filter((sent) => sent.kind === 'board').length,
      joins: mine.filter((sent) => sent.kind === 'join').length,
      okPerSecond: ok / windowSeconds,
      non2xx,
      errors,
      statusCodes,
      http: summarize(httpTimes),
    },
    callsShort,
    expected,
    delivered,
    lost: expected - delivered,
    duplicated: phase.duplicated,
    unexpected,
    silentSubscribers,
    latency: summarize(phase.latencies),
    chatLatency: summarize(phase.chatLatencies),
    boardLatency: summarize(phase.boardLatencies),
    crossProcess: summarize(phase.crossLatencies),
    line: { events: phase.lineEvents, subscribers: lineSubscribers, behind },
    seq: {
      gaps: seqStats.gaps - seqBefore.gaps,
      repeats: seqStats.repeats - seqBefore.repeats,
      resets: seqStats.resets - seqBefore.resets,
      errors: seqStats.errors - seqBefore.errors,
    },
    socketsClosedByServer: closedByServer() - closedBefore,
    loopDelayP99Ms: loopDelay.percentile(99) / 1e6,
  };
}

function closedByServer(): number {
  let count = 0;
  for (const client of clients.values()) if (client.closedByServer) count += 1;
  return count;
}

const okStatus = (status: number | null) => status !== null && status >= 200 && status < 300;

/** Receipts by sockets that were subscribed when it was sent (all of them: subscriptions are fixed). */
function countExpected(sent: Sent): number {
  return Math.min(sent.receivedBy.size, sent.expected);
}

function track(inFlight: Set<Promise<number>>, request: Promise<number>): void {
  inFlight.add(request);
  void request.then(() => inFlight.delete(request));
}

/** Open loop: requests leave on schedule whether or not earlier ones were answered. */
function steadyRate(command: Extract<Command, { cmd: 'send' }>) {
  return async (phase: Phase, inFlight: Set<Promise<number>>, deadline: number): Promise<number> => {
    const started = performance.now();
    let chats = 0;
    let calls = 0;
    let callsShort = 0;
    for (let at = started; at < deadline; at = performance.now()) {
      const elapsed = (at - started) / 1000;
      while (chats < Math.floor(elapsed * command.chatsPerSecond) && command.chats.length > 0) {
        const target = command.chats[Math.floor(Math.random() * command.chats.length)]!;
        track(inFlight, sendChat(phase, target));
        chats += 1;
      }
      while (calls < Math.floor(elapsed * command.callsPerSecond)) {
        const target = command.calls[calls];
        calls += 1;
        if (!target) {
          callsShort += 1;
          continue;
        }
        track(inFlight, sendCall(phase, target));
      }
      await sleep(5);
    }
    return callsShort;
  };
}

/** Closed loop: each sender sends its next message as soon as the last one is answered. */
function saturate(command: Extract<Command, { cmd: 'saturate' }>) {
  return async (phase: Phase, inFlight: Set<Promise<number>>, deadline: number): Promise<number> => {
    const sender = async () => {
      while (performance.now() < deadline) {
        const target = command.chats[Math.floor(Math.random() * command.chats.length)]!;
        const request = sendChat(phase, target);
        track(inFlight, request);
        if ((await request) === -1) await sleep(100);
      }
    };
    await Promise.all(Array.from({ length: command.senders }, sender));
    return 0;
  };
}

/** Closed loop: each of `concurrency` customers joins again as soon as the last join is answered. */
function joinAsFastAsTaken(command: Extract<Command, { cmd: 'join' }>) {
  return async (phase: Phase, inFlight: Set<Promise<number>>, deadline: number): Promise<number> => {
    let joined = 0;
    const joiner = async () => {
      while (performance.now() < deadline) {
        const request = sendJoin(phase, command.joins, joined);
        joined += 1;
        track(inFlight, request);
        if ((await request) === -1) await sleep(100);
      }
    };
    await Promise.all(Array.from({ length: command.concurrency }, joiner));
    return 0;
  };
}

async function handle(command: Command): Promise<unknown> {
  switch (command.cmd) {
    case 'open':
      return openAll(command);
    case 'send':
      return runPhase(command.label, command.seconds, steadyRate(command));
    case 'saturate':
      return runPhase(command.label, command.seconds, saturate(command));
    case 'join':
      return runPhase(command.label, command.seconds, joinAsFastAsTaken(command), command.graceMs);
    case 'close':
      return closeAll();
  }
}

startSocketThreads();
process.on('message', (command: Command) => {
  handle(command).then(
    (result) => process.send?.({ ok: true, result } satisfies Reply),
    (error: unknown) =>
      process.send?.({ ok: false, error: String((error as Error).stack ?? error) } satisfies Reply),
  );
});
// The bench is gone: so is its load generator.
process.on('disconnect', () => process.exit(0));
// Stopped by the bench: end the socket threads first, so that profiles (--cpu-prof) get written.
process.on('SIGTERM', () => {
  void Promise.all(socketThreads.map((worker) => worker.terminate())).finally(() => process.exit(0));
});
