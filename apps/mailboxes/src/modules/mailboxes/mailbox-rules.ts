import type { MailboxAgreement, MailboxType } from './mailbox.entity';

/** FREE_TRIAL when the caller consents to FREETRIAL_AUTORENEW, else STANDARD (docs/mailboxes.md). */
export function mailboxTypeOf(consents: readonly { type: string }[]): MailboxType {
  return consents.some((c) => c.type === 'FREETRIAL_AUTORENEW') ? 'FREE_TRIAL' : 'STANDARD';
}

/** One agreement per distinct consent type, in the order given, each agreed. */
export function agreementsOf(consents: readonly { type: string }[]): MailboxAgreement[] {
  return [...new Set(consents.map((c) => c.type))].map((type) => ({ type, agreed: true }));
}

export function displayNameOf(firstName: string, lastName: string): string {
  return `${firstName} ${lastName}`;
}
