import { NotFoundException, PayloadTooLargeException } from '@nestjs/common';
import { normalizeError } from './error-normalizer';
import { Errors } from './platform-error';

describe('normalizeError', () => {
  it('keeps a PlatformError as it is', () => {
    const err = Errors.forbidden();
    expect(normalizeError(err)).toEqual({ error: err, unexpected: false });
  });

  it('maps framework HTTP exceptions to stable codes', () => {
    expect(normalizeError(new NotFoundException()).error).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    expect(normalizeError(new PayloadTooLargeException()).error).toMatchObject({
      status: 413,
      code: 'PAYLOAD_TOO_LARGE',
    });
  });

  it('maps Fastify body-parser errors to 400 INVALID_BODY', () => {
    const parseError = Object.assign(new Error('Unexpected token'), {
      statusCode: 400,
      code: 'FST_ERR_CTP_INVALID_JSON_BODY',
    });
    expect(normalizeError(parseError).error).toMatchObject({ status: 400, code: 'INVALID_BODY' });
  });

  it('hides unknown errors behind a generic 500', () => {
    const { error, unexpected } = normalizeError(new Error('password=hunter2 at db.ts:12'));
    expect(unexpected).toBe(true);
    expect(error).toMatchObject({
      status: 500,
      code: 'INTERNAL_ERROR',
      message: 'an unexpected error occurred',
    });
  });
});
