import { Errors, PlatformError } from './platform-error';
import { toJsonPath, toJsonPointer } from './pointers';
import { toCommerceError, toDomainsError, toShoppingError } from './shapes';

const violation = {
  location: 'body' as const,
  path: ['consents', 0, 'type'],
  code: 'INVALID_VALUE',
  message: 'type must be one of FREETRIAL_AUTORENEW',
  value: 'X',
};

describe('error shapes', () => {
  it('renders the commerce error object with details[] on client errors', () => {
    const body = toCommerceError(Errors.validation([violation]), 'req-1');
    expect(body).toEqual({
      name: 'INVALID_REQUEST',
      correlationId: 'req-1',
      message: 'the request has invalid fields',
      details: [
        {
          issue: 'INVALID_VALUE',
          field: '/consents/0/type',
          value: 'X',
          location: 'body',
          description: 'type must be one of FREETRIAL_AUTORENEW',
        },
      ],
    });
  });

  it('gives a commerce client error without violations one detail naming its code', () => {
    const body = toCommerceError(Errors.unprocessable('IDEMPOTENCY_KEY_MISMATCH', 'different body'), 'r');
    expect(body.name).toBe('IDEMPOTENCY_KEY_MISMATCH');
    expect(body.details).toEqual([
      { issue: 'IDEMPOTENCY_KEY_MISMATCH', location: 'body', description: 'different body' },
    ]);
  });

  it('omits details on server errors', () => {
    expect(toCommerceError(Errors.internal(), 'r').details).toBeUndefined();
  });

  it('names path and query fields by parameter, body fields by JSON pointer', () => {
    const body = toCommerceError(
      Errors.validation([
        { location: 'path', path: ['storeId'], code: 'INVALID_FORMAT', message: 'storeId must be a uuid' },
      ]),
      'r',
    );
    expect(body.details?.[0]).toMatchObject({ field: 'storeId', location: 'path', issue: 'INVALID_FORMAT' });
  });

  it('renders the domains-style Error with JSONPath fields', () => {
    expect(toDomainsError(Errors.validation([violation]))).toEqual({
      code: 'INVALID_BODY',
      message: 'the request has invalid fields',
      fields: [
        {
          path: '$.consents[0].type',
          code: 'INVALID_VALUE',
          message: 'type must be one of FREETRIAL_AUTORENEW',
        },
      ],
    });
  });

  it('renders ErrorLimit with retryAfterSec', () => {
    const err = new PlatformError({
      status: 429,
      code: 'TOO_MANY_REQUESTS',
      message: 'slow down',
      retryAfterSec: 30,
    });
    expect(toDomainsError(err)).toEqual({
      code: 'TOO_MANY_REQUESTS',
      message: 'slow down',
      retryAfterSec: 30,
    });
  });

  it('uses INVALID_FORMAT for query/path validation in the domains shape', () => {
    const err = Errors.validation([
      { location: 'query', path: ['marketId'], code: 'REQUIRED', message: 'required' },
    ]);
    expect(toDomainsError(err)).toMatchObject({
      code: 'INVALID_FORMAT',
      fields: [{ path: 'marketId', code: 'REQUIRED' }],
    });
  });
});

describe('pointers', () => {
  it('escapes JSON pointers per RFC 6901', () => {
    expect(toJsonPointer(['a/b', 'm~n', 0])).toBe('/a~1b/m~0n/0');
    expect(toJsonPointer([])).toBe('');
  });

  it('writes normalized JSONPath', () => {
    expect(toJsonPath(['a', 0, 'b-c', "it's"])).toBe("$.a[0]['b-c']['it\\'s']");
    expect(toJsonPath([])).toBe('$');
  });

  describe('the Shopping envelope (UCP error_response)', () => {
    it('renders validation as invalid_request, one message per violation, with a JSONPath and severity', () => {
      expect(toShoppingError(Errors.validation([violation]))).toEqual({
        ucp: { version: '2026-04-08', status: 'error' },
        messages: [
          {
            type: 'error',
            code: 'invalid_request',
            content_type: 'plain',
            content: 'type must be one of FREETRIAL_AUTORENEW',
            severity: 'recoverable',
            path: '$.consents[0].type',
          },
        ],
      });
    });

    it('lowers the platform codes and gives each status its severity', () => {
      const of = (status: number, code: string) =>
        toShoppingError(new PlatformError({ status, code, message: 'm' })).messages[0];
      expect(of(401, 'UNAUTHORIZED')).toMatchObject({ code: 'unauthorized', severity: 'unrecoverable' });
      expect(of(403, 'FORBIDDEN')).toMatchObject({ code: 'forbidden', severity: 'unrecoverable' });
      expect(of(409, 'IDEMPOTENCY_KEY_MISMATCH')).toMatchObject({ severity: 'recoverable' });
      expect(of(422, 'VERSION_UNSUPPORTED')).toMatchObject({
        code: 'version_unsupported',
        severity: 'unrecoverable',
      });
      expect(of(424, 'PROFILE_UNREACHABLE')).toMatchObject({ severity: 'recoverable' });
      expect(of(429, 'TOO_MANY_REQUESTS')).toMatchObject({ severity: 'recoverable' });
      expect(of(503, 'SERVICE_UNAVAILABLE')).toMatchObject({
        code: 'service_unavailable',
        severity: 'recoverable',
      });
      expect(of(200, 'CAPABILITIES_INCOMPATIBLE')).toMatchObject({ severity: 'unrecoverable' });
    });

    it('names a header or path parameter in the content, never in path (a JSONPath into the body)', () => {
      const body = toShoppingError(
        Errors.validation([
          { location: 'header', path: ['Idempotency-Key'], code: 'REQUIRED', message: 'required' },
          { location: 'path', path: ['storeId'], code: 'INVALID_FORMAT', message: 'must be a uuid' },
        ]),
      );
      expect(body.messages).toEqual([
        expect.objectContaining({ content: 'Idempotency-Key (header): required' }),
        expect.objectContaining({ content: 'storeId (path): must be a uuid' }),
      ]);
      expect(body.messages.map((m) => m.path)).toEqual([undefined, undefined]);
    });
  });
});
