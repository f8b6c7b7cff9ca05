import { PlatformError } from '@platform/errors';
import { decodeCursor, encodeCursor } from './connection';
import { isCursorValue } from './keyset';

const ID = '8d9d3a58-3f5e-4c8b-9d55-0a3a0c1f2b3c';

function fieldsOf(fn: () => unknown): unknown {
  try {
    fn();
  } catch (e) {
    return { code: (e as PlatformError).code, violations: (e as PlatformError).violations };
  }
  return undefined;
}

describe('connection cursors', () => {
  const cursor = encodeCursor(
    { sort: 'CREATED_AT', value: '2026-01-01T00:00:00.000Z', id: ID },
    'rates|tenant-a',
  );

  it('decode for the sort and scope (list, tenant, filters) they were issued for', () => {
    expect(decodeCursor(cursor, 'CREATED_AT', 'after', 'rates|tenant-a')).toEqual({
      sort: 'CREATED_AT',
      value: '2026-01-01T00:00:00.000Z',
      id: ID,
    });
  });

  it.each([
    ['another scope (list, tenant or filter)', cursor, 'CREATED_AT', 'rates|tenant-b'],
    ['another sort', cursor, 'UPDATED_AT', 'rates|tenant-a'],
    ['a truncated cursor', cursor.slice(0, -3), 'CREATED_AT', 'rates|tenant-a'],
    [
      'the former unchecked format',
      Buffer.from(JSON.stringify(['CREATED_AT', 'x', ID])).toString('base64url'),
      'CREATED_AT',
      '',
    ],
  ])('refuse %s with BAD_USER_INPUT INVALID_CURSOR', (_label, token, sort, scope) => {
    expect(fieldsOf(() => decodeCursor(token, sort, 'before', scope))).toMatchObject({
      violations: [expect.objectContaining({ path: ['before'], code: 'INVALID_CURSOR' })],
    });
  });
});

describe('isCursorValue (a value must cast to the sort column, never a SQL error)', () => {
  it.each([
    ['timestamptz', '2026-01-01T00:00:00.000Z', true],
    ['timestamptz', '2026-02-30T00:00:00.000Z', false],
    ['timestamptz', 'yesterday', false],
    ['bigint', '9223372036854775807', true],
    ['bigint', '9223372036854775808', false],
    ['bigint', '1e3', false],
    ['uuid', ID, true],
    ['uuid', 'x', false],
    ['text', 'any text', true],
    ['text', null, false],
    ['numeric', '1', false],
  ])('%s %j → %s', (sqlType, value, ok) => {
    expect(isCursorValue(sqlType, value as string | null)).toBe(ok);
  });
});
