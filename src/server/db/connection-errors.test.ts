import { describe, expect, it } from 'vitest';
import {
  backgroundFailureLevel,
  isDatabaseUnavailable,
  retryTransientConflicts,
} from './connection-errors.ts';

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['refused', withCode('ECONNREFUSED')],
    ['reset', withCode('ECONNRESET')],
    ['pg_terminate_backend', withCode('57P01', 'terminating connection due to administrator command')],
    ['crash shutdown', withCode('57P02')],
    ['starting up', withCode('57P03', 'the database system is starting up')],
    ['connection exception class 08', withCode('08006')],
    ['connection dropped', new Error('Connection terminated unexpectedly')],
    ['pool connect timeout', new Error('timeout exceeded when trying to connect')],
    ['dead client', new Error('Client has encountered a connection error and is not queryable')],
    ['wrapped', new Error('join failed', { cause: withCode('57P01') })],
    ['deadlock broken by the server', withCode('40P01', 'deadlock detected')],
    ['serialization failure', withCode('40001')],
  ])('is true for a lost connection: %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['unique violation', withCode('23505')],
    ['syntax error', withCode('42601')],
    ['statement timeout', withCode('57014', 'canceling statement due to statement timeout')],
    ['plain error', new Error('boom')],
    ['not an error', 'Connection terminated'],
  ])('is false for an error of the statement itself: %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

describe('retryTransientConflicts', () => {
  it('tries a write undone as a deadlock again, and returns its result', async () => {
    let calls = 0;
    const write = async () => {
      calls += 1;
      if (calls < 3) throw withCode('40P01', 'deadlock detected');
      return 'joined';
    };
    await expect(retryTransientConflicts(write)).resolves.toBe('joined');
    expect(calls).toBe(3);
  });

  it('gives up after the attempts, and never retries another error', async () => {
    let calls = 0;
    const deadlocked = async () => {
      calls += 1;
      throw withCode('40P01');
    };
    await expect(retryTransientConflicts(deadlocked, 3)).rejects.toMatchObject({ code: '40P01' });
    expect(calls).toBe(3);
    calls = 0;
    const wrong = async () => {
      calls += 1;
      throw withCode('23505');
    };
    await expect(retryTransientConflicts(wrong)).rejects.toMatchObject({ code: '23505' });
    expect(calls).toBe(1);
  });
});

describe('backgroundFailureLevel', () => {
  it('logs an outage, which the next pass retries, at warn, and a bug at error (which fails a test)', () => {
    expect(backgroundFailureLevel(withCode('ECONNREFUSED'))).toBe('warn');
    expect(backgroundFailureLevel(new Error('Connection terminated unexpectedly'))).toBe('warn');
    expect(backgroundFailureLevel(withCode('42601', 'syntax error at or near "form"'))).toBe('error');
    expect(backgroundFailureLevel(new Error('boom'))).toBe('error');
  });
});
