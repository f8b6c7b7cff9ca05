import {
  ErrorFamily,
  Errors,
  PlatformError,
  ViolationCode,
  normalizeError,
  renderErrorBody,
} from '@platform/errors';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Fastify answers two kinds of malformed request itself, before any route, hook or Nest filter
 * runs, with its own JSON that echoes the whole path: a path that is not valid percent-encoding
 * (FST_ERR_BAD_URL, 400) and a path parameter longer than `maxParamLength` (FST_ERR_MAX_PARAM_LENGTH,
 * 414). Both are bad path input: 400 with one path violation, as the validation pipe reports a
 * malformed path parameter (commerce INVALID_REQUEST, domains INVALID_FORMAT).
 */
export function frameworkErrorToPlatformError(error: Pick<FastifyError, 'code' | 'message'>): PlatformError {
  switch (error.code) {
    case 'FST_ERR_BAD_URL':
      return Errors.validation(
        [
          {
            location: 'path',
            path: ['path'],
            code: ViolationCode.INVALID_FORMAT,
            message: 'not valid percent-encoding',
          },
        ],
        'the request path is not valid percent-encoding',
      );
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return Errors.validation(
        [
          {
            location: 'path',
            path: ['path'],
            code: ViolationCode.OUT_OF_RANGE,
            message: 'a path parameter is too long',
          },
        ],
        'a path parameter is too long',
      );
    default:
      return normalizeError(error).error;
  }
}

/**
 * The `frameworkErrors` option of the service's FastifyAdapter: answers those requests in the
 * area's error shape (docs/errors.md) instead of Fastify's own JSON.
 */
export function frameworkErrorResponder(
  family: ErrorFamily,
): (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => void {
  return (error, request, reply) => {
    const err = frameworkErrorToPlatformError(error);
    void reply
      .status(err.status)
      .header('content-type', 'application/json; charset=utf-8')
      .send(renderErrorBody(family, err, String(request.id)));
  };
}
