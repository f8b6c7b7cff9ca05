import { PlatformError } from '@platform/errors';
import { CustomerState, mergeCustomer, newCustomerState, primaryEmailOf, sameState } from './customer-rules';

const base: CustomerState = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  organization: 'Org',
  jobTitle: null,
  nickname: 'Nick',
  externalIdentifier: null,
  emails: [{ email: 'ada@example.com', default: false }],
  phones: [{ phone: '5551234', label: 'home', default: true }],
  addresses: [{ city: 'London', country: 'GB' }],
};

function violationsOf(fn: () => unknown): unknown[] {
  try {
    fn();
  } catch (e) {
    return [...(e as PlatformError).violations];
  }
  return [];
}

describe('newCustomerState', () => {
  it('stores absent optional members as null and lists as empty, with default always a boolean', () => {
    expect(
      newCustomerState({ firstName: 'A', lastName: 'B', emails: [{ email: 'a@b.co', label: 'w' }] }),
    ).toEqual({
      firstName: 'A',
      lastName: 'B',
      organization: null,
      jobTitle: null,
      nickname: null,
      externalIdentifier: null,
      emails: [{ email: 'a@b.co', label: 'w', default: false }],
      phones: [],
      addresses: [],
    });
  });

  it('reports every cross-field problem at once with JSON-pointer paths', () => {
    const violations = violationsOf(() =>
      newCustomerState({
        firstName: 'A',
        lastName: 'B',
        emails: [
          { email: 'a@b.co', default: true },
          { email: 'A@b.co', default: true },
        ],
        phones: [{ phone: '5551234' }, { phone: '5551234' }],
        addresses: [{ label: 'empty' }],
      }),
    );
    expect(violations).toEqual([
      expect.objectContaining({ path: ['emails', 1, 'default'], code: 'INVALID_VALUE' }),
      expect.objectContaining({ path: ['emails', 1, 'email'], code: 'INVALID_VALUE' }),
      expect.objectContaining({ path: ['phones', 1, 'phone'], code: 'INVALID_VALUE' }),
      expect.objectContaining({ path: ['addresses', 0], code: 'REQUIRED' }),
    ]);
  });
});

describe('mergeCustomer (RFC 7386)', () => {
  it('leaves absent members alone', () => {
    expect(mergeCustomer(base, {})).toEqual(base);
  });

  it('replaces present members, arrays whole', () => {
    const next = mergeCustomer(base, { firstName: 'Augusta', phones: [{ phone: '5559999' }] });
    expect(next).toEqual({ ...base, firstName: 'Augusta', phones: [{ phone: '5559999', default: false }] });
  });

  it('clears optional members set to null; null lists become empty', () => {
    expect(
      mergeCustomer(base, { organization: null, nickname: null, emails: null, addresses: null }),
    ).toEqual({
      ...base,
      organization: null,
      nickname: null,
      emails: [],
      addresses: [],
    });
  });

  it('checks the merged result', () => {
    expect(
      violationsOf(() =>
        mergeCustomer(base, {
          emails: [
            { email: 'x@y.z', default: true },
            { email: 'p@q.r', default: true },
          ],
        }),
      ),
    ).toEqual([expect.objectContaining({ path: ['emails', 1, 'default'] })]);
  });
});

describe('primaryEmailOf', () => {
  it('is the default e-mail, else the first, in lower case; null without e-mails', () => {
    expect(
      primaryEmailOf([
        { email: 'A@x.io', default: false },
        { email: 'B@X.io', default: true },
      ]),
    ).toBe('b@x.io');
    expect(
      primaryEmailOf([
        { email: 'A@x.io', default: false },
        { email: 'B@X.io', default: false },
      ]),
    ).toBe('a@x.io');
    expect(primaryEmailOf([])).toBeNull();
  });
});

describe('sameState', () => {
  it('ignores member order inside contact points (jsonb does not keep it)', () => {
    const reordered = { ...base, phones: [{ default: true, label: 'home', phone: '5551234' }] };
    expect(sameState(base, reordered)).toBe(true);
    expect(sameState(base, { ...base, nickname: 'Other' })).toBe(false);
  });
});
