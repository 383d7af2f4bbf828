/**
 * A thread of the realtime load generator that holds a share of its WebSockets. Real subscribers
 * are separate phones: one thread reading 1,000 sockets in turn would time the last of them after
 * the other 999 were parsed, and measure itself. Each thread stamps a frame the moment it reads it
 * (on the clock every thread shares, `now()` in realtime-socket-protocol.ts) and hands the text to the main thread, which
 * does the bookkeeping (bench/realtime-clients.ts).
 */
import { parentPort } from 'node:worker_threads';
import WebSocket from 'ws';
import { STAFF_COOKIE } from '../src/server/http/staff-auth.ts';
import type { ClientMessage, ServerMessage } from '../src/shared/realtime.ts';
import { type FromSocketWorker, now, type ToSocketWorker } from './realtime-socket-protocol.ts';

if (!parentPort) throw new Error('realtime-socket-worker.ts runs as a worker thread of realtime-clients.ts');
const port = parentPort;
const sockets = new Map<number, WebSocket>();
let batch: { indexes: number[]; at: number[]; texts: string[] } | null = null;
let closingAll = false;

const post = (message: FromSocketWorker) => port.postMessage(message);

function forward(index: number, at: number, text: string): void {
  if (!batch) {
    batch = { indexes: [], at: [], texts: [] };
    // After this turn's reads: one message to the main thread for all of them.
    setImmediate(() => {
      const frames = batch!;
      batch = null;
      post({ op: 'frames', ...frames });
    });
  }
  batch.indexes.push(index);
  batch.at.push(at);
  batch.texts.push(text);
}

function open(command: Extract<ToSocketWorker, { op: 'open' }>): void {
  const { index, plan } = command;
  const ws = new WebSocket(command.url, {
    perMessageDeflate: false,
    ...(plan.cookie ? { headers: { cookie: `${STAFF_COOKIE}=${plan.cookie}` } } : {}),
  });
  const seqs: [string, number][] = [];
  let pending = plan.topics.length;
  let settled = false;
  const fail = (reason: string) => {
    if (settled) return;
    settled = true;
    clearTimeout(timer);
    ws.terminate();
    post({ op: 'failed', index, reason });
  };
  const timer = setTimeout(() => fail(`not subscribed after ${command.timeoutMs} ms`), command.timeoutMs);
  ws.on('open', () => {
    // The server handles a socket's messages in order: no need to wait for each answer.
    const messages: ClientMessage[] = [
      ...(plan.token ? [{ type: 'auth' as const, token: plan.token }] : []),
      ...plan.topics.map((topic) => ({ type: 'subscribe' as const, topic, after: null })),
    ];
    for (const message of messages) ws.send(JSON.stringify(message));
  });
  ws.on('message', (raw) => {
    const at = now();
    const text = raw.toString();
    if (settled) {
      forward(index, at, text);
      return;
    }
    const message = JSON.parse(text) as ServerMessage;
    if (message.type === 'subscribed') {
      seqs.push([message.topic, message.seq]);
      pending -= 1;
      if (pending === 0) {
        settled = true;
        clearTimeout(timer);
        sockets.set(index, ws);
        post({ op: 'opened', index, seqs });
      }
    } else if (message.type === 'error') {
      fail(`${message.code}${message.topic ? ` on ${message.topic}` : ''}: ${message.message}`);
    } else if (message.type === 'event') {
      forward(index, at, text);
    }
  });
  ws.on('error', (error) => fail(error.message));
  ws.on('close', (code) => {
    if (settled) {
      sockets.delete(index);
      if (!closingAll) post({ op: 'closed', index });
      return;
    }
    fail(`closed (${code}) before subscribing`);
  });
}

async function closeAll(): Promise<void> {
  closingAll = true;
  await Promise.all(
    [...sockets.values()].map(
      (ws) =>
        new Promise<void>((resolve) => {
          if (ws.readyState === WebSocket.CLOSED) return resolve();
          const timer = setTimeout(() => {
            ws.terminate();
            resolve();
          }, 5_000);
          ws.once('close', () => {
            clearTimeout(timer);
            resolve();
          });
          ws.close(1000, 'bench done');
        }),
    ),
  );
  sockets.clear();
  closingAll = false;
  post({ op: 'all-closed' });
}

port.on('message', (command: ToSocketWorker) => {
  if (command.op === 'open') open(command);
  else void closeAll();
});
