import { createServer as createHttpServer, request as httpRequest, type ServerResponse } from 'node:http';
import { type AddressInfo, createServer as createTcpServer } from 'node:net';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEED_PROBLEM_WORDS, feedProblemText } from './feed-problems.ts';
import { IcsFeedError } from './ics-feed-result.ts';
import {
  calendarUrl,
  createIcsFeedFetcher,
  DEFAULT_ICS_FETCH_LIMITS,
  ensurePublicHost,
  followRedirects,
  getOnce,
  type Hop,
  readWithLimit,
  timedOutProblem,
  tooLargeProblem,
} from './ics-fetch.ts';

const words = FEED_PROBLEM_WORDS.en;

const fetchIcsFeed = createIcsFeedFetcher();

describe('a calendar link reaches public https addresses only', () => {
  /** Any TCP connection the fetcher makes to this machine is counted here. */
  const listener = createTcpServer((socket) => {
    connections += 1;
    socket.destroy();
  });
  let connections = 0;
  let port = 0;
  beforeAll(async () => {
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    port = (listener.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => listener.close(() => resolve())));

  it.each([
    ['plain http', () => `http://127.0.0.1:${port}/calendar.ics`],
    ['ftp', () => `ftp://127.0.0.1:${port}/calendar.ics`],
    ['a file', () => 'file:///etc/passwd'],
    ['not a link', () => 'my calendar'],
  ])('refuses %s before connecting', async (_kind, url) => {
    await expect(fetchIcsFeed(url())).rejects.toThrow(words.notHttps);
    expect(connections).toBe(0);
  });

  it.each([
    ['loopback', '127.0.0.1'],
    ['loopback, short form', '127.1'],
    ['a host name for loopback', 'localhost'],
    ['private 10/8', '10.1.2.3'],
    ['private 172.16/12', '172.16.0.1'],
    ['private 192.168/16', '192.168.1.1'],
    ['link-local (cloud metadata)', '169.254.169.254'],
    ['carrier-grade NAT', '100.64.0.1'],
    ['unspecified', '0.0.0.0'],
    ['IPv6 loopback', '[::1]'],
    ['IPv6 link-local', '[fe80::1]'],
    ['IPv6 unique-local', '[fd12:3456::1]'],
    ['IPv4-mapped IPv6 loopback', '[::ffff:127.0.0.1]'],
  ])('refuses %s (%s) before connecting, in words', async (_range, host) => {
    await expect(fetchIcsFeed(`https://${host}:${port}/calendar.ics`)).rejects.toThrow(words.privateAddress);
    expect(connections).toBe(0);
  });

  it('reads webcal:// as https://, with the same check', async () => {
    expect(calendarUrl('webcal://example.com/cal.ics?token=abc').href).toBe(
      'https://example.com/cal.ics?token=abc',
    );
    expect(calendarUrl(' https://example.com/cal.ics ').href).toBe('https://example.com/cal.ics');
    await expect(fetchIcsFeed(`webcal://localhost:${port}/calendar.ics`)).rejects.toThrow(
      words.privateAddress,
    );
    expect(connections).toBe(0);
  });

  it('answers in words when the host is not found', async () => {
    await expect(ensurePublicHost(new URL('https://no-such-host.invalid/cal.ics'))).rejects.toThrow(
      words.unknownHost,
    );
  });
});

describe('redirects of a calendar link', () => {
  /** The real host check, then answers from a script instead of the network. */
  function scripted(answers: Record<string, Hop>) {
    const asked: string[] = [];
    const hop = async (url: URL) => {
      asked.push(url.href);
      await ensurePublicHost(url);
      const answer = answers[url.href];
      if (!answer) throw new Error(`unexpected ${url.href}`);
      return answer;
    };
    return { hop, asked };
  }

  it('follows a few, each checked again: a redirect to loopback or to http is refused', async () => {
    const toLoopback = scripted({ 'https://8.8.8.8/cal.ics': { redirectTo: 'https://localhost/cal.ics' } });
    await expect(
      followRedirects(new URL('https://8.8.8.8/cal.ics'), toLoopback.hop, { maxRedirects: 3 }),
    ).rejects.toThrow(words.privateAddress);
    expect(toLoopback.asked).toEqual(['https://8.8.8.8/cal.ics', 'https://localhost/cal.ics']);

    const toHttp = scripted({ 'https://8.8.8.8/cal.ics': { redirectTo: 'http://8.8.8.8/cal.ics' } });
    await expect(
      followRedirects(new URL('https://8.8.8.8/cal.ics'), toHttp.hop, { maxRedirects: 3 }),
    ).rejects.toThrow(words.notHttps);
  });

  it('follows a relative redirect, and stops after the most it allows', async () => {
    const twice = scripted({
      'https://8.8.8.8/a': { redirectTo: '/b' },
      'https://8.8.8.8/b': { redirectTo: 'https://8.8.4.4/c' },
      'https://8.8.4.4/c': { text: 'BEGIN:VCALENDAR' },
    });
    await expect(followRedirects(new URL('https://8.8.8.8/a'), twice.hop, { maxRedirects: 2 })).resolves.toBe(
      'BEGIN:VCALENDAR',
    );
    await expect(
      followRedirects(new URL('https://8.8.8.8/a'), twice.hop, { maxRedirects: 1 }),
    ).rejects.toThrow(words.tooManyRedirects);
  });
});

describe('a calendar fetch has a deadline and a cap on the file read', () => {
  const limits = { ...DEFAULT_ICS_FETCH_LIMITS, maxBytes: 4096 };
  let deadline = new AbortController();
  let endlessClosed: Promise<void> = Promise.resolve();
  const server = createHttpServer((request, response: ServerResponse) => {
    request.resume();
    if (request.url === '/stall') {
      // The deadline passes while the calendar says nothing (the test's clock, not the wall's).
      deadline.abort();
      return;
    }
    if (request.url === '/endless' || request.url === '/declared') {
      endlessClosed = new Promise((resolve) => response.on('close', () => resolve()));
      if (request.url === '/declared') {
        response.writeHead(200, { 'content-length': String(10 * 1024 * 1024) });
        response.flushHeaders();
        return;
      }
      response.writeHead(200, { 'content-type': 'text/calendar' });
      const chunk = Buffer.alloc(1024, 'x');
      const more = () => {
        while (!response.destroyed && response.write(chunk));
        if (!response.destroyed) response.once('drain', more);
      };
      more();
      return;
    }
    if (request.url === '/moved') return void response.writeHead(301, { location: '/calendar.ics' }).end();
    if (request.url === '/gone') return void response.writeHead(404).end('Not found');
    response.writeHead(200, { 'content-type': 'text/calendar' }).end('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n');
  });
  let base = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });
  const get = (path: string) => {
    deadline = new AbortController();
    return getOnce(httpRequest, new URL(`${base}${path}`), { ...limits, signal: deadline.signal });
  };

  it('says the limits in words', () => {
    expect(feedProblemText(tooLargeProblem(DEFAULT_ICS_FETCH_LIMITS), 'en')).toBe(
      'The calendar file is larger than 2 MB.',
    );
    expect(feedProblemText(timedOutProblem(DEFAULT_ICS_FETCH_LIMITS), 'en')).toBe(
      'The calendar did not answer within 10 seconds.',
    );
  });

  it('answers the text, a redirect, or an error status in words', async () => {
    await expect(get('/calendar.ics')).resolves.toEqual({ text: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n' });
    await expect(get('/moved')).resolves.toEqual({ redirectTo: '/calendar.ics' });
    await expect(get('/gone')).rejects.toThrow(words.httpStatus(404));
  });

  it('gives up on a calendar that does not answer in time', async () => {
    const stalled = get('/stall');
    await expect(stalled).rejects.toThrow('The calendar did not answer within 10 seconds.');
    await expect(stalled).rejects.toBeInstanceOf(IcsFeedError);
  });

  it('stops reading a file past the cap, and refuses a declared length past it before reading', async () => {
    await expect(get('/endless')).rejects.toThrow('The calendar file is larger than 4 KB.');
    // The connection was closed under the endless answer: reading stopped there.
    await endlessClosed;
    await expect(get('/declared')).rejects.toThrow(/larger than/);
    await endlessClosed;
  });

  it('stops pulling from a stream once past the cap', async () => {
    let pulled = 0;
    const endless = Readable.from(
      (function* () {
        for (;;) {
          pulled += 1;
          yield Buffer.alloc(1000);
        }
      })(),
    );
    await expect(readWithLimit(endless, 4_500, () => new Error('too large'))).rejects.toThrow('too large');
    expect(endless.destroyed).toBe(true);
    const pulledAtRefusal = pulled;
    await new Promise((resolve) => setImmediate(resolve));
    expect(pulled).toBe(pulledAtRefusal);
    expect(pulled).toBeLessThan(20);
  });
});
