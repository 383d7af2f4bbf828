import type { Server } from 'node:http';
import { Server as NetServer } from 'node:net';

/**
 * How long a worker being replaced keeps answering on its open connections: long enough for every
 * busy client to send its next request (and be told to reconnect), short for a rolling restart.
 */
export const HAND_OVER_MS = 2_000;

/**
 * Hands a worker's clients over to the other workers without dropping a request (a rolling
 * restart, cluster.ts). It stops accepting at once, so the cluster's primary sends new connections
 * to the others. Its kept-alive connections are not closed at once: closing an idle one races
 * with a request its client is sending on it, which the client then sees reset (Fastify's close
 * does that, and answers 503 to requests that still come). Instead, for `graceMs`, each request on
 * one is answered with `Connection: close`, so its client makes its next connection to another
 * worker. What is left after that (idle connections, WebSockets) is for app.close().
 */
export async function handOverConnections(server: Server, graceMs = HAND_OVER_MS): Promise<void> {
  server.prependListener('request', (_request, response) => {
    response.shouldKeepAlive = false;
  });
  // net.Server's close: http.Server's would close the idle connections too, at once.
  NetServer.prototype.close.call(server);
  await new Promise((resolve) => setTimeout(resolve, graceMs));
}
