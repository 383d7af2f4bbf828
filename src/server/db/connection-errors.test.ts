import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './connection-errors.ts';

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
