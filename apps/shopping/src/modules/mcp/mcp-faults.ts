import type { Logger } from '@nestjs/common';
import { normalizeError, toShoppingError, type PlatformError } from '@platform/errors';
import { JsonRpcCode, JsonRpcFault } from './json-rpc';

/** The negotiation errors UCP sends as −32001 (overview.md "Negotiation Errors", MCP column). */
const DISCOVERY_CODES: ReadonlySet<string> = new Set([
  'INVALID_PROFILE_URL',
  'PROFILE_UNREACHABLE',
  'PROFILE_MALFORMED',
  'VERSION_UNSUPPORTED',
]);

/** The message of a −32000 by HTTP status (overview.md's MCP examples: "Unauthorized", "Rate limit exceeded"). */
const PROTOCOL_MESSAGE: Readonly<Record<number, string>> = {
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not found',
  409: 'Conflict',
  413: 'Payload too large',
  415: 'Unsupported media type',
  424: 'Failed dependency',
  429: 'Rate limit exceeded',
  503: 'Service unavailable',
};

/** Where in the handling of a POST the error arose. */
export type FaultStage =
  /** Before any JSON-RPC method ran: the credentials, the business of the path, the body itself. */
  | 'request'
  /** Inside a method: a 400 there is the method's params (−32602). */
  | 'method';

/** UCP's `data` of a JSON-RPC error: the code and content of the REST protocol error, and the wait. */
function dataOf(err: PlatformError): Record<string, unknown> {
  const { messages } = toShoppingError(err);
  return {
    code: messages[0]?.code ?? err.code.toLowerCase(),
    content: err.message,
    ...(err.violations.length ? { messages } : {}),
    ...(err.retryAfterSec !== undefined ? { retry_after: err.retryAfterSec } : {}),
  };
}

function headersOf(err: PlatformError): Record<string, string> {
  const headers = { ...err.headers };
  if (err.retryAfterSec !== undefined && !('Retry-After' in headers))
    headers['Retry-After'] = String(err.retryAfterSec);
  return headers;
}

/**
 * An error of the engine, the negotiation, the idempotency store or the platform's guards as
 * UCP's MCP binding says (overview.md "Error Handling", checkout-mcp.md "Error Handling"):
 * discovery failures −32001 and every other protocol error −32000, each with the REST status as
 * the HTTP status and `data: {code, content}`; a bad param −32602; anything unexpected −32603 (500,
 * logged with its stack). Business outcomes never come here: they are results.
 */
export function faultOf(error: unknown, stage: FaultStage, logger: Logger): JsonRpcFault {
  if (error instanceof JsonRpcFault) return error;
  const { error: err, unexpected } = normalizeError(error);
  if (unexpected) logger.error({ err: error }, 'unexpected error in the MCP binding');
  const data = dataOf(err);
  const headers = headersOf(err);
  if (DISCOVERY_CODES.has(err.code))
    return new JsonRpcFault(
      JsonRpcCode.UCP_DISCOVERY,
      err.code === 'VERSION_UNSUPPORTED' ? 'Protocol version not supported' : 'UCP discovery failed',
      err.status,
      data,
      headers,
    );
  if (err.status === 400)
    return stage === 'method'
      ? new JsonRpcFault(JsonRpcCode.INVALID_PARAMS, `Invalid params: ${err.message}`, 200, data)
      : new JsonRpcFault(JsonRpcCode.INVALID_REQUEST, `Invalid Request: ${err.message}`, 400, data);
  if (err.status >= 500 && err.status !== 503)
    return new JsonRpcFault(JsonRpcCode.INTERNAL_ERROR, 'Internal error', err.status, data, headers);
  return new JsonRpcFault(
    JsonRpcCode.UCP_PROTOCOL,
    PROTOCOL_MESSAGE[err.status] ?? err.message,
    err.status,
    data,
    headers,
  );
}
