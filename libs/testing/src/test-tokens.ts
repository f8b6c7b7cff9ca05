import { TokenService } from '@platform/auth';
import type { Scope } from '@platform/scopes';
import type { DataSource } from 'typeorm';

export interface TestCredential {
  readonly accountId: string;
  readonly tokenId: string;
  readonly token: string;
  /** `{ authorization: 'Bearer …' }` for supertest/inject. */
  readonly headers: { authorization: string };
}

/** A new account with one token holding `scopes`, through the real token store. */
export async function createTestCredential(
  dataSource: DataSource,
  scopes: readonly Scope[],
  opts: { accountId?: string; expiresInSeconds?: number } = {},
): Promise<TestCredential> {
  const tokens = new TokenService(dataSource);
  const accountId = opts.accountId ?? (await tokens.createAccount('test')).accountId;
  const issued = await tokens.issue({ accountId, scopes, expiresInSeconds: opts.expiresInSeconds });
  return {
    accountId,
    tokenId: issued.tokenId,
    token: issued.token,
    headers: { authorization: `Bearer ${issued.token}` },
  };
}
