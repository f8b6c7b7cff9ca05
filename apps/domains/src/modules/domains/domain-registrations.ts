import { randomBytes, randomUUID } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { DnsRecordEntity } from '../records/dns-record.entity';
import { defaultZoneRecords } from '../records/default-zone';
import { DomainContacts, DomainEntity, DomainStatus } from './domain.entity';

/** What a new registration row holds besides its name and account. */
export interface NewRegistration {
  readonly status: DomainStatus;
  readonly renewAuto: boolean;
  readonly privacy: boolean;
  readonly nameServers: readonly string[];
  readonly contacts: DomainContacts;
}

/** A fresh auth code: what another account presents to transfer the domain away. */
export function newAuthCode(): string {
  return randomBytes(12).toString('base64url');
}

/** `years` calendar years after `from` (UTC). */
export function yearsAfter(from: Date, years: number): Date {
  const d = new Date(from);
  d.setUTCFullYear(d.getUTCFullYear() + years);
  return d;
}

/**
 * Inserts the registration row of `domain` unless any account holds the name: the one place a
 * name is taken (its unique index makes concurrent attempts leave one row). Undefined when taken.
 */
export async function insertRegistration(
  manager: EntityManager,
  accountId: string,
  domain: string,
  init: NewRegistration,
): Promise<DomainEntity | undefined> {
  const row: DomainEntity = manager.create(DomainEntity, {
    domainId: randomUUID(),
    domain,
    accountId,
    status: init.status,
    expires: null,
    renewAuto: init.renewAuto,
    privacy: init.privacy,
    locked: false,
    nameServers: [...init.nameServers],
    contacts: init.contacts,
    authCode: newAuthCode(),
  });
  const result = await manager
    .createQueryBuilder()
    .insert()
    .into(DomainEntity)
    .values(row)
    .orIgnore()
    .returning(['domainId'])
    .execute();
  return result.raw.length ? row : undefined;
}

/**
 * Makes a registration ACTIVE for `years` from now and gives it its default zone (NS records of
 * its name servers), in the caller's transaction.
 */
export async function activateRegistration(
  manager: EntityManager,
  domain: DomainEntity,
  years: number,
): Promise<void> {
  await manager.update(
    DomainEntity,
    { domainId: domain.domainId },
    { status: 'ACTIVE', expires: yearsAfter(new Date(), years) },
  );
  const records = defaultZoneRecords(domain.nameServers).map((r) =>
    manager.create(DnsRecordEntity, {
      ...r,
      domainId: domain.domainId,
      priority: null,
      port: null,
      weight: null,
      service: null,
      protocol: null,
    }),
  );
  if (records.length) await manager.insert(DnsRecordEntity, records);
}

export type AddDomainOutcome =
  | { readonly kind: 'added' | 'already-yours'; readonly domain: DomainEntity }
  | { readonly kind: 'owned-by-another' };

/**
 * `domain add` (admin CLI, tests): registers `domain` (already normalized) to `accountId` at once,
 * ACTIVE for a year with the default name servers and zone, no order and no payment. Adding it
 * again to the same account changes nothing.
 */
export async function addDomainDirectly(
  dataSource: DataSource,
  accountId: string,
  domain: string,
  nameServers: readonly string[],
): Promise<AddDomainOutcome> {
  return dataSource.transaction(async (manager) => {
    const row = await insertRegistration(manager, accountId, domain, {
      status: 'PENDING',
      renewAuto: false,
      privacy: false,
      nameServers,
      contacts: {},
    });
    if (row) {
      await activateRegistration(manager, row, 1);
      return {
        kind: 'added',
        domain: await manager.findOneByOrFail(DomainEntity, { domainId: row.domainId }),
      };
    }
    const existing = await manager.findOneByOrFail(DomainEntity, { domain });
    return existing.accountId === accountId
      ? { kind: 'already-yours', domain: existing }
      : { kind: 'owned-by-another' };
  });
}
