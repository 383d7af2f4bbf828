import type {} from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import {
  type ClientMessage,
  clientMessageSchema,
  REALTIME_PATH,
  type ServerMessage,
} from '../../shared/realtime.ts';
import type { CustomerService } from '../features/customer/customer.service.ts';
import type { StaffService } from '../features/staff/staff.service.ts';
import { STAFF_COOKIE } from '../http/staff-auth.ts';
import type { RealtimeConnection, RealtimeHub } from './hub.ts';
import type { RealtimePrincipal, TopicAccess } from './topic-access.ts';

const HEARTBEAT_MS = 30_000;
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
  deps: { hub: RealtimeHub; canSubscribe: TopicAccess; customers: CustomerService; staff: StaffService },
) {
  const { hub, canSubscribe, customers, staff } = deps;
  const sockets = new Set<WebSocket>();
  /** Staff sockets by session: a signed-out session loses its sockets at the next heartbeat. */
  const staffSockets = new Map<WebSocket, { sessionTokenHash: string; signedOut: () => void }>();

  const heartbeat = setInterval(() => {
    for (const socket of sockets) {
      const alive = (socket as WebSocket & { isAlive?: boolean }).isAlive;
      if (alive === false) {
        socket.terminate();
        continue;
      }
      (socket as WebSocket & { isAlive?: boolean }).isAlive = false;
      socket.ping();
    }
    void closeSignedOutSockets().catch((error: unknown) =>
      app.log.warn({ err: error }, 'session check failed'),
    );
  }, HEARTBEAT_MS);
  heartbeat.unref();

  /** One query for every staff socket of this process, not one each: 500 boards, 1 query. */
  async function closeSignedOutSockets(): Promise<void> {
    if (staffSockets.size === 0) return;
    const hashes = [...new Set([...staffSockets.values()].map((socket) => socket.sessionTokenHash))];
    const live = await staff.liveSessionHashes(hashes);
    for (const socket of staffSockets.values()) if (!live.has(socket.sessionTokenHash)) socket.signedOut();
  }
  app.addHook('onClose', async () => clearInterval(heartbeat));

  app.get(REALTIME_PATH, { websocket: true }, (socket, request) => {
    sockets.add(socket);
    let principal: RealtimePrincipal | null = null;
    const connection: RealtimeConnection = {
      send: (text) => {
        // Always a text frame, also when the hub hands over an event's encoded bytes.
        if (socket.readyState === socket.OPEN) socket.send(text, { binary: false });
      },
      bufferedAmount: () => socket.bufferedAmount,
      close: (code, reason) => socket.close(code, reason),
    };
    socket.on('pong', () => {
      (socket as WebSocket & { isAlive?: boolean }).isAlive = true;
    });
    socket.on('close', () => {
      sockets.delete(socket);
      staffSockets.delete(socket);
      hub.disconnect(connection);
    });

    // Staff are recognised first; then messages are handled one at a time, in order.
    // Only what the socket needs is kept: closures that held `request` would keep it alive for
    // the socket's whole life, a few KB per connection.
    const log = request.log;
    const origin = request.headers.origin;
    const sameOrigin = !origin || safeHost(origin) === request.headers.host;
    const sessionToken = request.cookies[STAFF_COOKIE];
    let queue: Promise<void> = (async () => {
      if (sessionToken && sameOrigin) principal = await staff.authenticate(sessionToken);
      if (principal?.kind === 'staff') {
        staffSockets.set(socket, { sessionTokenHash: principal.sessionTokenHash, signedOut: endStaffAccess });
      }
      connection.send(message({ type: 'ready', principal: principal ? 'staff' : 'anonymous' }));
    })();
    socket.on('message', (raw, isBinary) => {
      queue = queue
        .then(() => handle(raw as Buffer, isBinary))
        .catch((error: unknown) => {
          log.warn({ err: error }, 'realtime message failed');
          connection.send(message({ type: 'error', code: 'INTERNAL', message: 'Something went wrong.' }));
        });
    });

    /** A signed-out session loses its socket: checked on each subscribe and every heartbeat. */
    async function staffSessionStillValid(): Promise<boolean> {
      if (sessionToken && (await staff.authenticate(sessionToken))) return true;
      endStaffAccess();
      return false;
    }

    function endStaffAccess(): void {
      principal = null;
      staffSockets.delete(socket);
      socket.close(4401, 'signed out');
    }

    async function handle(raw: Buffer, isBinary: boolean): Promise<void> {
      if (isBinary || raw.length > MAX_MESSAGE_BYTES) {
        socket.close(1009, 'message too large');
        return;
      }
      let parsed: ClientMessage;
      try {
        parsed = clientMessageSchema.parse(JSON.parse(raw.toString('utf8')));
      } catch {
        connection.send(
          message({ type: 'error', code: 'BAD_MESSAGE', message: 'That message is not understood.' }),
        );
        return;
      }
      switch (parsed.type) {
        case 'ping':
          connection.send(message({ type: 'pong' }));
          return;
        case 'auth': {
          const customerId = await customers.findCustomerIdByToken(parsed.token);
          if (!customerId) {
            connection.send(
              message({ type: 'error', code: 'UNAUTHENTICATED', message: 'Please reload the page.' }),
            );
            return;
          }
          principal = { kind: 'customer', customerId };
          connection.send(message({ type: 'ready', principal: 'customer' }));
          return;
        }
        case 'unsubscribe':
          hub.unsubscribe(connection, parsed.topic);
          return;
        case 'subscribe': {
          if (principal?.kind === 'staff' && !(await staffSessionStillValid())) return;
          const allowed = principal !== null && (await canSubscribe(principal, parsed.topic));
          if (!allowed || hub.subscriptionCount(connection) >= MAX_SUBSCRIPTIONS) {
            connection.send(
              message({
                type: 'error',
                topic: parsed.topic,
                code: 'FORBIDDEN',
                message: 'You cannot follow this.',
              }),
            );
            return;
          }
          await hub.subscribe(connection, parsed.topic, parsed.after);
          return;
        }
      }
    }
  });
}
