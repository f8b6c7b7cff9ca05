import { LineSplitter, TRUNCATION_MARK } from '../runtime/log-lines';
import { MIN_REDACTED_SECRET_LENGTH, SecretRedactor, secretMark } from './secret-redactor';

describe('SecretRedactor', () => {
  const redactor = SecretRedactor.of([
    { name: 'API_KEY', value: 'sk_live_0123456789' },
    { name: 'DB_PASSWORD', value: 'hunter2-pa$$(word)' },
  ]);

  it('replaces every occurrence of every value by [secret:NAME]', () => {
    expect(redactor.redact('key=sk_live_0123456789 pw=hunter2-pa$$(word) again sk_live_0123456789')).toBe(
      'key=[secret:API_KEY] pw=[secret:DB_PASSWORD] again [secret:API_KEY]',
    );
  });

  it('treats values as text, not as patterns (RegExp metacharacters are escaped)', () => {
    expect(redactor.redact('hunter2-pa$$(word)')).toBe('[secret:DB_PASSWORD]');
    expect(redactor.redact('hunter2-pa$$word')).toBe('hunter2-pa$$word');
  });

  it('returns a line without any value unchanged, and a set without values changes nothing', () => {
    expect(redactor.redact('nothing secret here')).toBe('nothing secret here');
    expect(SecretRedactor.of([]).redact('sk_live_0123456789')).toBe('sk_live_0123456789');
    expect(SecretRedactor.of([])).toBe(SecretRedactor.NONE);
  });

  it(`leaves values shorter than ${MIN_REDACTED_SECRET_LENGTH} characters alone`, () => {
    const short = SecretRedactor.of([
      { name: 'FLAG', value: 'yes' },
      { name: 'PIN', value: '4711' },
    ]);
    expect(short.size).toBe(1);
    expect(short.redact('yes: 4711')).toBe('yes: [secret:PIN]');
  });

  it('replaces the longer of two overlapping values whole', () => {
    const nested = SecretRedactor.of([
      { name: 'SHORT', value: 'abcd' },
      { name: 'LONG', value: 'abcdefgh' },
    ]);
    expect(nested.redact('abcdefgh abcd')).toBe('[secret:LONG] [secret:SHORT]');
  });

  it('names a value two secrets share after the first name in order', () => {
    const shared = SecretRedactor.of([
      { name: 'B_TOKEN', value: 'same-value' },
      { name: 'A_TOKEN', value: 'same-value' },
    ]);
    expect(shared.redact('same-value')).toBe('[secret:A_TOKEN]');
  });

  it('replaces each line of a multi-line value and its JSON-escaped form', () => {
    const pem = SecretRedactor.of([{ name: 'KEY', value: 'line-one-AAAA\nline-two-BBBB' }]);
    expect(pem.redact('line-two-BBBB')).toBe('[secret:KEY]');
    expect(pem.redact(JSON.stringify({ key: 'line-one-AAAA\nline-two-BBBB' }))).toBe(
      '{"key":"[secret:KEY]"}',
    );
    const quoted = SecretRedactor.of([{ name: 'Q', value: 'say "hi" now' }]);
    expect(quoted.redact(JSON.stringify({ q: 'say "hi" now' }))).toBe('{"q":"[secret:Q]"}');
  });

  it('keeps marks already in a line (a stored line redacted again when served)', () => {
    const word = SecretRedactor.of([{ name: 'S', value: 'secret' }]);
    const once = word.redact('a secret');
    expect(once).toBe(`a ${secretMark('S')}`);
    expect(word.redact(once)).toBe(once);
  });

  it('replaces the beginning of a value at the end of a line cut at its length limit', () => {
    const cut = `${'x'.repeat(20)}sk_live_01${TRUNCATION_MARK}`;
    expect(redactor.redact(cut)).toBe(`${'x'.repeat(20)}[secret:API_KEY]${TRUNCATION_MARK}`);
    // Fewer than the minimum characters of a value at the cut are not worth a mark.
    expect(redactor.redact(`xxxsk_${TRUNCATION_MARK}`)).toBe(`xxxsk_${TRUNCATION_MARK}`);
  });

  it('after line splitting, a value written across chunk boundaries is replaced (no part of it is left)', () => {
    const lines: string[] = [];
    const splitter = new LineSplitter((line) => lines.push(redactor.redact(line)), 64);
    for (const chunk of ['token sk_li', 've_01234', '56789 done\nnext ', 'line\n'])
      splitter.push(Buffer.from(chunk));
    // A line longer than the limit, cut inside the value: the kept part must not show its beginning.
    splitter.push(`${'y'.repeat(56)}sk_live_0123456789 and more\n`);
    splitter.end();
    expect(lines).toEqual([
      'token [secret:API_KEY] done',
      'next line',
      `${'y'.repeat(56)}[secret:API_KEY]${TRUNCATION_MARK}`,
    ]);
    expect(lines.join('\n')).not.toMatch(/sk_live_0/);
  });
});
