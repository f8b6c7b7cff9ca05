import { MailboxEntity } from '../modules/mailboxes/mailbox.entity';

/** Every entity of schema `mailboxes` (explicit list, no globs). Keep it sorted. */
export const MAILBOXES_ENTITIES = [MailboxEntity];
