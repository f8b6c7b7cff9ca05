/**
 * The host's packet filter for sandboxed apps with internet egress (nftables, one table that each
 * worker replaces atomically with the same content). Every app's veth starts with
 * `APP_LINK_PREFIX` on the host side, so one wildcard rule set covers every app of every worker.
 *
 * - input: nothing an app sends reaches the host itself (any of its addresses, any port: the
 *   platform's services, workers, PostgreSQL and Redis on this host).
 * - forward: answers to an app's own connections come back; nothing else may open a connection to
 *   an app; an app reaches DNS on the host's resolvers and otherwise any IPv4 address outside the
 *   denied set (loopback, link-local and metadata, private and shared ranges, the host's own
 *   subnets, the addresses of DATABASE_URL and REDIS_URL, the app links, which keeps apps apart),
 *   or nothing at all with egress `none`. IPv6 is not forwarded (the veths carry none).
 * - postrouting: what leaves is masqueraded behind the host's address.
 */

export const NFT_TABLE = 'dp_hosting';
/** Host-side names of the apps' veths: `dph<index>`; the sandbox side is `dpc<index>`. */
export const APP_LINK_PREFIX = 'dph';
export const SANDBOX_LINK_PREFIX = 'dpc';
/** Every app link is a /30 of this range. */
export const APP_LINK_RANGE = '10.213.0.0/16';
export const APP_LINK_SLOTS = 16384;

/** Never reachable from an app, whatever the configuration adds. */
export const ALWAYS_DENIED: readonly string[] = [
  '0.0.0.0/8',
  '10.0.0.0/8',
  '100.64.0.0/10',
  '127.0.0.0/8',
  '169.254.0.0/16',
  '172.16.0.0/12',
  '192.168.0.0/16',
  '224.0.0.0/4',
  '240.0.0.0/4',
  APP_LINK_RANGE,
];

export interface EgressRulesInput {
  egress: 'internet' | 'none';
  /** More IPv4 addresses or CIDRs to deny (platform hosts, the host's subnets, configuration). */
  denied: readonly string[];
  /** IPv4 nameservers apps may query on port 53 (the host's resolv.conf). */
  resolvers: readonly string[];
}

const IPV4_CIDR = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})(?:\/(\d{1,2}))?$/;

/** Whether `value` is an IPv4 address or CIDR (each octet ≤ 255, prefix ≤ 32). */
export function isIpv4Cidr(value: string): boolean {
  const match = IPV4_CIDR.exec(value);
  if (!match) return false;
  const octets = match.slice(1, 5).map(Number);
  const prefix = match[5] === undefined ? 32 : Number(match[5]);
  return octets.every((o) => o <= 255) && prefix <= 32;
}

/** The nft script (for `nft -f -`) that installs the table, replacing an earlier version of it. */
export function egressRuleset(input: EgressRulesInput): string {
  const denied = [...new Set([...ALWAYS_DENIED, ...input.denied])];
  for (const entry of [...denied, ...input.resolvers]) {
    if (!isIpv4Cidr(entry)) throw new Error(`not an IPv4 address or CIDR: ${entry}`);
  }
  const app = `iifname "${APP_LINK_PREFIX}*"`;
  const resolvers = input.resolvers.length
    ? [
        `    ${app} ip daddr { ${input.resolvers.join(', ')} } udp dport 53 accept`,
        `    ${app} ip daddr { ${input.resolvers.join(', ')} } tcp dport 53 accept`,
      ]
    : [];
  return [
    // Declaring then deleting makes the replace work whether or not the table exists yet; the
    // whole script is one transaction.
    `table inet ${NFT_TABLE}`,
    `delete table inet ${NFT_TABLE}`,
    `table inet ${NFT_TABLE} {`,
    '  set denied4 {',
    '    type ipv4_addr',
    '    flags interval',
    '    auto-merge',
    `    elements = { ${denied.join(', ')} }`,
    '  }',
    '  chain input {',
    '    type filter hook input priority filter - 10; policy accept;',
    `    ${app} drop`,
    '  }',
    '  chain forward {',
    '    type filter hook forward priority filter - 10; policy accept;',
    `    oifname "${APP_LINK_PREFIX}*" ct state established,related accept`,
    `    oifname "${APP_LINK_PREFIX}*" drop`,
    `    ${app} meta nfproto ipv6 drop`,
    ...(input.egress === 'internet' ? resolvers : []),
    `    ${app} ip daddr @denied4 drop`,
    `    ${app} ${input.egress === 'internet' ? 'accept' : 'drop'}`,
    '  }',
    '  chain postrouting {',
    '    type nat hook postrouting priority srcnat; policy accept;',
    `    ip saddr ${APP_LINK_RANGE} oifname != "${APP_LINK_PREFIX}*" masquerade`,
    '  }',
    '}',
    '',
  ].join('\n');
}

/** The addresses of app link `index`: the host side `.1`, the sandbox side `.2` of its /30. */
export function appLinkAddresses(index: number): { host: string; sandbox: string; prefix: number } {
  if (!Number.isInteger(index) || index < 0 || index >= APP_LINK_SLOTS)
    throw new Error(`app link index out of range: ${index}`);
  const base = index * 4;
  const third = Math.floor(base / 256);
  const fourth = base % 256;
  return { host: `10.213.${third}.${fourth + 1}`, sandbox: `10.213.${third}.${fourth + 2}`, prefix: 30 };
}
