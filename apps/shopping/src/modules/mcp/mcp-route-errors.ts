import { Injectable } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { normalizeError } from '@platform/errors';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { JsonRpcCode, JsonRpcFault, errorBody } from './json-rpc';

/** Route config flag (@RouteConfig) of the MCP endpoints. */
export const MCP_ROUTE = 'mcpJsonRpc';

/**
 * A body Fastify refuses before any handler runs: not JSON (the service kit's parser: 400
 * INVALID_BODY) is JSON-RPC's parse error −32700; any other refusal of the body (415, 413) an
 * invalid request −32600 with that status.
 */
export function mcpBodyFault(error: unknown): JsonRpcFault {
  const { error: err } = normalizeError(error);
  if (err.status === 400 && err.code === 'INVALID_BODY')
    return new JsonRpcFault(JsonRpcCode.PARSE_ERROR, `Parse error: ${err.message}`, 400);
  if (err.status < 500)
    return new JsonRpcFault(JsonRpcCode.INVALID_REQUEST, `Invalid Request: ${err.message}`, err.status);
  return new JsonRpcFault(JsonRpcCode.INTERNAL_ERROR, 'Internal error', err.status);
}

function answerBodyError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const fault = mcpBodyFault(error);
  void reply
    .status(fault.httpStatus)
    .header('content-type', 'application/json; charset=utf-8')
    .send(errorBody(null, fault));
}

/**
 * Gives the MCP routes their own Fastify error handler. Body parsing fails inside Fastify, before
 * Nest's route (and its filters) runs, and would be answered by the global filter in the REST
 * envelope; a JSON-RPC client needs −32700 instead. Registered as an `onRoute` hook when the
 * module is built, which is before Nest registers its routes (app.init).
 */
@Injectable()
export class McpRouteErrors {
  constructor(adapterHost: HttpAdapterHost) {
    const fastify = adapterHost.httpAdapter?.getInstance<FastifyInstance>();
    fastify?.addHook('onRoute', (route) => {
      const config = route.config as Record<string, unknown> | undefined;
      if (config?.[MCP_ROUTE] === true) route.errorHandler = answerBodyError;
    });
  }
}
