import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type {} from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import {
  type ClientMessage,
  clientMessageSchema,
  REALTIME_PATH,
  type ServerMessage,
} from '../../shared/realtime.ts';
import { backgroundFailureLevel, isDatabaseUnavailable } from '../db/connection-errors.ts';
import type { CustomerService } from '../features/customer/customer.service.ts';
import type { LobbyScreenService } from '../features/lobby-screen/lobby-screen.service.ts';
import type { StaffService } from '../features/staff/staff.service.ts';
import { boardEventAsSeenBy, seesWholePhone } from '../features/wait-list/board-view.ts';
import { STAFF_COOKIE } from '../http/staff-auth.ts';
import type { RealtimeEvent } from './event-log.ts';
import { HeartbeatSweep } from './heartbeat.ts';
import type { RealtimeConnection, RealtimeHub } from './hub.ts';
import type { EncodedEvent } from './text-frame.ts';
import type { RealtimePrincipal, TopicAccess } from './topic-access.ts';

const HEARTBEAT_MS = 30_000;
/** Each socket is pinged once per HEARTBEAT_MS, the sockets taken in this many slices (heartbeat.ts). */
const HEARTBEAT_SLICES = 60;
const MAX_SUBSCRIPTIONS = 50;
const MAX_MESSAGE_BYTES = 4 * 1024;

const message = (value: ServerMessage) => JSON.stringify(value);

function safeHost(url: string): string | null {
  try {
    return new URL(url).host;
  } catch {
    return null;
  }
}

/**
 * The one WebSocket endpoint. Staff are known from their session cookie at the upgrade (checked
 * against the page's Origin, since browsers send cookies on cross-site WebSockets); customers
 * send their token as the first message so it never appears in a URL or a log.
 */
export function registerRealtimeRoutes(
  app: FastifyInstance,
  deps: {
    hub: RealtimeHub;
    canSubscribe: TopicAccess;
    customers: CustomerService;
    staff: StaffService;
    screens: Pick<LobbyScreenService, 'isCurrentKey'>;
  },
) {
  const { hub, canSubscribe, customers, staff, screens } = deps;
  /** Every open socket's session: for the listeners shared by all sockets, and the heartbeat. */
  const sessions = new Map<WebSocket, SocketSession>();
  /** Staff sockets by session token hash: an ended session's sockets are closed at once. */
  const staffSessions = new Map<string, Set<SocketSession>>();

  function addStaffSocket(session: SocketSession, tokenHash: string): void {
    const sockets = staffSessions.get(tokenHash);
    if (sockets) sockets.add(session);
    else staffSessions.set(tokenHash, new Set([session]));
  }

  function removeStaffSocket(session: SocketSession): void {
    if (!session.sessionTokenHash) return;
    const sockets = staffSessions.get(session.sessionTokenHash);
    sockets?.delete(session);
    if (sockets?.size === 0) staffSessions.delete(session.sessionTokenHash);
  }

  /**
   * One socket's state. A class rather than closures: its methods live once on the prototype, and
   * 5,000 sockets hold a few fields each (bench: memory per connection). It keeps nothing of the
   * upgrade request: holding `request` would keep it alive for the socket's whole life.
   */
  class SocketSession implements RealtimeConnection {
    principal: RealtimePrincipal | null = null;
    /** Set by each pong; a socket that missed one heartbeat is ended at the next. */
    isAlive = true;
    sessionTokenHash: string | null = null;
    /** Set for a provider: their board shows only their own customers' whole numbers. */
    view: ((event: RealtimeEvent) => RealtimeEvent) | undefined = undefined;
    /** Messages are handled one at a time, in order. */
    private queue: Promise<void>;

    constructor(
      readonly socket: WebSocket,
      private readonly sessionToken: string | undefined,
      sameOrigin: boolean,
    ) {
      // Staff are recognised first; messages wait for that.
      this.queue = this.start(sameOrigin ? sessionToken : undefined).catch((error: unknown) =>
        this.failed(error),
      );
    }

    /**
     * A message (or the start) could not be handled. The database being out of reach ends the
     * socket with 1013 "try again later": the client reconnects and resumes each topic from its
     * last event (realtime-client.ts), where an error frame would leave it waiting for nothing.
     */
    private failed(error: unknown): void {
      if (isDatabaseUnavailable(error)) {
        app.log.warn({ err: error }, 'realtime: database unavailable; the client will resume');
        this.socket.close(1013, 'try again later: reconnect and resume');
        return;
      }
      app.log.warn({ err: error }, 'realtime message failed');
      this.send(message({ type: 'error', code: 'INTERNAL', message: 'Something went wrong.' }));
    }

    private async start(sessionToken: string | undefined): Promise<void> {
      if (sessionToken) this.principal = await staff.authenticate(sessionToken);
      const principal = this.principal;
      if (principal?.kind === 'staff') {
        this.sessionTokenHash = principal.sessionTokenHash;
        addStaffSocket(this, this.sessionTokenHash);
        if (!seesWholePhone(principal, null)) this.view = (event) => boardEventAsSeenBy(principal, event);
      }
      this.send(message({ type: 'ready', principal: this.principal ? 'staff' : 'anonymous' }));
    }

    send(text: string): void {
      if (this.socket.readyState === this.socket.OPEN) this.socket.send(text);
    }

    sendEncoded(event: EncodedEvent): void {
      // The frame is complete (text-frame.ts): straight to the TCP socket, which ws's own frames
      // also go to whole (no compression here, so ws queues nothing of its own), and which
      // `bufferedAmount` counts.
      if (this.socket.readyState === this.socket.OPEN)
        (this.socket as unknown as { _socket: Socket })._socket.write(event.frame);
    }

    bufferedAmount(): number {
      return this.socket.bufferedAmount;
    }

    close(code: number, reason: string): void {
      this.socket.close(code, reason);
    }

    received(raw: Buffer, isBinary: boolean): void {
      this.queue = this.queue
        .then(() => this.handle(raw, isBinary))
        .catch((error: unknown) => this.failed(error));
    }

    closed(): void {
      sessions.delete(this.socket);
      removeStaffSocket(this);
      hub.disconnect(this);
    }

    /**
     * Asked again when who may follow a topic changed (hub.ts): a provider follows only their own
     * customers' chats; a lobby screen its business's line only while its key is current. A
     * customer's own entry and thread stay theirs.
     */
    async mayStillFollow(topic: string): Promise<boolean> {
      const principal = this.principal;
      if (principal === null) return false;
      if (principal.kind === 'customer') return true;
      return canSubscribe(principal, topic);
    }

    /** A signed-out session loses its socket: checked on each subscribe too. */
    private async staffSessionStillValid(): Promise<boolean> {
      if (this.sessionToken && (await staff.authenticate(this.sessionToken))) return true;
      this.endStaffAccess();
      return false;
    }

    endStaffAccess(): void {
      this.principal = null;
      removeStaffSocket(this);
      // From here the socket is CLOSING: nothing more is sent on it (send, sendEncoded).
      this.socket.close(4401, 'signed out');
    }

    private async handle(raw: Buffer, isBinary: boolean): Promise<void> {
      if (isBinary || raw.length > MAX_MESSAGE_BYTES) {
        this.socket.close(1009, 'message too large');
        return;
      }
      let parsed: ClientMessage;
      try {
        parsed = clientMessageSchema.parse(JSON.parse(raw.toString('utf8')));
      } catch {
        this.send(
          message({ type: 'error', code: 'BAD_MESSAGE', message: 'That message is not understood.' }),
        );
        return;
      }
      switch (parsed.type) {
        case 'ping':
          this.send(message({ type: 'pong' }));
          return;
        case 'auth': {
          const customerId = await customers.findCustomerIdByToken(parsed.token);
          if (!customerId) {
            this.send(
              message({ type: 'error', code: 'UNAUTHENTICATED', message: 'Please reload the page.' }),
            );
            return;
          }
          this.principal = { kind: 'customer', customerId };
          this.send(message({ type: 'ready', principal: 'customer' }));
          return;
        }
        case 'screen': {
          // A lobby screen's socket: its key is checked now and again whenever it may have changed.
          if (
            this.principal?.kind === 'staff' ||
            !(await screens.isCurrentKey(parsed.companyId, parsed.key))
          ) {
            this.send(
              message({
                type: 'error',
                code: 'SCREEN_LINK_INVALID',
                message: "This screen's link is not valid: it may have been reset.",
              }),
            );
            return;
          }
          this.principal = { kind: 'screen', companyId: parsed.companyId, key: parsed.key };
          this.send(message({ type: 'ready', principal: 'screen' }));
          return;
        }
        case 'unsubscribe':
          hub.unsubscribe(this, parsed.topic);
          return;
        case 'subscribe': {
          if (this.principal?.kind === 'staff' && !(await this.staffSessionStillValid())) return;
          const allowed = this.principal !== null && (await canSubscribe(this.principal, parsed.topic));
          if (!allowed || hub.subscriptionCount(this) >= MAX_SUBSCRIPTIONS) {
            this.send(
              message({
                type: 'error',
                topic: parsed.topic,
                code: 'FORBIDDEN',
                message: 'You cannot follow this.',
              }),
            );
            return;
          }
          await hub.subscribe(this, parsed.topic, parsed.after);
          return;
        }
      }
    }
  }

  // Listeners shared by every socket (`this` is the socket): none is a closure per connection.
  function onPong(this: WebSocket): void {
    const session = sessions.get(this);
    if (session) session.isAlive = true;
  }
  function onClose(this: WebSocket): void {
    sessions.get(this)?.closed();
  }
  function onMessage(this: WebSocket, raw: Buffer, isBinary: boolean): void {
    sessions.get(this)?.received(raw, isBinary);
  }
  function onError(this: WebSocket, error: Error): void {
    // An unclean disconnect, a protocol violation: the socket is done either way.
    app.log.warn({ err: error }, 'realtime socket error');
    this.terminate();
  }

  /**
   * Lets the upgrade's HTTP objects go once the socket is open. @fastify/websocket's error
   * listener closes over the upgrade's request and reply, and the TCP socket still points at the
   * upgrade's response: together they kept the request, the response, their headers and a logger
   * alive for the socket's whole life, about a fifth of each socket's heap (a heap snapshot of
   * `npm run bench` with 5,000 sockets open). The listener is replaced by a shared one that does
   * what the plugin's default did (end the socket).
   */
  function releaseUpgradeRequest(socket: WebSocket): void {
    socket.removeAllListeners('error');
    socket.on('error', onError);
    const tcp = (socket as unknown as { _socket: Socket & { _httpMessage?: ServerResponse | null } })._socket;
    tcp._httpMessage?.detachSocket(tcp);
  }

  const heartbeat = new HeartbeatSweep(sessions, {
    periodMs: HEARTBEAT_MS,
    slices: HEARTBEAT_SLICES,
    visit(session) {
      if (!session.isAlive) {
        session.socket.terminate();
        return;
      }
      session.isAlive = false;
      session.socket.ping();
    },
    onPeriodEnd() {
      void closeSignedOutSockets().catch((error: unknown) =>
        app.log[backgroundFailureLevel(error)]({ err: error }, 'session check failed'),
      );
    },
  });
  heartbeat.start();

  function closeSessionSockets(tokenHash: string): void {
    for (const session of staffSessions.get(tokenHash) ?? []) session.endStaffAccess();
  }

  /**
   * The backstop for a missed announcement: one query for every staff socket of this process,
   * not one each (500 boards, 1 query), at each heartbeat and after the database's listening
   * connection came back.
   */
  async function closeSignedOutSockets(): Promise<void> {
    if (staffSessions.size === 0) return;
    const live = await staff.liveSessionHashes([...staffSessions.keys()]);
    for (const tokenHash of [...staffSessions.keys()])
      if (!live.has(tokenHash)) closeSessionSockets(tokenHash);
  }

  // A sign-out or a removed account, on this process or another (staff.service.ts).
  staff.onSessionEnded((tokenHash) => {
    if (tokenHash !== null) closeSessionSockets(tokenHash);
    else
      void closeSignedOutSockets().catch((error: unknown) =>
        app.log[backgroundFailureLevel(error)]({ err: error }, 'session check failed'),
      );
  });
  app.addHook('onClose', async () => heartbeat.stop());

  app.get(REALTIME_PATH, { websocket: true }, (socket, request) => {
    const origin = request.headers.origin;
    const sameOrigin = !origin || safeHost(origin) === request.headers.host;
    const session = new SocketSession(socket, request.cookies[STAFF_COOKIE], sameOrigin);
    releaseUpgradeRequest(socket);
    sessions.set(socket, session);
    socket.on('pong', onPong);
    socket.on('close', onClose);
    socket.on('message', onMessage);
  });

  return {
    /** Sockets open on this process now (metrics). */
    openSockets: () => sessions.size,
  };
}
