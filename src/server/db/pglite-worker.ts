/**
 * The thread that owns the embedded database (pglite.ts starts it). PGlite runs each statement
 * synchronously inside WASM: on the main thread that held up every request and socket for as long
 * as the statement ran. Here statements run one at a time, in the order they arrive.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { createStatementRunner } from './pglite-statements.ts';
import {
  type FromPgliteWorker,
  type PgliteWorkerData,
  serializeError,
  type ToPgliteWorker,
} from './pglite-worker-protocol.ts';

if (!parentPort) throw new Error('pglite-worker.ts runs as a worker thread (see pglite.ts)');
const port = parentPort;
const { dataDir, maxPreparedStatements, pgliteWasmModule, initdbWasmModule, fsBundle } =
  workerData as PgliteWorkerData;
const post = (message: FromPgliteWorker) => port.postMessage(message);

async function start() {
  const pg = new PGlite({ dataDir, pgliteWasmModule, initdbWasmModule, fsBundle: new Blob([fsBundle]) });
  await pg.waitReady;
  const statements = createStatementRunner(pg, maxPreparedStatements);
  const unlisten = new Map<string, () => Promise<void>>();
  /**
   * Notifications raised by a statement are posted after its result: the main thread then learns
   * of the events it numbered itself before it hears the notifications about them (hub.ts skips
   * those instead of reading them back).
   */
  let heldNotifications: FromPgliteWorker[] = [];

  async function handle(message: ToPgliteWorker): Promise<FromPgliteWorker | null> {
    switch (message.op) {
      case 'run':
        return {
          op: 'result',
          id: message.id,
          rows: await statements.run(message.sql, message.params, message.inTransaction),
        };
      case 'exec':
        await pg.exec(message.sql);
        return { op: 'result', id: message.id, rows: [] };
      case 'listen':
        if (!unlisten.has(message.channel))
          unlisten.set(
            message.channel,
            await pg.listen(message.channel, (payload) =>
              heldNotifications.push({ op: 'notification', channel: message.channel, payload }),
            ),
          );
        return { op: 'result', id: message.id, rows: [] };
      case 'unlisten':
        await unlisten.get(message.channel)?.();
        unlisten.delete(message.channel);
        return { op: 'result', id: message.id, rows: [] };
      case 'close':
        await pg.close();
        return { op: 'result', id: message.id, rows: [] };
    }
  }

  let queue = Promise.resolve();
  port.on('message', (message: ToPgliteWorker) => {
    queue = queue.then(async () => {
      let reply: FromPgliteWorker | null;
      try {
        reply = await handle(message);
      } catch (error) {
        reply = { op: 'error', id: message.id, error: serializeError(error) };
      }
      // PGlite hands notifications to listeners in microtasks: let them land first.
      await Promise.resolve();
      if (reply) post(reply);
      const notifications = heldNotifications;
      heldNotifications = [];
      for (const notification of notifications) post(notification);
      if (message.op === 'close') port.close();
    });
  });
  post({ op: 'ready' });
}

start().catch((error: unknown) => post({ op: 'failed-to-start', error: serializeError(error) }));
