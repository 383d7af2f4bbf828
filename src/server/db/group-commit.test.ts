import { describe, expect, it } from 'vitest';
import { createGroupCommit } from './group-commit.ts';

/** A fake store that records each statement it was asked to run. */
function recordingStore(options: { failBatchesWith?: string; failOne?: string } = {}) {
  const statements: string[][] = [];
  let running = 0;
  let mostAtOnce = 0;
  async function statement<T>(inputs: string[], result: () => T): Promise<T> {
    statements.push(inputs);
    running += 1;
    mostAtOnce = Math.max(mostAtOnce, running);
    await new Promise((resolve) => setTimeout(resolve, 5));
    running -= 1;
    return result();
  }
  return {
    statements,
    mostAtOnce: () => mostAtOnce,
    writeMany: (inputs: readonly string[]) =>
      statement([...inputs], () => {
        if (options.failBatchesWith && inputs.includes(options.failBatchesWith))
          throw new Error('batch failed');
        return inputs.map((input) => `row:${input}`);
      }),
    writeOne: (input: string) =>
      statement([input], () => {
        if (input === options.failOne) throw new Error(`cannot write ${input}`);
        return `row:${input}`;
      }),
  };
}

describe('group commit', () => {
  it('writes a lone arrival alone, at once', async () => {
    const store = recordingStore();
    const write = createGroupCommit({ ...store, maxInFlight: 1, maxBatch: 10 });
    expect(await write('a')).toBe('row:a');
    expect(store.statements).toEqual([['a']]);
  });

  it('writes what arrives together in one statement and answers each caller with its own row', async () => {
    const store = recordingStore();
    const write = createGroupCommit({ ...store, maxInFlight: 1, maxBatch: 10 });
    const outputs = await Promise.all(['a', 'b', 'c'].map(write));
    expect(outputs).toEqual(['row:a', 'row:b', 'row:c']);
    expect(store.statements).toEqual([['a', 'b', 'c']]);
  });

  it('groups what arrives while a statement is in flight into the next one, at most maxBatch each', async () => {
    const store = recordingStore();
    const write = createGroupCommit({ ...store, maxInFlight: 1, maxBatch: 2 });
    const first = write('a');
    await new Promise((resolve) => setTimeout(resolve, 1));
    const rest = ['b', 'c', 'd', 'e', 'f'].map(write);
    expect(await Promise.all([first, ...rest])).toEqual(
      ['a', 'b', 'c', 'd', 'e', 'f'].map((x) => `row:${x}`),
    );
    expect(store.statements).toEqual([['a'], ['b', 'c'], ['d', 'e'], ['f']]);
    expect(store.mostAtOnce()).toBe(1);
  });

  it('keeps at most maxInFlight statements running', async () => {
    const store = recordingStore();
    const write = createGroupCommit({ ...store, maxInFlight: 2, maxBatch: 1 });
    await Promise.all(['a', 'b', 'c', 'd', 'e'].map(write));
    expect(store.mostAtOnce()).toBe(2);
    expect(store.statements.flat().sort()).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('when a batch fails, writes each alone so only the bad one fails', async () => {
    const store = recordingStore({ failBatchesWith: 'bad', failOne: 'bad' });
    const write = createGroupCommit({ ...store, maxInFlight: 1, maxBatch: 10 });
    const results = await Promise.allSettled(['a', 'bad', 'c'].map(write));
    expect(results).toEqual([
      { status: 'fulfilled', value: 'row:a' },
      { status: 'rejected', reason: new Error('cannot write bad') },
      { status: 'fulfilled', value: 'row:c' },
    ]);
    expect(store.statements).toEqual([['a', 'bad', 'c'], ['a'], ['bad'], ['c']]);
  });
});
