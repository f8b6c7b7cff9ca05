import { CreateMailboxes1795400000000 } from './1795400000000-create-mailboxes';

/** Every migration of schema `mailboxes`, oldest first. Append new ones at the end. */
export const MAILBOXES_MIGRATIONS = [CreateMailboxes1795400000000];
