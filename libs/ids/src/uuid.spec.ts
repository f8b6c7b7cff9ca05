import fc from 'fast-check';
import { UUID_PATTERN, isUuid, isVersionedUuid } from './uuid';

const SEED = { seed: 1414, numRuns: 300 };

describe('isUuid', () => {
  it('accepts 8-4-4-4-12 hex digits in either case, of any version and variant', () => {
    fc.assert(
      fc.property(fc.uuid(), fc.boolean(), (id, upper) => {
        const value = upper ? id.toUpperCase() : id;
        expect(isUuid(value)).toBe(true);
        expect(UUID_PATTERN.test(value)).toBe(true);
      }),
      SEED,
    );
    expect(isUuid('00000000-0000-0000-0000-000000000000')).toBe(true);
    expect(isUuid('5f0c2a8e-6b1d-0c3f-ce7a-1d2b3c4d5e6f')).toBe(true);
  });

  it('refuses a uuid with a character dropped, added or changed to a non-hex one', () => {
    fc.assert(
      fc.property(fc.uuid(), fc.nat(35), fc.constantFrom('g', 'Z', ' ', '{', '\n'), (id, at, char) => {
        expect(isUuid(id.slice(0, at) + id.slice(at + 1))).toBe(false);
        expect(isUuid(id.slice(0, at) + 'a' + id.slice(at))).toBe(false);
        expect(isUuid(id.slice(0, at) + char + id.slice(at + 1))).toBe(false);
        expect(isUuid(id.slice(0, at) + (id[at] === '-' ? 'a' : '-') + id.slice(at + 1))).toBe(false);
      }),
      SEED,
    );
    expect(isUuid('')).toBe(false);
    expect(isUuid('5f0c2a8e6b1d4c3f9e7a1d2b3c4d5e6f')).toBe(false);
    expect(isUuid('5f0c2a8e-6b1d-4c3f-9e7a-1d2b3c4d5e6f\n')).toBe(false);
  });
});

describe('isVersionedUuid', () => {
  it("accepts every uuid of RFC 9562's layout (versions 1 to 8, variant 10), in either case", () => {
    fc.assert(
      fc.property(
        fc.uuid(),
        fc.integer({ min: 1, max: 8 }),
        fc.constantFrom('8', '9', 'a', 'b'),
        fc.boolean(),
        (id, version, variant, upper) => {
          const value = `${id.slice(0, 14)}${version}${id.slice(15, 19)}${variant}${id.slice(20)}`;
          expect(isVersionedUuid(upper ? value.toUpperCase() : value)).toBe(true);
          expect(isUuid(value)).toBe(true);
        },
      ),
      SEED,
    );
  });

  it('refuses what isUuid takes but RFC 9562 does not generate: version 0 or 9-f, another variant, the nil uuid', () => {
    fc.assert(
      fc.property(
        fc.uuid(),
        fc.constantFrom('0', '9', 'c', 'f'),
        fc.constantFrom('0', '7', 'c', 'f'),
        (id, version, variant) => {
          const badVersion = `${id.slice(0, 14)}${version}${id.slice(15)}`;
          const badVariant = `${id.slice(0, 14)}4${id.slice(15, 19)}${variant}${id.slice(20)}`;
          expect([isUuid(badVersion), isVersionedUuid(badVersion)]).toEqual([true, false]);
          expect([isUuid(badVariant), isVersionedUuid(badVariant)]).toEqual([true, false]);
        },
      ),
      SEED,
    );
    expect(isVersionedUuid('00000000-0000-0000-0000-000000000000')).toBe(false);
    expect(isVersionedUuid('5f0c2a8e-6b1d-4c3f-9e7a-1d2b3c4d5e6f\n')).toBe(false);
  });
});
