import ipaddr from 'ipaddr.js';

/** 2000::/3, the only IPv6 block handed out for the public Internet. */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

/**
 * Why an address may not be the target of a call to a customer- or agent-given URL, or null when
 * it is an ordinary public unicast address. The answer is ipaddr.js's range name (2.5.0):
 *
 * - IPv4: `private` (10/8, 172.16/12, 192.168/16), `carrierGradeNat` (100.64/10), `loopback`
 *   (127/8), `linkLocal` (169.254/16, cloud metadata 169.254.169.254 included), `unspecified`
 *   (0/8), `broadcast`, `multicast` (224/4), `reserved` (192.0.0/24, documentation nets,
 *   198.18/15, 240/4 …), `as112`, `amt`. Only `unicast` passes.
 * - IPv4-mapped IPv6 (::ffff:a.b.c.d) is judged as the IPv4 address it carries, so
 *   ::ffff:127.0.0.1 is `loopback` and ::ffff:8.8.8.8 passes.
 * - IPv6: `loopback` (::1), `unspecified` (::), `linkLocal` (fe80::/10), `uniqueLocal` (fc00::/7),
 *   `multicast`, the translation and tunnel forms that embed an IPv4 address (NAT64 64:ff9b::/96,
 *   6to4 2002::/16, Teredo, IPv4-compatible ::a.b.c.d …) and everything outside 2000::/3
 *   (`notGlobalUnicast`). Deny by default: only ipaddr's `unicast` inside 2000::/3 passes.
 */
export function forbiddenRange(address: string): string | null {
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  const range = parsed.range();
  if (range !== 'unicast') return range;
  if (parsed.kind() === 'ipv6' && !(parsed as ipaddr.IPv6).match(GLOBAL_UNICAST_V6))
    return 'notGlobalUnicast';
  return null;
}
