import { assertKeyFormat, readIdempotencyKey } from './idempotency-key';

const HEADER = 'Idempotency-Key';
const LENGTH = { minLength: 16, maxLength: 64 };

describe('readIdempotencyKey', () => {
  it('returns no key and no violation when the optional header is absent', () => {
    expect(readIdempotencyKey(undefined, HEADER, 'uuid', false)).toEqual({});
  });

  it('requires the header when the route says so', () => {
    expect(readIdempotencyKey(undefined, HEADER, 'uuid', true).violation).toEqual(
      expect.objectContaining({ location: 'header', path: [HEADER], code: 'REQUIRED' }),
    );
  });

  it('accepts a uuid in any case and normalises it to lower case', () => {
    expect(readIdempotencyKey('9F1C2A9E-52B1-4C7A-9D55-0E6B8B0C1D2E', HEADER, 'uuid', false)).toEqual({
      key: '9f1c2a9e-52b1-4c7a-9d55-0e6b8b0c1d2e',
    });
  });

  it('rejects a value that is not a uuid on a uuid route', () => {
    expect(readIdempotencyKey('not-a-uuid-at-all-really', HEADER, 'uuid', false).violation).toEqual(
      expect.objectContaining({
        location: 'header',
        path: [HEADER],
        code: 'INVALID_FORMAT',
        value: 'not-a-uuid-at-all-really',
      }),
    );
  });

  it('accepts 16 and 64 characters and rejects 15 and 65', () => {
    expect(readIdempotencyKey('a'.repeat(16), HEADER, LENGTH, false)).toEqual({ key: 'a'.repeat(16) });
    expect(readIdempotencyKey('a'.repeat(64), HEADER, LENGTH, false)).toEqual({ key: 'a'.repeat(64) });
    expect(readIdempotencyKey('a'.repeat(15), HEADER, LENGTH, false).violation?.code).toBe('OUT_OF_RANGE');
    expect(readIdempotencyKey('a'.repeat(65), HEADER, LENGTH, false).violation?.code).toBe('OUT_OF_RANGE');
  });

  it('rejects a repeated header and invisible characters', () => {
    expect(readIdempotencyKey(['a'.repeat(16), 'b'.repeat(16)], HEADER, LENGTH, false).violation?.code).toBe(
      'INVALID_FORMAT',
    );
    expect(
      readIdempotencyKey(`${'a'.repeat(10)} ${'b'.repeat(10)}`, HEADER, LENGTH, false).violation?.code,
    ).toBe('INVALID_FORMAT');
  });
});

describe('assertKeyFormat', () => {
  it('accepts uuid and sane length ranges', () => {
    expect(() => assertKeyFormat('uuid')).not.toThrow();
    expect(() => assertKeyFormat(LENGTH)).not.toThrow();
  });

  it('rejects ranges the store cannot hold or that make no sense', () => {
    expect(() => assertKeyFormat({ minLength: 0, maxLength: 10 })).toThrow(RangeError);
    expect(() => assertKeyFormat({ minLength: 20, maxLength: 10 })).toThrow(RangeError);
    expect(() => assertKeyFormat({ minLength: 1, maxLength: 256 })).toThrow(RangeError);
  });
});
