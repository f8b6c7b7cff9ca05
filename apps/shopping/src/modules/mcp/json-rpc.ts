// JSON-RPC 2.0 (https://www.jsonrpc.org/specification) as MCP's streamable HTTP transport carries it
// (MCP 2025-06-18 / 2025-11-25 "Base Protocol"): one message per POST, request ids a string or an
// integer and never null, no batches (MCP 2025-06-18 removed them).

/** The error codes this binding answers: JSON-RPC's own and UCP's two (overview.md "Error Handling"). */
export const JsonRpcCode = {
  PARSE_ERROR: -32700,
  INVALID_REQUEST: -32600,
  METHOD_NOT_FOUND: -32601,
  INVALID_PARAMS: -32602,
  INTERNAL_ERROR: -32603,
  /** UCP: a protocol error (401, 403, 409, 429, 503; signatures). */
  UCP_PROTOCOL: -32000,
  /** UCP: discovery failed (invalid_profile_url, profile_unreachable, profile_malformed, version_unsupported). */
  UCP_DISCOVERY: -32001,
} as const;

export type JsonRpcId = string | number;

/** What one POSTed body is. */
export type JsonRpcIncoming =
  | { readonly kind: 'request'; readonly id: JsonRpcId; readonly method: string; readonly params: unknown }
  | { readonly kind: 'notification'; readonly method: string; readonly params: unknown }
  /** A client's answer to a server request; this server sends none, so it is accepted and dropped. */
  | { readonly kind: 'response' }
  | { readonly kind: 'invalid'; readonly id: JsonRpcId | null; readonly message: string };

/**
 * A JSON-RPC error as this binding answers it: the code and message, UCP's `data`
 * (`{code, content, …}`), and the HTTP status and headers of the response carrying it ("for MCP over
 * HTTP, the HTTP status code is the primary signal", overview.md).
 */
export class JsonRpcFault extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly httpStatus = 200,
    readonly data?: Record<string, unknown>,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = 'JsonRpcFault';
  }
}

export interface JsonRpcErrorBody {
  jsonrpc: '2.0';
  id: JsonRpcId | null;
  error: { code: number; message: string; data?: Record<string, unknown> };
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isId(value: unknown): value is JsonRpcId {
  return typeof value === 'string' || (typeof value === 'number' && Number.isInteger(value));
}

/** The id of a body, when it has a usable one (for an error about that body). */
export function idOf(body: unknown): JsonRpcId | null {
  return isObject(body) && isId(body.id) ? body.id : null;
}

/** Classifies a parsed body (undefined: there was none; Fastify parsed any JSON before). */
export function readJsonRpc(body: unknown): JsonRpcIncoming {
  const invalid = (message: string): JsonRpcIncoming => ({ kind: 'invalid', id: idOf(body), message });
  if (Array.isArray(body)) return invalid('batches are not supported (MCP sends one message per request)');
  if (!isObject(body)) return invalid('a JSON-RPC message is an object');
  if (body.jsonrpc !== '2.0') return invalid('jsonrpc must be "2.0"');
  if (!('method' in body)) {
    const answer = 'result' in body !== 'error' in body && (isId(body.id) || body.id === null);
    return answer ? { kind: 'response' } : invalid('a message needs a method (or is a response)');
  }
  if (typeof body.method !== 'string' || body.method === '') return invalid('method must be a string');
  if ('params' in body && !isObject(body.params) && !Array.isArray(body.params))
    return invalid('params must be an object or an array');
  if (!('id' in body)) return { kind: 'notification', method: body.method, params: body.params };
  if (!isId(body.id)) return invalid('id must be a string or an integer (MCP: never null)');
  return { kind: 'request', id: body.id, method: body.method, params: body.params };
}

export function resultBody(
  id: JsonRpcId,
  result: unknown,
): { jsonrpc: '2.0'; id: JsonRpcId; result: unknown } {
  return { jsonrpc: '2.0', id, result };
}

export function errorBody(id: JsonRpcId | null, fault: JsonRpcFault): JsonRpcErrorBody {
  return {
    jsonrpc: '2.0',
    id,
    error: { code: fault.code, message: fault.message, ...(fault.data ? { data: fault.data } : {}) },
  };
}
