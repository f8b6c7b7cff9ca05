import { randomBytes } from 'node:crypto';
import { SecretBox } from './secret-box';

describe('SecretBox', () => {
  const box = new SecretBox(randomBytes(32));

  it('opens what it sealed, with the same associated data', () => {
    const sealed = box.seal('12-3456789', 'row-1');
    expect(box.open(sealed, 'row-1')).toBe('12-3456789');
  });

  it('never leaves the plaintext in the sealed bytes, and seals the same text differently each time', () => {
    const a = box.seal('123456789', 'row-1');
    const b = box.seal('123456789', 'row-1');
    expect(a.includes(Buffer.from('123456789'))).toBe(false);
    expect(a.equals(b)).toBe(false);
  });

  it('refuses other associated data, another key and tampered bytes', () => {
    const sealed = box.seal('secret', 'row-1');
    expect(() => box.open(sealed, 'row-2')).toThrow();
    expect(() => new SecretBox(randomBytes(32)).open(sealed, 'row-1')).toThrow();
    const tampered = Buffer.from(sealed);
    tampered[tampered.length - 1] ^= 1;
    expect(() => box.open(tampered, 'row-1')).toThrow();
    expect(() => box.open(Buffer.from([9, 9]), 'row-1')).toThrow('not a sealed value');
  });

  it('needs a 32-byte key', () => {
    expect(() => new SecretBox(Buffer.alloc(0))).toThrow('32-byte key');
  });

  it('names its key with a stable id that differs between keys and does not reveal the key', () => {
    const key = randomBytes(32);
    expect(new SecretBox(key).keyId).toBe(new SecretBox(Buffer.from(key)).keyId);
    expect(new SecretBox(key).keyId).toMatch(/^[0-9a-f]{16}$/);
    expect(new SecretBox(key).keyId).not.toBe(new SecretBox(randomBytes(32)).keyId);
    expect(key.toString('hex')).not.toContain(new SecretBox(key).keyId);
  });
});
