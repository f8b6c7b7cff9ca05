import fc from 'fast-check';
import { MAX_LIST_CURSOR_LENGTH, decodeListCursor, encodeListCursor } from './list-cursor';

const part = fc.oneof(
  fc.uuid(),
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
  fc.string({ maxLength: 60, unit: 'grapheme' }).filter((s) => !s.includes('\u0000')),
);
const SEED = { seed: 1414, numRuns: 300 };

describe('list cursor codec', () => {
  it('gives back the parts of a token made for the same binding', () => {
    fc.assert(
      fc.property(fc.array(part, { minLength: 1, maxLength: 4 }), fc.string(), (parts, binding) => {
        expect(decodeListCursor(encodeListCursor(parts, binding), binding, parts.length)).toEqual(parts);
      }),
      SEED,
    );
  });

  it('refuses a token made for another binding (another list, query or store)', () => {
    fc.assert(
      fc.property(fc.array(part, { minLength: 1, maxLength: 3 }), fc.string(), fc.string(), (parts, a, b) => {
        fc.pre(a !== b);
        expect(decodeListCursor(encodeListCursor(parts, a), b, parts.length)).toBeUndefined();
      }),
      SEED,
    );
  });

  it('refuses every truncation and every one-character change of a real token', () => {
    fc.assert(
      fc.property(
        fc.array(part, { minLength: 2, maxLength: 3 }),
        fc.nat(),
        fc.constantFrom(...'AZaz09-_.+/=%'),
        (parts, at, char) => {
          const token = encodeListCursor(parts, 'list');
          const i = at % token.length;
          expect(decodeListCursor(token.slice(0, i), 'list', parts.length)).toBeUndefined();
          fc.pre(token[i] !== char);
          const flipped = `${token.slice(0, i)}${char}${token.slice(i + 1)}`;
          expect(decodeListCursor(flipped, 'list', parts.length)).toBeUndefined();
        },
      ),
      SEED,
    );
  });

  it('refuses the wrong arity, non-strings, NUL, lone surrogates and nulls unless allowed', () => {
    expect(decodeListCursor(encodeListCursor(['a', 'b'], 'x'), 'x', 3)).toBeUndefined();
    for (const bad of [
      [1, 'b'],
      ['a\u0000', 'b'],
      ['\ud800', 'b'],
      [{}, 'b'],
    ])
      expect(decodeListCursor(encodeListCursor(bad as string[], 'x'), 'x', 2)).toBeUndefined();
    const withNull = encodeListCursor([null, 'b'], 'x');
    expect(decodeListCursor(withNull, 'x', 2)).toBeUndefined();
    expect(decodeListCursor(withNull, 'x', 2, { nullable: true })).toEqual([null, 'b']);
  });

  it('never throws, whatever the input, and refuses anything above the length limit', () => {
    fc.assert(
      fc.property(fc.anything(), (input) => {
        expect(() => decodeListCursor(input, 'x', 2)).not.toThrow();
      }),
      SEED,
    );
    const long = encodeListCursor(['x'.repeat(200), 'y'.repeat(200)], 'x');
    expect(long.length).toBeGreaterThan(MAX_LIST_CURSOR_LENGTH);
    expect(decodeListCursor(long, 'x', 2)).toBeUndefined();
  });
});
