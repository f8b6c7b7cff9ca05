import fc from 'fast-check';
import { MAX_LIST_CURSOR_LENGTH, SignedListCursors, decodeListCursor, encodeListCursor } from './list-cursor';

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

describe('signed list cursors', () => {
  const secret = Buffer.alloc(32, 7);
  const cursors = new SignedListCursors(secret, 'list');
  const digits = fc.stringMatching(/^\d{1,19}$/);

  it('are `part.part.mac` and give back the parts for the same secret, label and binding', () => {
    fc.assert(
      fc.property(fc.array(digits, { minLength: 1, maxLength: 3 }), fc.string(), (parts, binding) => {
        const token = cursors.encode(parts, binding);
        expect(token).toMatch(new RegExp(`^${parts.join('\\.')}\\.[A-Za-z0-9_-]{22}$`));
        expect(cursors.decode(token, binding, parts.length)).toEqual(parts);
      }),
      SEED,
    );
  });

  it('refuse another binding, label or secret, the wrong arity, and every cut or changed character', () => {
    const token = cursors.encode(['1772359500123', '4242'], 'q');
    expect(cursors.decode(token, 'q2', 2)).toBeUndefined();
    expect(new SignedListCursors(secret, 'other').decode(token, 'q', 2)).toBeUndefined();
    expect(new SignedListCursors(Buffer.alloc(32, 8), 'list').decode(token, 'q', 2)).toBeUndefined();
    expect(cursors.decode(token, 'q', 1)).toBeUndefined();
    expect(cursors.decode(`9${token}`, 'q', 2)).toBeUndefined();
    for (let i = 0; i < token.length; i++) {
      expect(cursors.decode(token.slice(0, i), 'q', 2)).toBeUndefined();
      for (const char of 'AQgw09-_.')
        if (token[i] !== char)
          expect(cursors.decode(`${token.slice(0, i)}${char}${token.slice(i + 1)}`, 'q', 2)).toBeUndefined();
    }
  });

  it('never throw on input, refuse anything above the length limit, and need a secret', () => {
    fc.assert(
      fc.property(fc.anything(), (input) => {
        expect(() => cursors.decode(input, 'x', 2)).not.toThrow();
      }),
      SEED,
    );
    const long = cursors.encode(['1'.repeat(250), '2'.repeat(250)], 'x');
    expect(long.length).toBeGreaterThan(MAX_LIST_CURSOR_LENGTH);
    expect(cursors.decode(long, 'x', 2)).toBeUndefined();
    expect(() => cursors.encode(['a.b'], 'x')).toThrow();
    expect(() => cursors.encode([''], 'x')).toThrow();
    expect(() => new SignedListCursors(Buffer.alloc(0), 'list')).toThrow();
  });
});
