/**
 * Errors that mean "a dependency (PostgreSQL, Redis, another service) cannot be reached right now",
 * not "this request is wrong" nor "this code is wrong": a restart, failover or pause of the
 * database or Redis. They are answered 503 with Retry-After (the client may simply try again),
 * never 500. Pure: no Nest, no driver imports; recognised by the drivers' codes and messages.
 */

import { errorCauses } from './error-causes';

/** What Retry-After says on a 503 caused by an unreachable dependency, seconds. */
export const DEPENDENCY_RETRY_AFTER_S = 2;

/** Node socket errors of a connection that could not be made or was lost. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/**
 * PostgreSQL SQLSTATEs of an unavailable server: class 08 (connection exception), 57P01
 * admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now, 53300 too_many_connections.
 */
const SQLSTATE = /^(08...|57P0[123]|53300)$/;

/** Messages of node-postgres, the pg pool, TypeORM, ioredis and BullMQ for a lost or missing connection. */
const MESSAGES = [
  /^Connection terminated/i, // pg: server closed the connection (restart), or connectionTimeoutMillis
  /timeout exceeded when trying to connect/i, // pg-pool: no connection within connectionTimeoutMillis
  /Client has encountered a connection error and is not queryable/i,
  /the database system is (starting up|shutting down|in recovery mode)/i,
  /terminating connection due to administrator command/i,
  /^Connection is closed\.?$/i, // ioredis
  /Stream isn't writeable/i, // ioredis, offline queue off
  /Reached the max retries per request limit/i, // ioredis MaxRetriesPerRequestError
  /connect ECONNREFUSED/i,
  /read ECONNRESET/i,
];

function own(error: object, key: string): unknown {
  return (error as Record<string, unknown>)[key];
}

/** True when `error` (or what it wraps: driverError, cause, originalError) is an unreachable dependency. */
export function isDependencyUnavailable(error: unknown): boolean {
  for (const current of errorCauses(error)) {
    const code = own(current, 'code');
    if (typeof code === 'string' && (SOCKET_CODES.has(code) || SQLSTATE.test(code))) return true;
    const name = own(current, 'name');
    if (name === 'MaxRetriesPerRequestError') return true;
    // TypeORM releases a transaction's query runner itself only when its connection raised an
    // error (a PostgreSQL restart terminating the backend between two statements); the next
    // statement then fails with this error, which carries no cause; a statement made through the
    // transaction's EntityManager at that point fails with its sibling (seen in a chaos run: two
    // statements of one transaction in flight when PostgreSQL restarted).
    if (name === 'QueryRunnerAlreadyReleasedError' || name === 'QueryRunnerProviderAlreadyReleasedError')
      return true;
    const message = own(current, 'message');
    if (typeof message === 'string' && MESSAGES.some((re) => re.test(message))) return true;
    const errors = own(current, 'errors'); // AggregateError (e.g. connect to ::1 and 127.0.0.1)
    if (Array.isArray(errors) && errors.length > 0 && errors.every((e) => isDependencyUnavailable(e)))
      return true;
  }
  return false;
}
