import { TokenService, openRevocationPublisher } from '@platform/auth';
import { loadPlatformConfig } from '@platform/config';
import { openAdminDataSource } from '@platform/service-kit';

export interface AdminContext {
  readonly tokens: TokenService;
}

/** stdout carries the one JSON answer; a warning goes to stderr as a JSON line. */
function warn(message: string): void {
  process.stderr.write(JSON.stringify({ level: 'warn', message }) + '\n');
}

/**
 * Accounts and tokens live in the auth schema, which every service shares. A revocation is
 * published on Redis after its UPDATE commits, so every service's token cache drops the token at
 * once (the connection opens only for a revocation).
 */
export async function openAdminContext(): Promise<{ context: AdminContext; close(): Promise<void> }> {
  const config = loadPlatformConfig({ serviceName: 'admin-cli', defaultPort: 0 });
  const dataSource = await openAdminDataSource(config, []);
  const revocations = openRevocationPublisher(config, (e) =>
    warn(
      `the revocation is saved but was not broadcast (${e.message}); services stop accepting the token ` +
        `within AUTH_TOKEN_CACHE_TTL_MS, or at once when \`token revoke\` is run again with Redis up`,
    ),
  );
  return {
    context: { tokens: new TokenService(dataSource, { revocations }) },
    close: async () => {
      revocations.close();
      await dataSource.destroy();
    },
  };
}
