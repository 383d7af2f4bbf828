import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { type ClientMessage, REALTIME_PATH, type ServerMessage } from '../../src/shared/realtime.ts';

export type EventMessage = Extract<ServerMessage, { type: 'event' }>;

const POLL_MS = 10;
/** How many polls before giving up: a hang guard, not a speed assertion. */
const MAX_POLLS = 1_000;

/** Starts the app on a free local port (once) and returns its realtime URL. */
export async function realtimeUrl(app: FastifyInstance): Promise<string> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return `ws://127.0.0.1:${port}${REALTIME_PATH}`;
}

/** A WebSocket client for tests: records every server message and waits for the ones it needs. */
export class RealtimeTestClient {
  readonly messages: ServerMessage[] = [];
  /** Resolves when the socket has closed, from either side. */
  readonly closed: Promise<void>;
  /** The close code, once closed (4401: the staff session ended). */
  closeCode: number | undefined;

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => this.messages.push(JSON.parse(String(data)) as ServerMessage));
    this.closed = new Promise((resolve) =>
      socket.once('close', (code) => {
        this.closeCode = code;
        resolve();
      }),
    );
  }

  /** Opens a socket and waits for the server's first `ready`. */
  static async connect(
    url: string,
    options: { cookie?: string; origin?: string } = {},
  ): Promise<RealtimeTestClient> {
    const socket = new WebSocket(url, {
      headers: options.cookie ? { cookie: options.cookie } : {},
      ...(options.origin ? { origin: options.origin } : {}),
    });
    const client = new RealtimeTestClient(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    await client.waitFor((m) => m.type === 'ready', 'the first ready');
    return client;
  }

  /** A customer's socket: connect, then send the token as the first message. */
  static async connectCustomer(url: string, token: string): Promise<RealtimeTestClient> {
    const client = await RealtimeTestClient.connect(url);
    client.send({ type: 'auth', token });
    await client.waitFor((m) => m.type === 'ready' && m.principal === 'customer', 'ready as customer');
    return client;
  }

  get principal(): string | undefined {
    const ready = this.messages.filter((m) => m.type === 'ready');
    return ready.at(-1)?.principal;
  }

  get isOpen(): boolean {
    return this.socket.readyState === WebSocket.OPEN;
  }

  send(message: ClientMessage | string): void {
    this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** Polls the recorded messages (from index `from`) until one matches; throws after a bounded wait. */
  async waitFor<M extends ServerMessage = ServerMessage>(
    predicate: (message: ServerMessage) => boolean,
    description: string,
    from = 0,
  ): Promise<M> {
    for (let poll = 0; poll < MAX_POLLS; poll += 1) {
      const found = this.messages.slice(from).find(predicate);
      if (found) return found as M;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    throw new Error(
      `no message matching "${description}"; received:\n${this.messages.map((m) => JSON.stringify(m)).join('\n')}`,
    );
  }

  /** Sends subscribe and waits for its answer: `subscribed` or an `error` naming the topic. */
  async subscribe(topic: string, after: number | null): Promise<ServerMessage> {
    const from = this.messages.length;
    this.send({ type: 'subscribe', topic, after });
    return this.waitFor(
      (m) => (m.type === 'subscribed' || m.type === 'error') && m.topic === topic,
      `subscribed or error for ${topic}`,
      from,
    );
  }

  events(topic: string): EventMessage[] {
    return this.messages.filter((m): m is EventMessage => m.type === 'event' && m.topic === topic);
  }

  /** Waits until at least `count` events of `topic` have arrived and returns them all. */
  async waitForEvents(topic: string, count: number): Promise<EventMessage[]> {
    for (let poll = 0; poll < MAX_POLLS; poll += 1) {
      const events = this.events(topic);
      if (events.length >= count) return events;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    throw new Error(`expected ${count} events on ${topic}, got ${this.events(topic).length}`);
  }

  /** A ping's pong: every message sent before it has been handled. */
  async roundTrip(): Promise<void> {
    const from = this.messages.length;
    this.send({ type: 'ping' });
    await this.waitFor((m) => m.type === 'pong', 'pong', from);
  }

  async close(): Promise<void> {
    if (this.socket.readyState !== WebSocket.CLOSED) this.socket.close();
    await this.closed;
  }
}
