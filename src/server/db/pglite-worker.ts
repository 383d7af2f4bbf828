/**
 * The thread that owns the embedded database (pglite.ts starts it). PGlite runs each statement
 * synchronously inside WASM: on the main thread that held up every request and socket for as long
 * as the statement ran. Here statements run one at a time, in the order they arrive, except that
 * while a transaction is open everything else waits for it to end; the single statements waiting
 * together commit together (`runTogether`).
 */
import { parentPort, receiveMessageOnPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { DURABLE_START_PARAMS, syncWritesToDisk } from './pglite-durable.ts';
import { memoryParams } from './pglite-memory.ts';
import { createStatementRunner } from './pglite-statements.ts';
import {
  type FromPgliteWorker,
  type OpenPglite,
  type PgliteWorkerData,
  serializeError,
  type ToPgliteWorker,
} from './pglite-worker-protocol.ts';

if (!parentPort) throw new Error('pglite-worker.ts runs as a worker thread (see pglite.ts)');
const port = parentPort;
const { dataDir, maxPreparedStatements, sharedBuffers, maintainEveryMs } = workerData as PgliteWorkerData;
/** Marks the thread's own maintenance among the messages: its answer goes to no caller. */
const MAINTENANCE_ID = 0;

/**
 * The table autovacuum would take first now, if any, by its default thresholds: `vacuum` for dead
 * rows (autovacuum_vacuum_threshold 50, scale factor 0.2) or a transaction-id age past
 * autovacuum_freeze_max_age; `analyze` for changed rows, from 50 and at a fifth of the table where
 * autovacuum takes a tenth. One table a pass, the furthest past its threshold first: on this
 * database a vacuum or an analyze holds the only thread while statements wait, and three big
 * tables in a row held it for 450 ms under the bench's joins. Autovacuum's vacuum for inserts
 * alone (its visibility map, early freezing) is left to the hourly whole vacuum below. A table
 * never analyzed counts as empty.
 */
const TABLE_DUE_SQL = `
  select name, vacuum_due as "vacuum", analyze_due as "analyze" from (
    select format('%I.%I', s.schemaname, s.relname) as name,
           s.n_dead_tup > t.threshold or age(c.relfrozenxid) > 200000000 as vacuum_due,
           s.n_mod_since_analyze > t.threshold as analyze_due,
           greatest(s.n_dead_tup, s.n_mod_since_analyze) / t.threshold as urgency
      from pg_stat_user_tables s join pg_class c on c.oid = s.relid
     cross join lateral (select 50 + 0.2 * greatest(c.reltuples, 0) as threshold) t
  ) due
   where vacuum_due or analyze_due
   order by urgency desc, name
   limit 1`;

/** Every table, due or not (see below). */
const WHOLE_VACUUM_EVERY_MS = 60 * 60 * 1000;
/** Statements committed together at most (see `runTogether`). */
const MOST_COMMITTED_TOGETHER = 64;

const post = (message: FromPgliteWorker) => port.postMessage(message);

async function start({ pgliteWasmModule, initdbWasmModule, fsBundle, dataTemplate }: OpenPglite) {
  const pg = new PGlite({
    dataDir,
    pgliteWasmModule,
    initdbWasmModule,
    fsBundle: new Blob([fsBundle]),
    ...(dataTemplate ? { loadDataDir: new Blob([dataTemplate]) } : {}),
    // A folder keeps what it acknowledged through a power cut (pglite-durable.ts); memory has no disk.
    startParams: [
      ...(dataDir ? DURABLE_START_PARAMS : PGlite.defaultStartParams),
      ...memoryParams(sharedBuffers),
    ],
  });
  await pg.waitReady;
  if (dataDir) syncWritesToDisk(pg);
  const statements = createStatementRunner(pg, maxPreparedStatements);
  const unlisten = new Map<string, () => Promise<void>>();
  /**
   * Notifications raised by a statement are posted after its result: the main thread then learns
   * of the events it numbered itself before it hears the notifications about them (hub.ts skips
   * those instead of reading them back).
   */
  let heldNotifications: FromPgliteWorker[] = [];

  /** The transaction whose messages run now; 0: none, and the next `begin` may start. */
  let openTransaction = 0;
  /**
   * Transactions run in the order the main thread numbered them (their `begin`s wait in arrival
   * order), so every number up to this one that is not open has ended. A message of an ended
   * transaction is answered at once instead of waiting for it forever.
   */
  let lastEndedTransaction = 0;

  const endTransaction = (tx: number) => {
    openTransaction = 0;
    lastEndedTransaction = Math.max(lastEndedTransaction, tx);
  };

  async function handle(message: ToPgliteWorker): Promise<Record<string, unknown>[]> {
    if (message.tx !== 0 && message.tx !== openTransaction && message.op !== 'begin') {
      // Ended already (its commit failed, or a statement came after the end): nothing to undo.
      if (message.op === 'rollback') return [];
      throw new Error('This transaction has already ended.');
    }
    switch (message.op) {
      case 'run':
        return (await statements.run(message.sql, message.params, message.tx !== 0, message.genericPlan))
          .rows;
      case 'begin':
        openTransaction = message.tx;
        try {
          return (await statements.run('begin', [], true)).rows;
        } catch (error) {
          endTransaction(message.tx);
          throw error;
        }
      case 'commit':
      case 'rollback': {
        let command: string | undefined;
        try {
          command = (await statements.run(message.op, [], false)).command;
        } finally {
          endTransaction(message.tx);
        }
        // PostgreSQL answers COMMIT of a transaction in which a statement failed with ROLLBACK
        // and no error: the caller must not believe its writes were kept.
        if (message.op === 'commit' && command === 'ROLLBACK')
          throw Object.assign(new Error('The transaction was rolled back: a statement in it failed.'), {
            code: '25P02',
          });
        return [];
      }
      case 'exec':
        await pg.exec(message.sql);
        return [];
      case 'listen':
        if (!unlisten.has(message.channel))
          unlisten.set(
            message.channel,
            await pg.listen(message.channel, (payload) =>
              heldNotifications.push({ op: 'notification', channel: message.channel, payload }),
            ),
          );
        return [];
      case 'unlisten':
        await unlisten.get(message.channel)?.();
        unlisten.delete(message.channel);
        return [];
      case 'close':
        await pg.close();
        return [];
      case 'maintain': {
        // The vacuum and the analyze in messages of their own, behind what is already waiting.
        const { rows } = await statements.run(TABLE_DUE_SQL, [], false);
        for (const table of rows as { name: string; vacuum: boolean; analyze: boolean }[]) {
          if (table.vacuum)
            inbox.push({ id: MAINTENANCE_ID, tx: 0, op: 'exec', sql: `vacuum ${table.name}` });
          if (table.analyze)
            inbox.push({ id: MAINTENANCE_ID, tx: 0, op: 'exec', sql: `analyze ${table.name}` });
        }
        return [];
      }
      case 'collect-garbage': {
        const collect = (globalThis as { gc?: () => void }).gc;
        collect?.();
        collect?.();
        return [];
      }
    }
  }

  /** After a statement's answers: the notifications it raised (see `heldNotifications`). */
  function postHeldNotifications(): void {
    const notifications = heldNotifications;
    heldNotifications = [];
    for (const notification of notifications) post(notification);
  }

  /** Statements of a group that failed, to run again each in its own commit. */
  const retriedAlone = new WeakSet<ToPgliteWorker>();
  /** A statement of its own, outside any transaction the caller opened. */
  const runsAlone = (message: ToPgliteWorker | undefined): message is ToPgliteWorker & { op: 'run' } =>
    message?.op === 'run' && message.tx === 0 && !retriedAlone.has(message);

  /**
   * Statements that arrived while others ran commit as one transaction: on a data folder each
   * commit waits for its WAL on disk (pglite-durable.ts), and at 100 chat messages a second the
   * messages, their events' relay and the near-turn checks each paid their own sync (docs/durability.md).
   * Each caller still hears only after the commit that keeps its rows. If any of them fails, the
   * group is rolled back and each runs again alone, so a failure is its own statement's, as
   * before (group-commit.ts does the same with joins). The statements share one `now()`.
   */
  async function runTogether(group: (ToPgliteWorker & { op: 'run' })[]): Promise<void> {
    const replies: FromPgliteWorker[] = [];
    let committed = false;
    try {
      await statements.run('begin', [], true);
      for (const message of group) {
        const { rows } = await statements.run(message.sql, message.params, true, message.genericPlan);
        replies.push({ op: 'result', id: message.id, rows });
      }
      // A failed statement threw above: the commit cannot be turned into a rollback here.
      await statements.run('commit', [], false);
      committed = true;
    } catch {
      await statements.run('rollback', [], false).catch(() => {});
    }
    // PGlite hands notifications to listeners in microtasks: let them land first.
    await Promise.resolve();
    if (!committed) {
      for (const message of group) retriedAlone.add(message);
      inbox.unshift(...group);
      return;
    }
    for (const reply of replies) post(reply);
    postHeldNotifications();
  }

  const mayRunNow = (message: ToPgliteWorker) =>
    (message.tx !== 0 && message.tx <= lastEndedTransaction) ||
    (openTransaction === 0 ? message.tx === 0 || message.op === 'begin' : message.tx === openTransaction);

  /** Messages in arrival order; those of other transactions wait here while one is open. */
  const inbox: ToPgliteWorker[] = [];
  let pumping = false;

  async function pump(): Promise<void> {
    if (pumping) return;
    pumping = true;
    try {
      for (;;) {
        // What arrived while the last statement ran: its 'message' events would only come after
        // this loop, one at a time, and nothing could be committed together.
        for (let arrived = receiveMessageOnPort(port); arrived; arrived = receiveMessageOnPort(port))
          inbox.push(arrived.message as ToPgliteWorker);
        const next = inbox.findIndex(mayRunNow);
        if (next < 0) return;
        const [message] = inbox.splice(next, 1) as [ToPgliteWorker];
        if (runsAlone(message)) {
          // With the statements of their own right behind it, in the order they came.
          const group = [message];
          while (group.length < MOST_COMMITTED_TOGETHER && runsAlone(inbox[next]))
            group.push(inbox.splice(next, 1)[0] as ToPgliteWorker & { op: 'run' });
          if (group.length > 1) {
            await runTogether(group);
            continue;
          }
        }
        let reply: FromPgliteWorker;
        try {
          reply = { op: 'result', id: message.id, rows: await handle(message) };
        } catch (error) {
          reply = { op: 'error', id: message.id, error: serializeError(error) };
        }
        // PGlite hands notifications to listeners in microtasks: let them land first.
        await Promise.resolve();
        if (message.id !== MAINTENANCE_ID) post(reply);
        else if (reply.op === 'error') post({ op: 'maintenance-failed', error: reply.error });
        postHeldNotifications();
        if (message.op === 'close') {
          port.close();
          return;
        }
      }
    } finally {
      pumping = false;
    }
  }

  port.on('message', (message: ToPgliteWorker) => {
    inbox.push(message);
    void pump();
  });

  // PGlite is a single backend without the autovacuum launcher: without this, deleted and updated
  // rows (the pending-event queue, text statuses, wait statuses) would only ever pile up, and the
  // planner would go on planning for the tables' sizes at the last analyze. Plans are kept (the
  // prepared statements, the triggers' queries for the whole session): the text limits' count,
  // planned while sms_messages was empty, read every text of the hour for each join, and a join
  // cost grew with each text sent (docs/benchmarks.md, "Statistics that follow the tables"). It
  // takes its turn like any statement, never inside a transaction.
  setInterval(() => {
    inbox.push({ id: MAINTENANCE_ID, tx: 0, op: 'maintain' });
    void pump();
  }, maintainEveryMs).unref();
  // And every table once an hour whatever its counts: an erase of a few rows in a large table
  // stays below the thresholds, and its old row versions should not wait for more (docs/privacy.md).
  setInterval(() => {
    inbox.push({ id: MAINTENANCE_ID, tx: 0, op: 'exec', sql: 'vacuum' });
    void pump();
  }, WHOLE_VACUUM_EVERY_MS).unref();
  post({ op: 'ready' });
}

// The folder is opened only when the main thread says so: it holds the folder's lock by then.
port.once('message', (open: OpenPglite) =>
  start(open).catch((error: unknown) => post({ op: 'failed-to-start', error: serializeError(error) })),
);
