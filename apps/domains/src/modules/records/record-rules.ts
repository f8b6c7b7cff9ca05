import { isIPv4, isIPv6 } from 'node:net';
import { ViolationCode } from '@platform/errors';
import { DNS_RECORD_TYPES, DnsRecordType } from './dns-record.entity';
import { APEX, hostName, relativeName } from './record-names';

export const MIN_TTL = 600;
export const MAX_TTL = 604_800;
export const DEFAULT_TTL = 3600;
export const MAX_TXT_LENGTH = 4096;
export const MAX_U16 = 65_535;

/** A record as a caller writes it (body item, or path type/name plus body item). */
export interface RecordInput {
  readonly type: string;
  readonly name: string;
  readonly data: string;
  readonly ttl?: number;
  readonly priority?: number;
  readonly port?: number;
  readonly weight?: number;
  readonly service?: string;
  readonly protocol?: string;
}

/** A record ready for the zone: canonical name (relative), canonical data, every column set. */
export interface ZoneRecordValue {
  readonly type: DnsRecordType;
  readonly name: string;
  readonly data: string;
  readonly ttl: number;
  readonly priority: number | null;
  readonly port: number | null;
  readonly weight: number | null;
  readonly service: string | null;
  readonly protocol: string | null;
}

export type RecordField = keyof RecordInput;

export interface RecordViolation {
  readonly field: RecordField;
  readonly code: string;
  readonly message: string;
}

export type RecordCheck =
  | { readonly ok: true; readonly record: ZoneRecordValue }
  | { readonly ok: false; readonly violations: readonly RecordViolation[] };

type NumberField = 'priority' | 'weight' | 'port';
type DataRule = (data: string) => string | { error: string };

interface TypeRule {
  /** The numeric fields the type carries (all required), with their lower bound. */
  readonly numbers: Partial<Record<NumberField, number>>;
  /** Why `name` (relative, canonical) cannot hold this type; undefined when it can. */
  readonly name?: (name: string) => string | undefined;
  readonly data: DataRule;
}

const UINT32_MAX = 4_294_967_295;
const HEX = /^(?:[0-9a-f]{2})+$/;
/** No control characters (DNS text is printable; tabs, newlines and NULs are not). */
const PRINTABLE = /^[^\p{Cc}]+$/u;
const SRV_NAME = /^_[a-z0-9][a-z0-9-]{0,61}\._(?:tcp|udp|tls|sctp)(?:\.|$)/;
const TLSA_NAME = /^_\d{1,5}\._(?:tcp|udp|sctp)(?:\.|$)/;
const SVC_PARAM = /^(?:no-default-alpn|(?:mandatory|alpn|port|ipv4hint|ech|ipv6hint|key\d{1,5})=\S+)$/;
const CAA = /^(\d{1,3}) (issue|issuewild|iodef) (\S.*)$/;

const host =
  (what: string): DataRule =>
  (data) =>
    hostName(data) ?? { error: `data must be a host name (${what})` };

function uint(raw: string, max: number): boolean {
  return /^\d{1,10}$/.test(raw) && Number(raw) <= max;
}

function soa(data: string): string | { error: string } {
  const parts = data.trim().split(/\s+/);
  const error = {
    error: 'data must be the SOA RDATA: mname rname serial refresh retry expire minimum',
  };
  if (parts.length !== 7) return error;
  const [mname, rname, ...numbers] = parts;
  const names = [hostName(mname), hostName(rname)];
  if (names.some((n) => n === undefined || n === APEX) || !numbers.every((n) => uint(n, UINT32_MAX)))
    return error;
  return [...names, ...numbers.map(Number)].join(' ');
}

function caa(data: string): string | { error: string } {
  const m = CAA.exec(data.trim());
  const error = { error: 'data must be "flags tag value", flags 0..255, tag issue, issuewild or iodef' };
  if (!m || Number(m[1]) > 255 || !PRINTABLE.test(m[3])) return error;
  const value = m[3].replace(/^"(.*)"$/, '$1');
  if (m[2] === 'iodef' && !/^(?:mailto:|https?:\/\/)\S+$/.test(value))
    return { error: 'an iodef CAA value must be a mailto: or http(s):// URL' };
  return `${Number(m[1])} ${m[2]} ${m[3]}`;
}

/** `target [key=value ...]` of HTTPS/SVCB (RFC 9460 presentation form after the SvcPriority). */
function svcb(data: string): string | { error: string } {
  const [target, ...params] = data.trim().split(/\s+/);
  const canonicalTarget = target === '.' ? '.' : hostName(target);
  if (canonicalTarget === undefined || canonicalTarget === APEX)
    return { error: 'data must be "target [params]" with target "." or a host name' };
  const bad = params.find((p) => !SVC_PARAM.test(p.toLowerCase()));
  if (bad !== undefined) return { error: `"${bad}" is not an SvcParam (alpn=, port=, ipv4hint=, …)` };
  return [canonicalTarget, ...params.map((p) => p.replace(/^[^=]+/, (k) => k.toLowerCase()))].join(' ');
}

function tlsa(data: string): string | { error: string } {
  const parts = data.trim().split(/\s+/);
  const error = { error: 'data must be "usage selector mtype hex", e.g. 3 0 1 <64 hex digits>' };
  if (parts.length !== 4) return error;
  const [usage, selector, mtype, raw] = parts;
  const hex = raw.toLowerCase();
  const digest = { '1': 64, '2': 128 }[mtype];
  if (!uint(usage, 3) || !uint(selector, 1) || !uint(mtype, 2) || !HEX.test(hex)) return error;
  if (digest !== undefined && hex.length !== digest)
    return { error: `a TLSA matching type ${mtype} takes ${digest} hex digits` };
  return [Number(usage), Number(selector), Number(mtype), hex].join(' ');
}

const notApex = (type: string) => (name: string) =>
  name === APEX ? `a ${type} record cannot be at the apex (@)` : undefined;

/** Per type: what its name may be, which numbers it carries, and what its data is. */
export const TYPE_RULES: Readonly<Record<DnsRecordType, TypeRule>> = {
  A: {
    numbers: {},
    data: (d) => (isIPv4(d.trim()) ? d.trim() : { error: 'data must be an IPv4 address' }),
  },
  AAAA: {
    numbers: {},
    data: (d) =>
      isIPv6(d.trim()) && !d.includes('%')
        ? d.trim().toLowerCase()
        : { error: 'data must be an IPv6 address' },
  },
  CNAME: { numbers: {}, name: notApex('CNAME'), data: host('the canonical name') },
  MX: { numbers: { priority: 0 }, data: host('the mail exchanger') },
  NS: { numbers: {}, data: host('the name server') },
  SOA: {
    numbers: {},
    name: (n) => (n === APEX ? undefined : 'an SOA record is only at the apex (@)'),
    data: soa,
  },
  SRV: {
    numbers: { priority: 0, weight: 0, port: 1 },
    name: (n) => (SRV_NAME.test(n) ? undefined : 'an SRV name is _service._proto[.name], e.g. _sip._tcp'),
    data: (d) => (d.trim() === '.' ? '.' : host('the target')(d)),
  },
  TXT: {
    numbers: {},
    data: (d) =>
      d.length >= 1 && d.length <= MAX_TXT_LENGTH && PRINTABLE.test(d)
        ? d
        : { error: `data must be 1 to ${MAX_TXT_LENGTH} printable characters` },
  },
  CAA: { numbers: {}, data: caa },
  HTTPS: { numbers: { priority: 0 }, data: svcb },
  SVCB: { numbers: { priority: 0 }, data: svcb },
  TLSA: {
    numbers: {},
    name: (n) => (TLSA_NAME.test(n) ? undefined : 'a TLSA name is _port._proto[.name], e.g. _443._tcp.www'),
    data: tlsa,
  },
};

export function isRecordType(type: string): type is DnsRecordType {
  return (DNS_RECORD_TYPES as readonly string[]).includes(type);
}

function violation(field: RecordField, code: string, message: string): RecordViolation {
  return { field, code, message };
}

function checkNumbers(
  type: DnsRecordType,
  input: RecordInput,
  out: RecordViolation[],
): Record<NumberField, number | null> {
  const carried = TYPE_RULES[type].numbers;
  const result: Record<NumberField, number | null> = { priority: null, weight: null, port: null };
  for (const field of ['priority', 'weight', 'port'] as const) {
    const value = input[field];
    const min = carried[field];
    if (min === undefined) {
      // Clients of the public API send 0 for "none" on every type; anything else means something.
      if (value !== undefined && value !== 0)
        out.push(violation(field, ViolationCode.INVALID_VALUE, `${type} records have no ${field}`));
    } else if (value === undefined) {
      out.push(violation(field, ViolationCode.REQUIRED, `${type} records need ${field}`));
    } else if (!Number.isInteger(value) || value < min || value > MAX_U16) {
      out.push(violation(field, ViolationCode.OUT_OF_RANGE, `${field} must be ${min} to ${MAX_U16}`));
    } else {
      result[field] = value;
    }
  }
  return result;
}

/** `_sip` of `_sip._tcp.voip`, checked against what the caller gave as service/protocol. */
function checkSrvLabels(name: string, input: RecordInput, out: RecordViolation[]): [string, string] {
  const [service, protocol] = name.split('.');
  for (const [field, label] of [
    ['service', service],
    ['protocol', protocol],
  ] as const) {
    const given = input[field];
    if (given !== undefined && given !== '' && `_${given.replace(/^_/, '')}`.toLowerCase() !== label)
      out.push(
        violation(field, ViolationCode.INVALID_VALUE, `${field} must match the name's label ${label}`),
      );
  }
  return [service, protocol];
}

/**
 * Checks one record against the rules of its type in `zone` and answers it in canonical form
 * (relative lower-case name, canonical data, TTL defaulted), or every violation, by field.
 */
export function checkRecord(zone: string, input: RecordInput): RecordCheck {
  const out: RecordViolation[] = [];
  const type = input.type;
  if (!isRecordType(type)) {
    return {
      ok: false,
      violations: [
        violation('type', ViolationCode.INVALID_VALUE, `type must be one of ${DNS_RECORD_TYPES.join(', ')}`),
      ],
    };
  }
  const rule = TYPE_RULES[type];
  const name = relativeName(zone, input.name);
  const nameError =
    name === undefined
      ? `name must be @ or labels of letters, digits, hyphens and underscores in ${zone}`
      : rule.name?.(name);
  if (nameError) out.push(violation('name', ViolationCode.INVALID_VALUE, nameError));
  const data = rule.data(input.data);
  if (typeof data !== 'string') out.push(violation('data', ViolationCode.INVALID_FORMAT, data.error));
  const ttl = input.ttl ?? DEFAULT_TTL;
  if (!Number.isInteger(ttl) || ttl < MIN_TTL || ttl > MAX_TTL)
    out.push(violation('ttl', ViolationCode.OUT_OF_RANGE, `ttl must be ${MIN_TTL} to ${MAX_TTL} seconds`));
  const numbers = checkNumbers(type, input, out);
  let labels: [string | null, string | null] = [null, null];
  if (type === 'SRV' && name !== undefined && !nameError) labels = checkSrvLabels(name, input, out);
  else
    for (const field of ['service', 'protocol'] as const)
      if (type !== 'SRV' && input[field])
        out.push(violation(field, ViolationCode.INVALID_VALUE, `${type} records have no ${field}`));
  if (out.length || name === undefined || typeof data !== 'string') return { ok: false, violations: out };
  return {
    ok: true,
    record: { type, name, data, ttl, ...numbers, service: labels[0], protocol: labels[1] },
  };
}
