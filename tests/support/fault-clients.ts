import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import { DEMO_OWNER } from '../../src/server/seed/demo.ts';
import { REALTIME_PATH, type ServerMessage } from '../../src/shared/realtime.ts';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Follows one topic as the app's realtime client does (src/client/lib/realtime-client.ts): on any
 * close it reconnects with back-off and resubscribes "after" the last seq it delivered, dropping
 * what it already has. It also records what the real client would silently paper over: a gap, a
 * repeated seq, a reset.
 */
export class ResumingSubscriber {
  lastSeq: number;
  readonly delivered: { seq: number; data: unknown }[] = [];
  readonly gaps: { after: number; got: number }[] = [];
  duplicates = 0;
  resets = 0;
  connections = 0;
  private socket: WebSocket | null = null;
  private stopped = false;
  private attempt = 0;

  constructor(
    private readonly base: string,
    private readonly topic: string,
    private readonly options: { cookie?: string; after: number },
  ) {
    this.lastSeq = options.after;
  }

  start(): void {
    this.connect();
  }

  private connect(): void {
    if (this.stopped) return;
    const socket = new WebSocket(`${this.base.replace(/^http/, 'ws')}${REALTIME_PATH}`, {
      headers: this.options.cookie ? { cookie: this.options.cookie } : {},
    });
    this.socket = socket;
    this.connections += 1;
    socket.on('message', (raw) => this.handle(JSON.parse(String(raw)) as ServerMessage));
    // A refused or reset connection: 'close' follows and reconnects.
    socket.on('error', () => {});
    socket.on('close', () => {
      if (this.socket !== socket || this.stopped) return;
      this.socket = null;
      const delay = Math.min(100 * 2 ** this.attempt, 1_000);
      this.attempt += 1;
      setTimeout(() => this.connect(), delay);
    });
  }

  private handle(message: ServerMessage): void {
    switch (message.type) {
      case 'ready':
        this.attempt = 0;
        this.socket?.send(JSON.stringify({ type: 'subscribe', topic: this.topic, after: this.lastSeq }));
        return;
      case 'event':
        if (message.topic !== this.topic) return;
        if (message.seq <= this.lastSeq) {
          this.duplicates += 1;
          return;
        }
        if (message.seq !== this.lastSeq + 1) this.gaps.push({ after: this.lastSeq, got: message.seq });
        this.lastSeq = message.seq;
        this.delivered.push({ seq: message.seq, data: message.data });
        return;
      case 'reset':
        this.resets += 1;
        this.lastSeq = message.seq;
        return;
      default:
        return;
    }
  }

  stop(): void {
    this.stopped = true;
    this.socket?.close();
  }
}

/** What a request came back with: a status, or the network error's code when none came back. */
export type Outcome = number | string;

/** A POST or GET that never throws: a dropped connection is an outcome like a status. */
export async function request(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
): Promise<{ outcome: Outcome; json: unknown; headers: Headers | null }> {
  try {
    const response = await fetch(url, {
      method: init.method ?? 'GET',
      headers: {
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...init.headers,
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      signal: AbortSignal.timeout(15_000),
    });
    const json = await response.json().catch(() => null);
    return { outcome: response.status, json, headers: response.headers };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    return { outcome: cause?.code ?? (error as Error).name, json: null, headers: null };
  }
}

/** Retries while the answer is a 503 or no answer; returns the first other answer. */
export async function untilAnswered(
  attempt: () => ReturnType<typeof request>,
  seen: Outcome[],
): Promise<Awaited<ReturnType<typeof request>>> {
  for (let tries = 0; ; tries += 1) {
    const result = await attempt();
    seen.push(result.outcome);
    if (typeof result.outcome === 'number' && result.outcome !== 503) return result;
    if (tries > 200) throw new Error(`no answer after ${tries} tries: ${seen.slice(-5).join(', ')}`);
    await pause(100);
  }
}

export async function signInCustomer(base: string, seen: Outcome[]): Promise<string> {
  const { outcome, json } = await untilAnswered(
    () => request(`${base}/api/v1/customers/anonymous`, { method: 'POST' }),
    seen,
  );
  if (outcome !== 200 && outcome !== 201) throw new Error(`customer sign-in answered ${outcome}`);
  return `Bearer ${(json as { token: string }).token}`;
}

export async function signInOwner(base: string, seen: Outcome[]): Promise<string> {
  for (;;) {
    const response = await fetch(`${base}/api/v1/staff/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO_OWNER.email, password: DEMO_OWNER.password }),
    }).catch(() => null);
    seen.push(response?.status ?? 'no answer');
    const cookie = response?.headers.getSetCookie().find((c) => c.startsWith('checkn_staff='));
    if (response?.status === 200 && cookie) return cookie.split(';')[0]!;
    if (response && response.status !== 503) throw new Error(`staff sign-in answered ${response.status}`);
    await pause(100);
  }
}

/** One join as the customer app sends it: the key is kept for every retry of the same join. */
export interface JoinAttempt {
  key: string;
  phoneNumber: string;
  allowSms: boolean;
  authorization: string;
  /** Set once a 200/201 came back. */
  waitId?: string;
}

export function newJoin(authorization: string, phoneNumber: string, allowSms: boolean): JoinAttempt {
  return { key: randomUUID(), phoneNumber, allowSms, authorization };
}

export function sendJoin(base: string, join: JoinAttempt) {
  return request(`${base}/api/v1/companies/demo/wait-list`, {
    method: 'POST',
    headers: { authorization: join.authorization, 'idempotency-key': join.key },
    body: {
      serviceType: 'Facials',
      name: `Fault ${join.key.slice(0, 8)}`,
      phoneNumber: join.phoneNumber,
      allowSms: join.allowSms,
    },
  });
}

/** A distinct valid US number per index (NANP, 212 area code; libphonenumber accepts them). */
export function phoneNumberFor(index: number): string {
  return `+1212736${String(index).padStart(4, '0')}`;
}
