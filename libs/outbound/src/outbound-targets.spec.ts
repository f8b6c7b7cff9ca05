import { canonicalHost, formatTarget, parseOutboundTarget, parseOutboundTargets } from './outbound-targets';

describe('parseOutboundTargets (the OUTBOUND_ALLOW setting)', () => {
  it('reads host:port entries separated by commas', () => {
    expect(parseOutboundTargets('127.0.0.1:4567,hooks.example:443')).toEqual([
      { host: '127.0.0.1', port: 4567 },
      { host: 'hooks.example', port: 443 },
    ]);
  });

  it('ignores whitespace around entries and empty entries', () => {
    expect(parseOutboundTargets(' a.example:80 , ,b.example ,')).toEqual([
      { host: 'a.example', port: 80 },
      { host: 'b.example' },
    ]);
  });

  it('is an empty list when unset or empty', () => {
    expect(parseOutboundTargets(undefined)).toEqual([]);
    expect(parseOutboundTargets('')).toEqual([]);
    expect(parseOutboundTargets(' , ')).toEqual([]);
  });

  it('reads an entry without a port as every port of the host', () => {
    expect(parseOutboundTarget('hooks.internal')).toEqual({ host: 'hooks.internal' });
  });

  it('reads bracketed IPv6 with and without a port, and a bare IPv6 address as host only', () => {
    expect(parseOutboundTarget('[::1]:4567')).toEqual({ host: '::1', port: 4567 });
    expect(parseOutboundTarget('[::1]')).toEqual({ host: '::1' });
    expect(parseOutboundTarget('fd00::0001')).toEqual({ host: 'fd00::1' });
  });

  it('lower-cases names and drops a trailing dot', () => {
    expect(parseOutboundTarget('Hooks.Example.:8443')).toEqual({ host: 'hooks.example', port: 8443 });
  });

  it('canonicalizes addresses the way a request URL is canonicalized', () => {
    expect(parseOutboundTarget('127.1:80')).toEqual({ host: '127.0.0.1', port: 80 });
    expect(parseOutboundTarget('[::ffff:127.0.0.1]:80')).toEqual({ host: '127.0.0.1', port: 80 });
    expect(parseOutboundTarget('[0:0:0:0:0:0:0:1]')).toEqual({ host: '::1' });
  });

  it.each([
    ['a port out of range', 'hooks.example:0'],
    ['a port out of range', 'hooks.example:65536'],
    ['a port that is not a number', 'hooks.example:https'],
    ['an empty port', 'hooks.example:'],
    ['an empty host', ':443'],
    ['an unclosed bracket', '[::1:443'],
    ['text after the bracket', '[::1]x'],
    ['a URL instead of a host', 'https://hooks.example/x'],
    ['a space inside', 'hooks example:443'],
  ])('refuses %s (%s), naming the entry', (_what, entry) => {
    expect(() => parseOutboundTargets(`ok.example,${entry}`)).toThrow(/outbound target|not a host/);
  });
});

describe('canonicalHost', () => {
  it.each([
    ['2130706433', '127.0.0.1'],
    ['0x7f.0.0.1', '127.0.0.1'],
    ['[::1]', '::1'],
    ['[::ffff:a00:1]', '10.0.0.1'],
    ['EXAMPLE.com', 'example.com'],
    ['bücher.example', 'xn--bcher-kva.example'],
  ])('%s is %s', (host, canonical) => {
    expect(canonicalHost(host)).toBe(canonical);
  });
});

describe('formatTarget', () => {
  it('brackets IPv6 and leaves the port off a host-only entry', () => {
    expect(formatTarget({ host: '::1', port: 443 })).toBe('[::1]:443');
    expect(formatTarget({ host: 'hooks.example' })).toBe('hooks.example');
  });
});
