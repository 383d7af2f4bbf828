/**
 * Fetches a provider's calendar feed. The link is whatever the owner pasted, so the same guard as
 * Web Push (push-transport.ts) keeps it out of the server's own network (server-side request
 * forgery): https only; public unicast addresses only, checked by request-filtering-agent on the
 * connection's own DNS answer (no second lookup a rebinding DNS server could answer differently);
 * one deadline; the file read up to a size and no further; a few redirects, each checked again.
 *
 * Before connecting, the host is also looked up here so a private address is refused before any
 * connection and the owner is told so in words; the agent stays the guard that cannot be raced.
 */
import { lookup } from 'node:dns/promises';
import type { Agent, ClientRequest, IncomingMessage, RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { RequestFilteringHttpsAgent } from 'request-filtering-agent';
import type { FeedProblem } from './feed-problems.ts';
import { IcsFeedError } from './ics-feed-result.ts';

export interface IcsFetchLimits {
  /** One deadline for the whole fetch, redirects included. */
  timeoutMs: number;
  /** The most of a calendar file read; two weeks of a salon's appointments are a few KB. */
  maxBytes: number;
  maxRedirects: number;
}

export const DEFAULT_ICS_FETCH_LIMITS: IcsFetchLimits = {
  timeoutMs: 10_000,
  maxBytes: 2 * 1024 * 1024,
  maxRedirects: 3,
};

/** The limit a slow calendar ran into, in whole seconds. */
export const timedOutProblem = (limits: IcsFetchLimits): FeedProblem => ({
  code: 'timedOut',
  seconds: Math.max(1, Math.round(limits.timeoutMs / 1000)),
});

/** The limit a large calendar ran into, as "2 MB" or "512 KB". */
export function tooLargeProblem(limits: IcsFetchLimits): FeedProblem {
  const megabytes = limits.maxBytes / (1024 * 1024);
  const size = megabytes >= 1 ? `${Math.round(megabytes)} MB` : `${Math.round(limits.maxBytes / 1024)} KB`;
  return { code: 'tooLarge', size };
}

/** Fetches a calendar link (https or webcal) and answers its text, or throws an IcsFeedError. */
export type IcsFeedFetcher = (url: string) => Promise<string>;

/** The real fetcher: public https hosts only, with the limits above. */
export function createIcsFeedFetcher(limits: IcsFetchLimits = DEFAULT_ICS_FETCH_LIMITS): IcsFeedFetcher {
  const agent = new RequestFilteringHttpsAgent();
  return async (url) => {
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(), limits.timeoutMs);
    try {
      return await followRedirects(
        calendarUrl(url),
        async (hop) => {
          await ensurePublicHost(hop);
          return getOnce(httpsRequest, hop, { ...limits, agent, signal: deadline.signal });
        },
        limits,
      );
    } finally {
      clearTimeout(timer);
    }
  };
}

/**
 * The link as an https URL: webcal:// (what calendar apps' "subscribe" buttons give) is https by
 * another name; anything else that is not https is refused.
 */
export function calendarUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new IcsFeedError({ code: 'notHttps' });
  }
  if (url.protocol === 'webcal:' || url.protocol === 'webcals:')
    url = new URL(`https:${url.href.slice(url.protocol.length)}`);
  if (url.protocol !== 'https:') throw new IcsFeedError({ code: 'notHttps' });
  return url;
}

/** Public unicast, as request-filtering-agent judges it (ipaddr.js `range()`). */
function isPublicAddress(address: string): boolean {
  try {
    return ipaddr.parse(address).range() === 'unicast';
  } catch {
    return false;
  }
}

/** Refuses a host that is, or resolves to, any address that is not public. */
export async function ensurePublicHost(url: URL): Promise<void> {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = (await lookup(host, { all: true })).map((found) => found.address);
    } catch (error) {
      throw new IcsFeedError({ code: 'unknownHost' }, { cause: error });
    }
  }
  if (addresses.length === 0) throw new IcsFeedError({ code: 'unknownHost' });
  if (!addresses.every(isPublicAddress)) throw new IcsFeedError({ code: 'privateAddress' });
}

export type Hop = { redirectTo: string } | { text: string };

/**
 * Fetches `url`, following at most `maxRedirects` redirects. Each new address must be https and
 * passes through `fetchHop` (which checks its host) like the first.
 */
export async function followRedirects(
  url: URL,
  fetchHop: (url: URL) => Promise<Hop>,
  limits: Pick<IcsFetchLimits, 'maxRedirects'>,
): Promise<string> {
  let current = url;
  for (let redirects = 0; ; redirects += 1) {
    const hop = await fetchHop(current);
    if ('text' in hop) return hop.text;
    if (redirects >= limits.maxRedirects) throw new IcsFeedError({ code: 'tooManyRedirects' });
    let next: URL;
    try {
      next = new URL(hop.redirectTo, current);
    } catch {
      throw new IcsFeedError({ code: 'unreachable' });
    }
    // A redirect may not step down to http, nor to webcal: only https.
    if (next.protocol !== 'https:') throw new IcsFeedError({ code: 'notHttps' });
    current = next;
  }
}

type RequestFunction = (url: URL, options: RequestOptions) => ClientRequest;

/**
 * One GET: a redirect's address, or the text of a 2xx answer read up to `maxBytes`. Separate from
 * the https fetcher so tests can hold the limits to a plain-http stand-in that stalls or answers
 * without end; production has no way to call it without the agent and the host check.
 */
export function getOnce(
  requestFn: RequestFunction,
  url: URL,
  options: IcsFetchLimits & { agent?: Agent; signal: AbortSignal },
): Promise<Hop> {
  return new Promise<Hop>((resolve, reject) => {
    let settled = false;
    const settle = (error: Error | null, hop?: Hop) => {
      if (settled) return;
      settled = true;
      if (error) reject(error);
      else resolve(hop!);
    };
    const timedOut = () => new IcsFeedError(timedOutProblem(options));
    if (options.signal.aborted) return settle(timedOut());
    const outgoing = requestFn(url, {
      method: 'GET',
      headers: { accept: 'text/calendar, */*;q=0.5', 'user-agent': 'CheckN calendar import' },
      ...(options.agent ? { agent: options.agent } : {}),
    });
    const onAbort = () => {
      settle(timedOut());
      outgoing.destroy();
    };
    options.signal.addEventListener('abort', onAbort, { once: true });
    const done = (error: Error | null, hop?: Hop) => {
      options.signal.removeEventListener('abort', onAbort);
      settle(error, hop);
    };
    // Connection errors (refused, reset, a private address the agent caught): the link's fault or
    // the calendar's, said in words; the cause stays on the error.
    outgoing.on('error', (error) => done(new IcsFeedError({ code: 'unreachable' }, { cause: error })));
    outgoing.on('response', (response: IncomingMessage) => {
      // Destroying the request below makes the answer report "aborted": it is ours, and settled.
      response.on('error', (error) => done(new IcsFeedError({ code: 'unreachable' }, { cause: error })));
      const status = response.statusCode ?? 0;
      if (status >= 300 && status < 400 && response.headers.location) {
        response.resume();
        outgoing.destroy();
        return done(null, { redirectTo: response.headers.location });
      }
      if (status < 200 || status >= 300) {
        outgoing.destroy();
        return done(new IcsFeedError({ code: 'httpStatus', status }));
      }
      readWithLimit(response, options.maxBytes, () => new IcsFeedError(tooLargeProblem(options)))
        .then((bytes) => done(null, { text: new TextDecoder('utf-8').decode(bytes) }))
        .catch((error: Error) => {
          outgoing.destroy();
          done(error);
        });
    });
    outgoing.end();
  });
}

/**
 * Reads a stream to its end, but no more than `maxBytes`: past that it stops reading (destroys
 * the stream) at once, rather than after taking the whole answer in. A declared Content-Length
 * over the limit is refused before the first byte.
 */
export function readWithLimit(
  stream: NodeJS.ReadableStream & { destroy(error?: Error): unknown; headers?: Record<string, unknown> },
  maxBytes: number,
  tooLarge: () => Error,
): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    const declared = Number(stream.headers?.['content-length']);
    if (Number.isFinite(declared) && declared > maxBytes) {
      stream.destroy();
      return reject(tooLarge());
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    stream.on('data', (chunk: Buffer) => {
      if (over) return;
      size += chunk.length;
      if (size > maxBytes) {
        over = true;
        stream.destroy();
        reject(tooLarge());
        return;
      }
      chunks.push(chunk);
    });
    stream.on('error', (error: Error) => reject(error));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
  });
}
