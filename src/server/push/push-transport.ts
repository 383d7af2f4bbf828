import type { Agent, ClientRequest, IncomingMessage, RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { RequestFilteringHttpsAgent } from 'request-filtering-agent';

export interface PushRequest {
  headers: Record<string, string>;
  body: Uint8Array;
}

export interface PushResponse {
  status: number;
  /** What the push service said, at most `maxResponseBytes` of it (for the log). */
  body: string;
}

/** Posts one encrypted notification to a push service; answers its response. */
export type PushTransport = (endpoint: URL, request: PushRequest) => Promise<PushResponse>;

export interface PushLimits {
  /** One deadline for the whole exchange: lookup, connect, TLS, request and response. */
  timeoutMs: number;
  /** The most of an answer read; a push service says "201 Created" with next to nothing. */
  maxResponseBytes: number;
}

export const DEFAULT_PUSH_LIMITS: PushLimits = { timeoutMs: 10_000, maxResponseBytes: 16 * 1024 };

/**
 * The real transport. A subscription's endpoint is whatever URL a browser (or anyone holding a
 * customer token) gave us, so it must not reach into the server's own network (server-side
 * request forgery): https only, and only to public unicast addresses.
 *
 * request-filtering-agent does the address check where it cannot be raced: its agent wraps the
 * socket's DNS lookup, refuses the host if any address it resolves to is not public unicast
 * (ipaddr.js `range()`: private, loopback, link-local, CGNAT, multicast, unspecified, broadcast,
 * IPv4-mapped IPv6, unique-local, documentation and the other reserved ranges), and the socket
 * then connects to the very addresses it checked. A literal IP host is checked the same way
 * before connecting. There is no second lookup that a rebinding DNS server could answer with
 * 127.0.0.1. Node's https does not follow redirects, so a 3xx cannot lead elsewhere either.
 */
export function createPublicPushTransport(limits: PushLimits = DEFAULT_PUSH_LIMITS): PushTransport {
  const agent = new RequestFilteringHttpsAgent();
  return (endpoint, request) => {
    if (endpoint.protocol !== 'https:')
      return Promise.reject(new Error(`push endpoints must use https, not ${endpoint.protocol}`));
    return postWithLimits(httpsRequest, endpoint, request, { ...limits, agent });
  };
}

type RequestFunction = (url: URL, options: RequestOptions) => ClientRequest;

/**
 * POST with one deadline and a cap on the answer read. Separate from the https transport so tests
 * can hold the limits to a plain-http stand-in that stalls or answers without end.
 */
export function postWithLimits(
  requestFn: RequestFunction,
  endpoint: URL,
  request: PushRequest,
  options: PushLimits & { agent?: Agent },
): Promise<PushResponse> {
  return new Promise<PushResponse>((resolve, reject) => {
    let deadline: NodeJS.Timeout | undefined;
    const settle = (error: Error | null, response?: PushResponse) => {
      clearTimeout(deadline);
      if (error) reject(error);
      else resolve(response!);
    };
    // The filtering agent may refuse a literal IP host by throwing here: the promise rejects.
    const outgoing = requestFn(endpoint, {
      method: 'POST',
      headers: request.headers,
      ...(options.agent ? { agent: options.agent } : {}),
    });
    deadline = setTimeout(
      () => outgoing.destroy(new Error(`push service did not answer within ${options.timeoutMs} ms`)),
      options.timeoutMs,
    );
    outgoing.on('error', (error) => settle(error));
    outgoing.on('response', (response: IncomingMessage) => {
      const chunks: Buffer[] = [];
      let size = 0;
      // After the answer has begun, a destroyed request reports its error on the response.
      response.on('error', (error) => settle(error));
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > options.maxResponseBytes) {
          outgoing.destroy(new Error(`push service answered more than ${options.maxResponseBytes} bytes`));
          return;
        }
        chunks.push(chunk);
      });
      response.on('end', () =>
        settle(null, { status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
      );
    });
    outgoing.end(request.body);
  });
}
