import { PlatformError } from '@platform/errors';
import { STORE_JOINS, parseStoreJoins } from './store-joins';

function failure(input: Parameters<typeof parseStoreJoins>[0]): PlatformError {
  try {
    parseStoreJoins(input);
  } catch (e) {
    if (e instanceof PlatformError) return e;
    throw e;
  }
  throw new Error('expected a PlatformError');
}

describe('parseStoreJoins', () => {
  it('asks for no join when neither parameter is given', () => {
    expect(parseStoreJoins({})).toEqual([]);
  });

  it('reads the comma-separated v2 spelling and the repeated v1 spelling, together, de-duplicated', () => {
    expect(
      parseStoreJoins({
        includeFields: ['subscribedBundles,phone', 'phone'],
        includeField: ['address', 'phone', 'processorData'],
      }),
    ).toEqual(['phone', 'address', 'processorData', 'subscribedBundles']);
  });

  it('ignores empty items and blanks around commas', () => {
    expect(parseStoreJoins({ includeFields: [' phone , ,address', ''] })).toEqual(['phone', 'address']);
  });

  it('accepts every value of the enumeration', () => {
    expect(parseStoreJoins({ includeFields: [STORE_JOINS.join(',')] })).toEqual([...STORE_JOINS]);
  });

  it('refuses unknown values with one violation each, naming the parameter that carried it', () => {
    const e = failure({ includeFields: ['phone,nope,nope'], includeField: ['Phone', 'emailAddress'] });
    expect(e.status).toBe(400);
    expect(e.kind).toBe('validation');
    expect(e.violations).toEqual([
      expect.objectContaining({
        location: 'query',
        path: ['includeFields'],
        code: 'INVALID_VALUE',
        value: 'nope',
      }),
      expect.objectContaining({
        location: 'query',
        path: ['includeField'],
        code: 'INVALID_VALUE',
        value: 'Phone',
      }),
      expect.objectContaining({
        location: 'query',
        path: ['includeField'],
        code: 'INVALID_VALUE',
        value: 'emailAddress',
      }),
    ]);
    expect(e.message).toContain('"nope", "Phone", "emailAddress"');
    expect(e.message).toContain(STORE_JOINS.join(', '));
  });
});
