import { QueryRunnerAlreadyReleasedError, QueryRunnerProviderAlreadyReleasedError } from 'typeorm';
import { normalizeError } from './error-normalizer';
import { isDependencyUnavailable } from './dependency-errors';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('isDependencyUnavailable', () => {
  it.each([
    ['a refused connection', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    [
      'PostgreSQL shutting down (57P01)',
      withCode('terminating connection due to administrator command', '57P01'),
    ],
    ['PostgreSQL starting up (57P03)', withCode('the database system is starting up', '57P03')],
    ['a connection exception (08006)', withCode('connection failure', '08006')],
    ['node-postgres losing its connection', new Error('Connection terminated unexpectedly')],
    ['pg-pool timing out', new Error('timeout exceeded when trying to connect')],
    ['ioredis with the connection closed', new Error('Connection is closed.')],
    [
      'ioredis giving up on a command',
      Object.assign(new Error('Reached the max retries per request limit (which is 2).'), {
        name: 'MaxRetriesPerRequestError',
      }),
    ],
    [
      "TypeORM's next statement after the transaction's connection was lost",
      new QueryRunnerAlreadyReleasedError(),
    ],
    [
      "a statement through that transaction's EntityManager after its connection was lost",
      new QueryRunnerProviderAlreadyReleasedError(),
    ],
    [
      'a TypeORM QueryFailedError around a driver error',
      Object.assign(new Error('query failed'), { driverError: withCode('admin shutdown', '57P01') }),
    ],
    [
      'an error caused by a reset socket',
      new Error('fetch failed', { cause: withCode('read', 'ECONNRESET') }),
    ],
  ])('recognises %s', (_what, error) => {
    expect(isDependencyUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', withCode('duplicate key value violates unique constraint', '23505')],
    ['a syntax error', withCode('syntax error at or near "SELEC"', '42601')],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a non-error', 'Connection terminated'],
  ])('does not take %s for an outage', (_what, error) => {
    expect(isDependencyUnavailable(error)).toBe(false);
  });
});

describe('normalizeError of an unreachable dependency', () => {
  it('answers 503 SERVICE_UNAVAILABLE with a Retry-After, never 500', () => {
    const { error, unexpected } = normalizeError(new Error('Connection terminated unexpectedly'));
    expect(error).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' });
    expect(error.retryAfterSec).toBeGreaterThan(0);
    expect(unexpected).toBe(true);
  });
});
