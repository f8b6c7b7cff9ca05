import { TokenService } from '@platform/auth';
import { loadPlatformConfig } from '@platform/config';
import { openAdminDataSource } from '@platform/service-kit';

export interface AdminContext {
  readonly tokens: TokenService;
}

/** Accounts and tokens live in the auth schema, which every service shares. */
export async function openAdminContext(): Promise<{ context: AdminContext; close(): Promise<void> }> {
  const dataSource = await openAdminDataSource(
    loadPlatformConfig({ serviceName: 'admin-cli', defaultPort: 0 }),
    [],
  );
  return { context: { tokens: new TokenService(dataSource) }, close: () => dataSource.destroy() };
}
