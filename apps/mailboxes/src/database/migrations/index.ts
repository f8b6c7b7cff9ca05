import { CreateMailboxes1795400000000 } from './1795400000000-create-mailboxes';
import { DropDomains1797200000000 } from './1797200000000-drop-domains';

/** Every migration of schema `mailboxes`, oldest first. Append new ones at the end. */
export const MAILBOXES_MIGRATIONS = [CreateMailboxes1795400000000, DropDomains1797200000000];
