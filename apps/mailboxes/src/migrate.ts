import 'reflect-metadata';
import { IDEMPOTENCY_MIGRATION_SET } from '@platform/idempotency';
import { runMigrateEntry } from '@platform/service-kit';
import { loadMailboxesConfig } from './config/mailboxes.config';
import { MAILBOXES_MIGRATION_SET } from './database/mailboxes.migration-set';

runMigrateEntry(() => loadMailboxesConfig(), [MAILBOXES_MIGRATION_SET, IDEMPOTENCY_MIGRATION_SET]);
