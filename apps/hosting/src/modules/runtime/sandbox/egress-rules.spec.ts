import { ALWAYS_DENIED, APP_LINK_SLOTS, appLinkAddresses, egressRuleset, isIpv4Cidr } from './egress-rules';

describe('egress rules (nftables)', () => {
  it('replaces one table: input from app links dropped, forward by egress, masquerade out', () => {
    const rules = egressRuleset({ egress: 'internet', denied: ['198.51.100.7'], resolvers: ['192.0.2.53'] });
    expect(rules.startsWith('table inet dp_hosting\ndelete table inet dp_hosting\n')).toBe(true);
    expect(rules).toContain('iifname "dph*" drop'); // input: nothing of the host
    expect(rules).toContain('oifname "dph*" ct state established,related accept');
    expect(rules).toContain('oifname "dph*" drop'); // nobody opens a connection to an app
    expect(rules).toContain('iifname "dph*" meta nfproto ipv6 drop');
    expect(rules).toContain('iifname "dph*" ip daddr { 192.0.2.53 } udp dport 53 accept');
    expect(rules).toContain('iifname "dph*" ip daddr @denied4 drop');
    expect(rules).toMatch(/iifname "dph\*" accept\n {2}\}/);
    expect(rules).toContain('ip saddr 10.213.0.0/16 oifname != "dph*" masquerade');
    for (const cidr of [...ALWAYS_DENIED, '198.51.100.7']) expect(rules).toContain(cidr);
    // DNS is allowed before the denied set, so a resolver on a private address still answers.
    expect(rules.indexOf('dport 53 accept')).toBeLessThan(rules.indexOf('@denied4 drop'));
  });

  it('egress none: app links forward nothing, not even DNS', () => {
    const rules = egressRuleset({ egress: 'none', denied: [], resolvers: ['192.0.2.53'] });
    expect(rules).not.toContain('dport 53');
    expect(rules).toMatch(/iifname "dph\*" drop\n {2}\}\n {2}chain postrouting/);
  });

  it('refuses anything that is not an IPv4 address or CIDR (nothing reaches nft unchecked)', () => {
    expect(() =>
      egressRuleset({ egress: 'internet', denied: ['10.0.0.0/8; flush ruleset'], resolvers: [] }),
    ).toThrow(/not an IPv4/);
    expect(() => egressRuleset({ egress: 'internet', denied: [], resolvers: ['::1'] })).toThrow(
      /not an IPv4/,
    );
    expect(isIpv4Cidr('256.1.1.1')).toBe(false);
    expect(isIpv4Cidr('1.2.3.4/33')).toBe(false);
    expect(isIpv4Cidr('1.2.3.4/32')).toBe(true);
  });

  it('gives every link index its own /30', () => {
    expect(appLinkAddresses(0)).toEqual({ host: '10.213.0.1', sandbox: '10.213.0.2', prefix: 30 });
    expect(appLinkAddresses(65)).toEqual({ host: '10.213.1.5', sandbox: '10.213.1.6', prefix: 30 });
    expect(appLinkAddresses(APP_LINK_SLOTS - 1)).toEqual({
      host: '10.213.255.253',
      sandbox: '10.213.255.254',
      prefix: 30,
    });
    expect(() => appLinkAddresses(APP_LINK_SLOTS)).toThrow(/out of range/);
  });
});
