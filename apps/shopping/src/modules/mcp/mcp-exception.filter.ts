import { ArgumentsHost, Catch, ExceptionFilter, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorBody, idOf } from './json-rpc';
import { faultOf } from './mcp-faults';

/**
 * What the platform's guards throw before an MCP endpoint's handler runs (the Bearer token: 401
 * with `WWW-Authenticate: Bearer`, as on REST; the rate limits: 429 with Retry-After), answered
 * with the same HTTP status and headers but a JSON-RPC error body (−32000, UCP's `data`), which an
 * MCP client reads, instead of the REST envelope.
 */
@Catch()
export class McpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('McpErrors');

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    const fault = faultOf(exception, 'request', this.logger);
    if (reply.sent) return;
    for (const [name, value] of Object.entries(fault.headers)) reply.header(name, value);
    void reply
      .status(fault.httpStatus)
      .header('content-type', 'application/json; charset=utf-8')
      .send(errorBody(idOf(request.body), fault));
  }
}
