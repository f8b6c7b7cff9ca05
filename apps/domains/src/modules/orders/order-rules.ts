import { timingSafeEqual } from 'node:crypto';
import { QueryFailedError } from 'typeorm';
import { yearsAfter } from '../domains/domain-registrations';
import type { DomainContact, DomainContacts, DomainEntity } from '../domains/domain.entity';

/** The agreement key every purchase and transfer must carry: the domain name registration agreement. */
export const REGISTRATION_AGREEMENT_KEY = 'DNRA';

/** Auth codes a name registered elsewhere accepts in the sandbox: any of this many characters. */
export const FOREIGN_AUTH_CODE_LENGTH = { min: 6, max: 32 } as const;

/**
 * The expiry after adding `years`: from the current expiry while the domain is ACTIVE (renewing
 * early loses nothing), from `now` once it is EXPIRED.
 */
export function extendedExpiry(
  domain: Pick<DomainEntity, 'status' | 'expires'>,
  years: number,
  now: Date,
): Date {
  const base = domain.status === 'ACTIVE' && domain.expires ? domain.expires : now;
  return yearsAfter(base, years);
}

/** The contacts of a registration: admin, tech and billing default to the registrant. */
export function contactsOf(request: {
  contactRegistrant?: DomainContact;
  contactAdmin?: DomainContact;
  contactTech?: DomainContact;
  contactBilling?: DomainContact;
}): DomainContacts {
  const registrant = request.contactRegistrant;
  const contacts: Record<string, DomainContact | undefined> = {
    registrant,
    admin: request.contactAdmin ?? registrant,
    tech: request.contactTech ?? registrant,
    billing: request.contactBilling ?? registrant,
  };
  // Plain objects (the request's DTO instances) and no undefined keys, as jsonb stores them.
  return JSON.parse(JSON.stringify(contacts)) as DomainContacts;
}

/** Compares auth codes in constant time. */
export function sameAuthCode(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** True for the unique violation of `orders_in_flight_domain_key`: an order of the name is EXECUTING. */
export function isInFlightConflict(error: unknown): boolean {
  if (!(error instanceof QueryFailedError)) return false;
  const driver = error.driverError as { code?: string; constraint?: string };
  return driver.code === '23505' && driver.constraint === 'orders_in_flight_domain_key';
}
