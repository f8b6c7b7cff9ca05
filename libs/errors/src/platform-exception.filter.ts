import { ArgumentsHost, Catch, ExceptionFilter, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ErrorFamily, renderErrorBody } from './error-family';
import { normalizeError } from './error-normalizer';

/**
 * The single REST exception filter: every error leaves in the area's shape, with its headers,
 * never with a stack trace. Unexpected errors are logged with their stack and answered 500.
 */
@Catch()
export class PlatformExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  constructor(private readonly family: ErrorFamily) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') throw exception;
    const http = host.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    const { error, unexpected } = normalizeError(exception);
    if (unexpected) {
      this.logger.error({ err: exception, reqId: request.id }, 'unexpected error');
    }
    if (reply.sent) return;
    for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
    if (error.retryAfterSec !== undefined && !('Retry-After' in error.headers)) {
      reply.header('Retry-After', String(error.retryAfterSec));
    }
    reply.status(error.status);
    if (error.emptyBody) {
      reply.send();
      return;
    }
    reply.header('Content-Type', 'application/json; charset=utf-8');
    reply.send(renderErrorBody(this.family, error, String(request.id)));
  }
}
