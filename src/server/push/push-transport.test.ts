import { createServer as createHttpServer, request as httpRequest } from 'node:http';
import { type AddressInfo, createServer as createTcpServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublicPushTransport, postWithLimits } from './push-transport.ts';

const push = { headers: { 'content-type': 'application/octet-stream' }, body: new Uint8Array([1, 2, 3]) };
// A short deadline so that, without the guard, an unroutable address fails with a time-out instead.
const transport = createPublicPushTransport({ timeoutMs: 2_000, maxResponseBytes: 1024 });

describe('the push transport reaches public https addresses only', () => {
  /** Any TCP connection the transport makes to this machine is counted here. */
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
    ['private 10/8', '10.1.2.3'],
    ['private 172.16/12', '172.16.0.1'],
    ['private 192.168/16', '192.168.1.1'],
    ['loopback', '127.0.0.1'],
    ['loopback, short form', '127.1'],
    ['link-local (cloud metadata)', '169.254.169.254'],
    ['carrier-grade NAT', '100.64.0.1'],
    ['multicast', '224.0.0.1'],
    ['unspecified', '0.0.0.0'],
    ['broadcast', '255.255.255.255'],
    ['documentation 192.0.2/24', '192.0.2.1'],
    ['documentation 198.51.100/24', '198.51.100.1'],
    ['documentation 203.0.113/24', '203.0.113.1'],
    ['benchmarking', '198.18.0.1'],
    ['IPv6 loopback', '[::1]'],
    ['IPv6 unspecified', '[::]'],
    ['IPv6 link-local', '[fe80::1]'],
    ['IPv6 unique-local', '[fd12:3456::1]'],
    ['IPv6 multicast', '[ff02::1]'],
    ['IPv4-mapped IPv6', '[::ffff:127.0.0.1]'],
    ['IPv6 documentation', '[2001:db8::1]'],
    ['NAT64 of loopback', '[64:ff9b::7f00:1]'],
  ])('refuses %s (%s)', async (_range, host) => {
    await expect(transport(new URL(`https://${host}:${port}/push`), push)).rejects.toThrow(/not allowed/);
  });

  it('refuses a host name that resolves to loopback, before connecting', async () => {
    await expect(transport(new URL(`https://localhost:${port}/push`), push)).rejects.toThrow(/not allowed/);
    await expect(transport(new URL(`https://127.0.0.1:${port}/push`), push)).rejects.toThrow(/not allowed/);
    expect(connections).toBe(0);
  });

  it('refuses plain http', async () => {
    await expect(transport(new URL(`http://8.8.8.8:${port}/push`), push)).rejects.toThrow(/https/);
  });
});

describe('a push request has a deadline and a cap on the answer read', () => {
  let stalls = 0;
  const server = createHttpServer((request, response) => {
    request.resume();
    if (request.url === '/stall') {
      stalls += 1;
      return;
    }
    if (request.url === '/endless') {
      response.writeHead(201);
      const chunk = Buffer.alloc(1024, 'x');
      const more = () => {
        while (!response.destroyed && response.write(chunk));
        if (!response.destroyed) response.once('drain', more);
      };
      more();
      return;
    }
    response.writeHead(201).end('created');
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
  const limits = { timeoutMs: 300, maxResponseBytes: 4096 };

  it('answers the status and what was said', async () => {
    await expect(postWithLimits(httpRequest, new URL(`${base}/ok`), push, limits)).resolves.toEqual({
      status: 201,
      body: 'created',
    });
  });

  it('gives up on a push service that never answers', async () => {
    await expect(postWithLimits(httpRequest, new URL(`${base}/stall`), push, limits)).rejects.toThrow(
      /did not answer within 300 ms/,
    );
    expect(stalls).toBe(1);
  });

  it('stops reading an answer past the cap', async () => {
    await expect(
      postWithLimits(httpRequest, new URL(`${base}/endless`), push, { ...limits, timeoutMs: 20_000 }),
    ).rejects.toThrow(/more than 4096 bytes/);
  });
});
