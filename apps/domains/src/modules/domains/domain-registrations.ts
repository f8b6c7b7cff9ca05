import { randomBytes, randomUUID } from 'node:crypto';
import { defaultZoneRecords } from '../records/default-zone';
import { DomainContacts, DomainEntity, DomainStatus } from './domain.entity';
import { DomainsRepository, NewDomain } from './domains.repository';

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
  domains: DomainsRepository,
  accountId: string,
  domain: string,
  init: NewRegistration,
): Promise<NewDomain | undefined> {
  const row: NewDomain = {
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
  };
  return (await domains.insertUnlessTaken(row)) ? row : undefined;
}

/**
 * Makes a registration ACTIVE for `years` from now and gives it its default zone (NS records of
 * its name servers), in the transaction `domains` is bound to.
 */
export async function activateRegistration(
  domains: DomainsRepository,
  domain: Pick<DomainEntity, 'domainId' | 'nameServers'>,
  years: number,
): Promise<void> {
  await domains.update(domain.domainId, { status: 'ACTIVE', expires: yearsAfter(new Date(), years) });
  const records = defaultZoneRecords(domain.nameServers);
  if (records.length) await domains.insertZoneRecords(domain.domainId, records);
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
  domains: DomainsRepository,
  accountId: string,
  domain: string,
  nameServers: readonly string[],
): Promise<AddDomainOutcome> {
  return domains.transaction(async (tx) => {
    const row = await insertRegistration(tx, accountId, domain, {
      status: 'PENDING',
      renewAuto: false,
      privacy: false,
      nameServers,
      contacts: {},
    });
    if (row) {
      await activateRegistration(tx, row, 1);
      return { kind: 'added', domain: await tx.getById(row.domainId) };
    }
    const existing = await tx.getByName(domain);
    return existing.accountId === accountId
      ? { kind: 'already-yours', domain: existing }
      : { kind: 'owned-by-another' };
  });
}
