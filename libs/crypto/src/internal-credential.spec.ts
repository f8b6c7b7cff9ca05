import { deriveInternalCredential } from './internal-credential';

describe('deriveInternalCredential', () => {
  const key = Buffer.alloc(32, 7);

  it('is stable for one key, differs between keys, and is not the key', () => {
    const credential = deriveInternalCredential(key);
    expect(credential).toMatch(/^[0-9a-f]{64}$/);
    expect(deriveInternalCredential(Buffer.from(key))).toBe(credential);
    expect(deriveInternalCredential(Buffer.alloc(32, 8))).not.toBe(credential);
    expect(credential).not.toBe(key.toString('hex'));
  });

  it('refuses a key that is not 32 bytes (the gateway loads none)', () => {
    expect(() => deriveInternalCredential(Buffer.alloc(0))).toThrow(/32-byte/);
  });
});
