import { type PGlite, parse, protocol } from '@electric-sql/pglite';

type BackendMessage = Awaited<ReturnType<PGlite['execProtocol']>>['messages'][number];
type RowDescription = Extract<BackendMessage, { name: 'rowDescription' }>;

/** A statement parsed once and kept in the backend, with what each call needs to run it. */
interface PreparedStatement {
  name: string;
  paramTypes: readonly number[];
  /** Null for statements that return no rows (NoData). */
  rowDescription: RowDescription | null;
}

/** Every distinct SQL text is prepared once; beyond this many, the least recently used is closed. */
const MAX_PREPARED_STATEMENTS = 500;

const { serialize } = protocol;

/** "cached plan must not change result type": a prepared statement outlived its table's shape. */
const isStalePlan = (error: unknown) =>
  (error as { code?: string }).code === '0A000' && /cached plan/.test(String((error as Error).message));

/**
 * Runs statements as named prepared statements over PGlite's wire protocol: parsed and described
 * once per SQL text, then one Bind/Execute/Sync call each. Measured (npm run bench, realtime on
 * PGlite): `pg.query` parses and plans every statement and makes six calls into the WASM backend
 * for each; a statement cost 3× (simple) to 2.4× (a transaction of two inserts) what it costs here.
 * The caller runs one statement at a time.
 */
export function createStatementRunner(pg: PGlite, maxPrepared = MAX_PREPARED_STATEMENTS) {
  const prepared = new Map<string, PreparedStatement>();
  /** Statements dropped for a stale plan: closed in the backend with the next Parse. */
  const toCloseLater: string[] = [];
  let statementCounter = 0;

  async function prepare(sql: string): Promise<PreparedStatement> {
    const known = prepared.get(sql);
    if (known) {
      // Map order is the eviction order: a statement in use moves to the back.
      prepared.delete(sql);
      prepared.set(sql, known);
      return known;
    }
    const toClose = toCloseLater.splice(0);
    while (prepared.size >= maxPrepared) {
      const [oldestSql, oldest] = prepared.entries().next().value as [string, PreparedStatement];
      prepared.delete(oldestSql);
      toClose.push(oldest.name);
    }
    statementCounter += 1;
    const name = `checkn_${statementCounter}`;
    const { messages } = await pg.execProtocol(
      Buffer.concat([
        ...toClose.map((closed) => serialize.close({ type: 'S', name: closed })),
        serialize.parse({ name, text: sql }),
        serialize.describe({ type: 'S', name }),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
    const statement: PreparedStatement = {
      name,
      paramTypes: parse.parseDescribeStatementResults(messages),
      rowDescription:
        (messages.find((message) => message.name === 'rowDescription') as RowDescription | undefined) ?? null,
    };
    prepared.set(sql, statement);
    return statement;
  }

  function serializeParam(value: unknown, type: number): string | null {
    if (value === null || value === undefined) return null;
    const serializer = pg.serializers[type];
    return serializer ? serializer(value) : String(value);
  }

  /** The statement's rows and its command tag ("INSERT", "COMMIT", "ROLLBACK", …). */
  async function run(
    sql: string,
    params: readonly unknown[] | undefined,
    inTransaction: boolean,
    genericPlan = false,
  ): Promise<{ rows: Record<string, unknown>[]; command: string | undefined }> {
    if (!genericPlan) return runPrepared(sql, params, inTransaction);
    // QueryOptions.genericPlan (database.ts). When the statement fails inside a transaction the
    // reset fails too, and the rollback undoes the SET.
    await simpleQuery('set plan_cache_mode = force_generic_plan');
    try {
      return await runPrepared(sql, params, inTransaction);
    } finally {
      await simpleQuery('reset plan_cache_mode').catch(() => {});
    }
  }

  async function simpleQuery(sql: string): Promise<void> {
    await pg.execProtocol(serialize.query(sql), { syncToFs: false });
  }

  async function runPrepared(
    sql: string,
    params: readonly unknown[] | undefined,
    inTransaction: boolean,
  ): Promise<{ rows: Record<string, unknown>[]; command: string | undefined }> {
    const statement = await prepare(sql);
    const values = (params ?? []).map((value, index) =>
      serializeParam(value, statement.paramTypes[index] ?? 0),
    );
    let messages: BackendMessage[];
    try {
      ({ messages } = await pg.execProtocol(
        Buffer.concat([
          serialize.bind({ statement: statement.name, values }),
          serialize.execute({}),
          serialize.sync(),
        ]),
        // PGlite's own rule: the file system is synced after each statement outside a transaction.
        { syncToFs: !inTransaction },
      ));
    } catch (error) {
      if (!isStalePlan(error)) throw error;
      // Its tables changed shape (a migration): prepare it afresh. Outside a transaction it can
      // run again at once; inside one, the transaction is already aborted.
      prepared.delete(sql);
      toCloseLater.push(statement.name);
      if (inTransaction) throw error;
      return runPrepared(sql, params, inTransaction);
    }
    const withFields = statement.rowDescription ? [statement.rowDescription, ...messages] : messages;
    const [result] = parse.parseResults(withFields, pg.parsers);
    return { rows: (result?.rows ?? []) as Record<string, unknown>[], command: result?.command };
  }

  return { run };
}
