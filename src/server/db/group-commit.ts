/**
 * Group commit: writes that arrive together go to the database as one statement.
 *
 * Why: a join's statement costs mostly per statement (planning, the round trip, PGlite's WASM
 * call), not per row. Ten joins in one statement cost about what two cost one by one
 * (docs/benchmarks.md). Nothing waits on purpose: the first write after a quiet spell goes out on
 * the next turn of the event loop, and only writes that arrive while earlier ones are in flight
 * share a statement. Each caller still hears back only after its own row is committed.
 *
 * When a batch fails, every write in it is tried again alone, so one bad write fails alone and
 * the others land as if they had never been grouped.
 */
export interface GroupCommitOptions<Input, Output> {
  /** Writes several inputs in one statement; returns one output per input, in input order. */
  writeMany(inputs: readonly Input[]): Promise<Output[]>;
  /** Writes one input alone: a lone arrival, and each write of a batch that failed. */
  writeOne(input: Input): Promise<Output>;
  /**
   * Statements in flight at once. PostgreSQL has a pool. PGlite's thread runs one at a time, but
   * with only one in flight it sat idle (13–25 % of its time under the bench's joins) while this
   * thread answered the batch; a second waits in its queue, in order, and both commit together.
   */
  maxInFlight: number;
  /** Inputs per statement at most. */
  maxBatch: number;
}

interface Waiting<Input, Output> {
  input: Input;
  resolve(output: Output): void;
  reject(error: unknown): void;
}

export function createGroupCommit<Input, Output>(
  options: GroupCommitOptions<Input, Output>,
): (input: Input) => Promise<Output> {
  const queue: Waiting<Input, Output>[] = [];
  let inFlight = 0;
  let drainScheduled = false;

  function scheduleDrain(): void {
    if (drainScheduled || queue.length === 0 || inFlight >= options.maxInFlight) return;
    drainScheduled = true;
    // After this turn's I/O: every request that arrived in it joins the same statement.
    setImmediate(drain);
  }

  function drain(): void {
    drainScheduled = false;
    while (queue.length > 0 && inFlight < options.maxInFlight) {
      const batch = queue.splice(0, options.maxBatch);
      inFlight += 1;
      write(batch).finally(() => {
        inFlight -= 1;
        scheduleDrain();
      });
    }
  }

  async function write(batch: Waiting<Input, Output>[]): Promise<void> {
    if (batch.length === 1) {
      await writeAlone(batch[0]!);
      return;
    }
    let outputs: Output[];
    try {
      outputs = await options.writeMany(batch.map((waiting) => waiting.input));
    } catch {
      await Promise.all(batch.map(writeAlone));
      return;
    }
    batch.forEach((waiting, index) => {
      waiting.resolve(outputs[index]!);
    });
  }

  async function writeAlone(waiting: Waiting<Input, Output>): Promise<void> {
    try {
      waiting.resolve(await options.writeOne(waiting.input));
    } catch (error) {
      waiting.reject(error);
    }
  }

  return (input) =>
    new Promise<Output>((resolve, reject) => {
      queue.push({ input, resolve, reject });
      scheduleDrain();
    });
}
