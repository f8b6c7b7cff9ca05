import ipaddr from 'ipaddr.js';

/**
 * One entry of an allow or deny list: a host (DNS name or IP address, canonical form) and, when the
 * entry names one, a port. Without a port the entry stands for every port of the host.
 */
export interface OutboundTarget {
  readonly host: string;
  readonly port?: number;
}

/**
 * The canonical form of a host as the policy compares it: IP addresses as ipaddr.js prints them
 * (IPv6 compressed, no brackets, an IPv4-mapped IPv6 address as its IPv4 address); DNS names lower
 * case without a trailing dot, after the WHATWG URL host parser (so `127.1`, `0x7f.0.0.1` and
 * `2130706433` are all `127.0.0.1`, exactly as `new URL()` sees them in a request URL).
 */
export function canonicalHost(host: string): string {
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  if (ipaddr.isValid(bare) && bare.includes(':')) return canonicalAddress(bare);
  let parsed: string;
  try {
    parsed = new URL(`http://${bare.includes(':') ? `[${bare}]` : bare}/`).hostname;
  } catch {
    throw new Error(`not a host: ${JSON.stringify(host)}`);
  }
  const unbracketed = parsed.startsWith('[') ? parsed.slice(1, -1) : parsed;
  if (ipaddr.isValid(unbracketed)) return canonicalAddress(unbracketed);
  return unbracketed.replace(/\.$/, '');
}

/** An IP address in canonical form; an IPv4-mapped IPv6 address becomes its IPv4 address. */
export function canonicalAddress(address: string): string {
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    return (parsed as ipaddr.IPv6).toIPv4Address().toString();
  }
  return parsed.toString();
}

/** `host:port` as the policy prints it (IPv6 in brackets). */
export function formatTarget(target: OutboundTarget): string {
  const host = target.host.includes(':') ? `[${target.host}]` : target.host;
  return target.port === undefined ? host : `${host}:${target.port}`;
}

const PORT = /^[0-9]{1,5}$/;

/** One entry: `host`, `host:port`, `1.2.3.4:80`, `[::1]:443`, `[::1]`, `::1`. */
export function parseOutboundTarget(entry: string): OutboundTarget {
  const text = entry.trim().toLowerCase();
  if (text === '') throw new Error('empty outbound target');
  let hostPart = text;
  let portPart: string | undefined;
  if (text.startsWith('[')) {
    const close = text.indexOf(']');
    if (close < 0) throw new Error(`unclosed [ in outbound target ${JSON.stringify(entry)}`);
    hostPart = text.slice(0, close + 1);
    const rest = text.slice(close + 1);
    if (rest !== '') {
      if (!rest.startsWith(':'))
        throw new Error(`unexpected ${JSON.stringify(rest)} in outbound target ${entry}`);
      portPart = rest.slice(1);
    }
  } else if (ipaddr.IPv6.isValid(text)) {
    hostPart = text; // a bare IPv6 address: no port (write [::1]:443 for one)
  } else {
    const colon = text.lastIndexOf(':');
    if (colon >= 0) {
      hostPart = text.slice(0, colon);
      portPart = text.slice(colon + 1);
    }
  }
  let port: number | undefined;
  if (portPart !== undefined) {
    port = Number(portPart);
    if (!PORT.test(portPart) || port < 1 || port > 65535) {
      throw new Error(`bad port ${JSON.stringify(portPart)} in outbound target ${JSON.stringify(entry)}`);
    }
  }
  if (hostPart === '' || hostPart === '[]' || /[/?#@\\\s]/.test(hostPart)) {
    throw new Error(`bad host in outbound target ${JSON.stringify(entry)}`);
  }
  return port === undefined ? { host: canonicalHost(hostPart) } : { host: canonicalHost(hostPart), port };
}

/**
 * The setting string of an allow or deny list, e.g. `OUTBOUND_ALLOW=127.0.0.1:4567,hooks.example:443`:
 * entries separated by commas (whitespace around them ignored, empty entries skipped). Unset or
 * empty is an empty list. A malformed entry throws, naming it, so a config schema fails at boot.
 */
export function parseOutboundTargets(setting: string | undefined): OutboundTarget[] {
  if (setting === undefined) return [];
  return setting
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
    .map(parseOutboundTarget);
}
