import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type WebSocket, WebSocket as WebSocketClient, WebSocketServer } from 'ws';
import { encodeTextFrame } from './text-frame.ts';

describe('encodeTextFrame', () => {
  let server: WebSocketServer;
  let serverSide: WebSocket;
  let client: WebSocketClient;
  const received: string[] = [];

  beforeAll(async () => {
    server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    await new Promise((resolve) => server.once('listening', resolve));
    const connected = new Promise<WebSocket>((resolve) => server.once('connection', resolve));
    const { port } = server.address() as { port: number };
    client = new WebSocketClient(`ws://127.0.0.1:${port}`);
    client.on('message', (data, isBinary) => {
      if (!isBinary) received.push(data.toString('utf8'));
    });
    serverSide = await connected;
  });
  afterAll(async () => {
    client.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it('writes frames a WebSocket client reads as the same text, at every length encoding', async () => {
    // 7-bit, 16-bit and 64-bit payload lengths, and characters of several UTF-8 widths.
    const texts = ['{"a":1}', `{"name":"Zoë ${'é'.repeat(200)}"}`, `"${'🙂'.repeat(20_000)}"`];
    const socket = (serverSide as unknown as { _socket: Socket })._socket;
    for (const text of texts) socket.write(encodeTextFrame(text).frame);
    for (let turn = 0; turn < 200 && received.length < texts.length; turn += 1)
      await new Promise((resolve) => setTimeout(resolve, 10));
    expect(received).toEqual(texts);
  });
});
