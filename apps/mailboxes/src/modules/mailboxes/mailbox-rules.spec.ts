import { domainOf } from './mailbox-provider';
import { agreementsOf, displayNameOf, mailboxTypeOf } from './mailbox-rules';

describe('mailbox rules', () => {
  it('decides FREE_TRIAL from FREETRIAL_AUTORENEW, else STANDARD', () => {
    expect(mailboxTypeOf([{ type: 'MARKETING' }, { type: 'FREETRIAL_AUTORENEW' }])).toBe('FREE_TRIAL');
    expect(mailboxTypeOf([{ type: 'MARKETING' }])).toBe('STANDARD');
    expect(mailboxTypeOf([])).toBe('STANDARD');
  });

  it('derives one agreed agreement per distinct consent type, in order', () => {
    expect(agreementsOf([{ type: 'B' }, { type: 'A' }, { type: 'B' }])).toEqual([
      { type: 'B', agreed: true },
      { type: 'A', agreed: true },
    ]);
  });

  it('joins the names into displayName', () => {
    expect(displayNameOf('Jane', 'Doe')).toBe('Jane Doe');
  });

  it('takes the lower-cased domain after the last @', () => {
    expect(domainOf('Jane.Doe@Mail.Example.COM')).toBe('mail.example.com');
  });
});
