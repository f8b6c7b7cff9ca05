import { ConfigError, integer, matching, oneOf, positiveInteger, positiveNumber, url } from './env-readers';

const named = (variable: string) => new RegExp(`^invalid configuration: ${variable} `);

describe('env readers', () => {
  it('fall back when a variable is unset or empty', () => {
    for (const env of [{}, { V: '' }]) {
      expect(integer(env, 'V', 7, 0, 10)).toBe(7);
      expect(positiveInteger(env, 'V', 8)).toBe(8);
      expect(positiveNumber(env, 'V', 1.5)).toBe(1.5);
      expect(oneOf(env, 'V', ['a', 'b'], 'b')).toBe('b');
      expect(matching(env, 'V', 'abc', /^[a-z]+$/, 'lower case')).toBe('abc');
      expect(url(env, 'V', 'http://x', ['http:'])).toBe('http://x');
    }
  });

  it('read a good value', () => {
    expect(integer({ V: '10' }, 'V', 7, 0, 10)).toBe(10);
    expect(positiveInteger({ V: '52428800' }, 'V', 8)).toBe(52_428_800);
    expect(positiveNumber({ V: '2.5' }, 'V', 1)).toBe(2.5);
    expect(oneOf({ V: 'a' }, 'V', ['a', 'b'], 'b')).toBe('a');
    expect(matching({ V: 'xyz' }, 'V', 'abc', /^[a-z]+$/, 'lower case')).toBe('xyz');
    expect(url({ V: 'https://y' }, 'V', 'http://x', ['http:', 'https:'])).toBe('https://y');
  });

  it.each([
    ['integer', () => integer({ V: '11' }, 'V', 7, 0, 10), 'must be between 0 and 10, got 11'],
    ['integer', () => integer({ V: 'soon' }, 'V', 7, 0, 10), 'must be an integer, got "soon"'],
    ['positiveInteger', () => positiveInteger({ V: '0' }, 'V', 8), 'must be a positive integer, got "0"'],
    ['positiveInteger', () => positiveInteger({ V: '1.5' }, 'V', 8), 'must be a positive integer, got "1.5"'],
    ['positiveInteger', () => positiveInteger({ V: '-3' }, 'V', 8), 'must be a positive integer, got "-3"'],
    ['positiveNumber', () => positiveNumber({ V: '-1' }, 'V', 1), 'must be a positive number, got "-1"'],
    ['oneOf', () => oneOf({ V: 'c' }, 'V', ['a', 'b'], 'b'), 'must be one of a, b, got "c"'],
    [
      'matching',
      () => matching({ V: 'X_Y' }, 'V', 'abc', /^[a-z]+$/, 'lower case'),
      'must be lower case, got "X_Y"',
    ],
    ['url', () => url({ V: 'ftp://x' }, 'V', 'http://x', ['http:']), 'must use http:, got "ftp:"'],
  ])('%s names the variable of a bad value', (_reader, read, detail) => {
    expect(read).toThrow(ConfigError);
    expect(read).toThrow(named('V'));
    expect(read).toThrow(`invalid configuration: V ${detail}`);
  });
});
