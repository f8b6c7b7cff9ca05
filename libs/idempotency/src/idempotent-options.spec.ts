import { resolveIdempotentOptions } from './idempotent-options';

describe('resolveIdempotentOptions', () => {
  it('fills in the header, 24 h retention, 60 s lease, replayed headers and the 422 of a reused key', () => {
    expect(resolveIdempotentOptions({ format: 'uuid' })).toEqual({
      header: 'Idempotency-Key',
      format: 'uuid',
      required: false,
      retentionSeconds: 86_400,
      leaseSeconds: 60,
      replayHeaders: ['content-type', 'location'],
      mismatchStatus: 422,
    });
  });

  it('keeps a route’s own status for a reused key (UCP: 409)', () => {
    expect(resolveIdempotentOptions({ format: 'uuid', mismatchStatus: 409 }).mismatchStatus).toBe(409);
  });

  it('rejects a bad header name, lease or retention when the route is declared', () => {
    expect(() => resolveIdempotentOptions({ format: 'uuid', header: 'Bad Header' })).toThrow(RangeError);
    expect(() => resolveIdempotentOptions({ format: 'uuid', leaseSeconds: 0 })).toThrow(RangeError);
    expect(() => resolveIdempotentOptions({ format: 'uuid', retentionSeconds: 1.5 })).toThrow(RangeError);
    expect(() => resolveIdempotentOptions({ format: { minLength: 64, maxLength: 16 } })).toThrow(RangeError);
  });
});
