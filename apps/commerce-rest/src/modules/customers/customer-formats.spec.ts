import { isIsoCountry, isPersonName, isPhoneNumber } from './customer-formats';

describe('isPersonName', () => {
  it.each(['Ada', 'Zoë', "O'Brien", 'D’Angelo', 'Jean-Luc', 'J. R.', '李', 'Nguyễn', 'Mary Ann', 'x'])(
    'accepts %j',
    (name) => expect(isPersonName(name)).toBe(true),
  );

  it.each(['', ' Ada', 'Ada ', 'R2-D2', '-Ada', "'Ada", 'Ada!', 'Ada\nB', 'a_b', 42, null])(
    'refuses %j',
    (name) => expect(isPersonName(name)).toBe(false),
  );
});

describe('isPhoneNumber', () => {
  it.each(['+14155552671', '+442071838750', '+4930123456', '5551234', '0301234567', '1234'])(
    'accepts %j',
    (phone) => expect(isPhoneNumber(phone)).toBe(true),
  );

  it.each([
    '123',
    '+1415555',
    '+123456789012345678',
    '12345678901234567890',
    '555-1234',
    '(555) 1234',
    '++14155552671',
    '+',
    '',
    14155552671,
  ])('refuses %j', (phone) => expect(isPhoneNumber(phone)).toBe(false));
});

describe('isIsoCountry', () => {
  it.each(['US', 'GB', 'DE', 'FR', 'AQ', 'JP'])('accepts %j', (c) => expect(isIsoCountry(c)).toBe(true));
  it.each(['us', 'USA', 'XX', 'ZZ', 'AA', 'XK', 'QO', 'EU', 'UK', '', 1])('refuses %j', (c) =>
    expect(isIsoCountry(c)).toBe(false),
  );
});
