import { Injectable } from '@nestjs/common';
import { Errors, Violation, ViolationCode, ViolationLocation } from '@platform/errors';
import { normalizeDomainName } from '../domains/domain-name';
import { DomainsErrors } from '../domains/domains.errors';
import { DnsRecordEntity, DnsRecordType } from './dns-record.entity';
import { relativeName } from './record-names';
import { RecordInput, checkRecord, isRecordType } from './record-rules';
import { RecordsRepository, ZoneScope } from './records.repository';
import { PlannedRecord, ZoneWriter } from './zone-writer.service';

function invalid(location: ViolationLocation, field: string, message: string): never {
  throw Errors.validation([{ location, path: [field], code: ViolationCode.INVALID_FORMAT, message }]);
}

/** `{domain}` of a records path, canonical; 400 INVALID_FORMAT when it is not a domain name. */
export function domainParam(raw: string): string {
  return normalizeDomainName(raw) ?? invalid('path', 'domain', 'domain must be a domain name');
}

/** `{type}` (or the `type` filter), upper-cased; 400 INVALID_FORMAT when it is not a record type. */
export function typeParam(raw: string, location: ViolationLocation = 'path'): DnsRecordType {
  const type = raw.toUpperCase();
  return isRecordType(type) ? type : invalid(location, 'type', `type must be a DNS record type`);
}

/** `{name}` (or the `name` filter) relative to `domain`; 400 INVALID_FORMAT when it is no name in it. */
export function nameParam(domain: string, raw: string, location: ViolationLocation = 'path'): string {
  return relativeName(domain, raw) ?? invalid(location, 'name', `name must be @ or a name in ${domain}`);
}

/** Records checked with the per-type rules: the ones to write, or why not (all or nothing). */
export interface CheckedRecords {
  readonly planned: PlannedRecord[];
  readonly violations: Violation[];
}

/**
 * Checks `inputs` with the per-type rules, each item's violations at `[...prefix, index, field]`
 * of the body; a violation of a `fromPath` field (type or name given in the URL) is the path's.
 */
export function checkRecords(
  domain: string,
  inputs: readonly RecordInput[],
  prefix: readonly (string | number)[] = [],
  fromPath: readonly string[] = [],
): CheckedRecords {
  const violations: Violation[] = [];
  const planned: PlannedRecord[] = [];
  const pathFields = new Set<string>();
  inputs.forEach((input, index) => {
    const check = checkRecord(domain, input);
    if (check.ok) {
      planned.push({ record: check.record, path: [...prefix, index] });
      return;
    }
    for (const v of check.violations) {
      if (fromPath.includes(v.field)) {
        if (pathFields.has(v.field)) continue;
        pathFields.add(v.field);
        violations.push({
          location: 'path',
          path: [v.field],
          code: ViolationCode.INVALID_FORMAT,
          message: v.message,
        });
      } else {
        const value = input[v.field];
        violations.push({
          location: 'body',
          path: [...prefix, index, v.field],
          code: v.code,
          message: v.message,
          value,
        });
      }
    }
  });
  return { planned, violations };
}

/** checkRecords, answering 400 with every violation when there is one. */
export function planRecords(
  domain: string,
  inputs: readonly RecordInput[],
  fromPath: readonly string[] = [],
): PlannedRecord[] {
  const { planned, violations } = checkRecords(domain, inputs, [], fromPath);
  if (violations.length) throw Errors.validation(violations);
  return planned;
}

/** The records API: reads here, writes through ZoneWriter (locked, one transaction each). */
@Injectable()
export class RecordsService {
  constructor(
    private readonly records: RecordsRepository,
    private readonly writer: ZoneWriter,
  ) {}

  /** The zone of `domain` (any status) in insertion order, optionally one type and/or name. */
  async list(accountId: string, domain: string, filter: ZoneScope = {}): Promise<DnsRecordEntity[]> {
    const zone = await this.records.findZoneOwner(domain);
    if (!zone || zone.accountId !== accountId) throw DomainsErrors.notFound(domain);
    return this.records.findRecords(zone.domainId, filter);
  }

  /** PUT …/records: the zone becomes exactly `inputs`. */
  replaceZone(accountId: string, domain: string, inputs: readonly RecordInput[]): Promise<void> {
    return this.writer.write(accountId, domain, {}, planRecords(domain, inputs));
  }

  /** PATCH …/records: `inputs` are added, even when equal records are there already. */
  add(accountId: string, domain: string, inputs: readonly RecordInput[]): Promise<void> {
    return this.writer.write(accountId, domain, undefined, planRecords(domain, inputs));
  }

  /** PUT …/records/{type}: the records of `type` become exactly `inputs`. */
  replaceType(
    accountId: string,
    domain: string,
    type: DnsRecordType,
    inputs: readonly RecordInput[],
  ): Promise<void> {
    return this.writer.write(accountId, domain, { type }, planRecords(domain, inputs, ['type']));
  }

  /** PUT …/records/{type}/{name}: the records of `type` at `name` become exactly `inputs`. */
  replaceTypeName(
    accountId: string,
    domain: string,
    type: DnsRecordType,
    name: string,
    inputs: readonly RecordInput[],
  ): Promise<void> {
    const planned = planRecords(domain, inputs, ['type', 'name']);
    return this.writer.write(accountId, domain, { type, name }, planned);
  }

  /** DELETE …/records/{type}/{name}: none of `type` at `name` remain (none there is no error). */
  remove(accountId: string, domain: string, type: DnsRecordType, name: string): Promise<void> {
    return this.writer.write(accountId, domain, { type, name }, []);
  }
}
