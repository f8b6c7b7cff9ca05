import { openAdminDataSource } from '@platform/service-kit';
import { DataSource } from 'typeorm';
import { loadMailboxesConfig } from '../config/mailboxes.config';
import { MAILBOXES_MIGRATION_SET } from '../database/mailboxes.migration-set';

export interface MailboxesAdminContext {
  readonly dataSource: DataSource;
}

export async function openMailboxesAdminContext(): Promise<{
  context: MailboxesAdminContext;
  close(): Promise<void>;
}> {
  const dataSource = await openAdminDataSource(loadMailboxesConfig(), [MAILBOXES_MIGRATION_SET]);
  return { context: { dataSource }, close: () => dataSource.destroy() };
}
