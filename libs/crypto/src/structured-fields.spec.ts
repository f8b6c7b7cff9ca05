import {
  SfToken,
  isInnerList,
  parseSfDictionary,
  serializeSfInnerList,
  serializeSfString,
} from './structured-fields';

describe('parseSfDictionary', () => {
  it('reads a Signature-Input member: an inner list of strings with parameters', () => {
    const member = parseSfDictionary('sig1=("@method" "@path");created=1618884473;keyid="test-key"').get(
      'sig1',
    );
    expect(member && isInnerList(member)).toBe(true);
    if (!member || !isInnerList(member)) return;
    expect(member.items.map((i) => i.value)).toEqual(['@method', '@path']);
    expect([...member.params]).toEqual([
      ['created', 1618884473],
      ['keyid', 'test-key'],
    ]);
  });

  it('reads byte sequences, tokens, booleans and several members', () => {
    const dict = parseSfDictionary('a=:AQID:, b=jwks_uri;x=?0, c, d=-12');
    expect(dict.get('a')).toEqual({ value: new Uint8Array([1, 2, 3]), params: new Map() });
    expect(dict.get('b')).toEqual({ value: new SfToken('jwks_uri'), params: new Map([['x', false]]) });
    expect(dict.get('c')).toEqual({ value: true, params: new Map() });
    expect(dict.get('d')).toEqual({ value: -12, params: new Map() });
  });

  it('unescapes strings', () => {
    expect(parseSfDictionary('k="a\\"b\\\\c"').get('k')).toEqual({ value: 'a"b\\c', params: new Map() });
  });

  it.each([
    ['a trailing comma', 'a=1,'],
    ['an unclosed inner list', 'a=("x"'],
    ['an unclosed string', 'a="x'],
    ['a bad escape', 'a="\\x"'],
    ['an upper-case key', 'A=1'],
    ['bad base64', 'a=:*:'],
    ['junk after a member', 'a=1 b=2'],
  ])('refuses %s', (_what, input) => {
    expect(() => parseSfDictionary(input)).toThrow(/malformed structured field/);
  });
});

describe('serializing', () => {
  it('writes an inner list the way RFC 9421 prints @signature-params', () => {
    const list = {
      items: [
        { value: '@status', params: new Map() },
        { value: 'content-type', params: new Map() },
      ],
      params: new Map<string, string | number>([
        ['created', 1618884473],
        ['keyid', 'test-key-ecc-p256'],
      ]),
    };
    expect(serializeSfInnerList(list)).toBe(
      '("@status" "content-type");created=1618884473;keyid="test-key-ecc-p256"',
    );
  });

  it('escapes strings and refuses non-ASCII', () => {
    expect(serializeSfString('a"b\\')).toBe('"a\\"b\\\\"');
    expect(() => serializeSfString('é')).toThrow();
  });
});
