import { Errors, PlatformError } from '@platform/errors';

export const MailboxesErrorCode = {
  MAILBOX_NOT_FOUND: 'MAILBOX_NOT_FOUND',
  ACCOUNT_NOT_FOUND: 'ACCOUNT_NOT_FOUND',
} as const;

/** Failure codes a FAILED mailbox carries in `failure.code` (docs/mailboxes.md). */
export const MailboxFailureCode = {
  /** The domain of emailAddress is not owned by the mailbox's account (`domain add`). */
  DOMAIN_NOT_OWNED: 'DOMAIN_NOT_OWNED',
  /** A COMPLETED mailbox already has this address (case-insensitive). */
  ADDRESS_TAKEN: 'ADDRESS_TAKEN',
} as const;

export const MailboxesErrors = {
  /** Missing, or of another account: alike, 404. */
  mailboxNotFound(): PlatformError {
    return Errors.notFound('no such mailbox', MailboxesErrorCode.MAILBOX_NOT_FOUND);
  },
  /** accountId is not the caller's account (an account the caller cannot see is not disclosed). */
  accountNotFound(): PlatformError {
    return Errors.notFound('no such account for these credentials', MailboxesErrorCode.ACCOUNT_NOT_FOUND);
  },
};
