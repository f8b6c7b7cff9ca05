import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { ContactRequest } from './order-contacts.request';
import { PLACEHOLDER_CONTACT, PLACEHOLDER_CONTACTS, internalPurchaseTerms } from './internal-purchase-terms';

describe('the terms of a Shopping API purchase', () => {
  it('has a placeholder registrant that the public purchase would accept as a contact', () => {
    const contact = plainToInstance(ContactRequest, PLACEHOLDER_CONTACT);
    expect(validateSync(contact, { whitelist: true, forbidNonWhitelisted: true })).toEqual([]);
  });

  it("takes the public purchase's defaults, the DNRA and the contacts given", () => {
    expect(internalPurchaseTerms('shop-name.com', 3, PLACEHOLDER_CONTACTS, ['ns1.example.net'])).toEqual({
      domain: 'shop-name.com',
      period: 3,
      agreementKeys: ['DNRA'],
      renewAuto: true,
      privacy: false,
      nameServers: ['ns1.example.net'],
      contacts: PLACEHOLDER_CONTACTS,
    });
  });
});
