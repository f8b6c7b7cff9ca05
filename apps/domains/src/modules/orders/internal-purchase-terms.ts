import type { DomainContact, DomainContacts } from '../domains/domain.entity';
import { REGISTRATION_AGREEMENT_KEY } from './order-rules';
import type { PurchaseTerms } from './orders.service';

/**
 * The registrant of a purchase made through the Shopping API when the account has no contacts of
 * its own on file (docs/domains.md, "Internal API"): a sandbox placeholder that the public
 * purchase's contact rules accept, with reserved names (`.invalid`, RFC 2606) and a fictional
 * 555-01xx number, so it is never mistaken for a person.
 */
export const PLACEHOLDER_CONTACT: DomainContact = {
  nameFirst: 'Shopping',
  nameLast: 'Buyer',
  email: 'registrant@shopping.sandbox.invalid',
  phone: '+1.5555550100',
  organization: 'Placeholder registrant (Shopping API)',
  addressMailing: {
    address1: '1 Placeholder Way',
    city: 'Sandbox',
    state: 'AZ',
    postalCode: '00000',
    country: 'US',
  },
};

/** Every role held by the placeholder registrant. */
export const PLACEHOLDER_CONTACTS: DomainContacts = {
  registrant: PLACEHOLDER_CONTACT,
  admin: PLACEHOLDER_CONTACT,
  tech: PLACEHOLDER_CONTACT,
  billing: PLACEHOLDER_CONTACT,
};

/**
 * What a Shopping API purchase registers: the public purchase's defaults (renewAuto on, privacy
 * off, the registry's name servers), the registration agreement taken as agreed (the checkout
 * asked the buyer for it), and `contacts` (the account's own, else the placeholder).
 */
export function internalPurchaseTerms(
  domain: string,
  periodYears: number,
  contacts: DomainContacts,
  defaultNameServers: readonly string[],
): PurchaseTerms {
  return {
    domain,
    period: periodYears,
    agreementKeys: [REGISTRATION_AGREEMENT_KEY],
    renewAuto: true,
    privacy: false,
    nameServers: defaultNameServers,
    contacts,
  };
}
