import { Errors, PlatformError } from '@platform/errors';
import { Scope, isScope } from '@platform/scopes';
import { DataSource, Repository } from 'typeorm';
import { AccessTokenEntity } from './access-token.entity';
import { AccountEntity } from './account.entity';
import { Principal } from './principal';
import { displayPrefixOf, generateToken, hashToken, isWellFormedToken } from './token-format';

export interface IssuedToken {
  readonly tokenId: string;
  /** The token itself; shown once, never stored. */
  readonly token: string;
  readonly scopes: readonly Scope[];
  readonly expiresAt: string | null;
}

export const MAX_TOKEN_LIFETIME_S = 366 * 24 * 3600;

/**
 * Accounts and personal access tokens: issue, revoke, authenticate. Plain class over a
 * DataSource, used by the services' guard and by the admin CLI alike.
 */
export class TokenService {
  private readonly accounts: Repository<AccountEntity>;
  private readonly tokens: Repository<AccessTokenEntity>;

  constructor(
    dataSource: DataSource,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.accounts = dataSource.getRepository(AccountEntity);
    this.tokens = dataSource.getRepository(AccessTokenEntity);
  }

  async createAccount(name?: string): Promise<{ accountId: string }> {
    if (name !== undefined && (name.length < 1 || name.length > 200)) {
      throw Errors.badRequest('INVALID_NAME', 'name must be 1 to 200 characters');
    }
    const account = await this.accounts.save(this.accounts.create({ name: name ?? null }));
    return { accountId: account.id };
  }

  async accountExists(accountId: string): Promise<boolean> {
    return this.accounts.exists({ where: { id: accountId } });
  }

  async issue(input: {
    accountId: string;
    scopes: readonly string[];
    expiresInSeconds?: number;
  }): Promise<IssuedToken> {
    const unknown = input.scopes.filter((s) => !isScope(s));
    if (unknown.length) throw Errors.badRequest('UNKNOWN_SCOPE', `unknown scopes: ${unknown.join(', ')}`);
    if (input.scopes.length === 0) throw Errors.badRequest('NO_SCOPES', 'a token needs at least one scope');
    const lifetime = input.expiresInSeconds;
    if (
      lifetime !== undefined &&
      (!Number.isInteger(lifetime) || lifetime < 1 || lifetime > MAX_TOKEN_LIFETIME_S)
    ) {
      throw Errors.badRequest('INVALID_EXPIRY', `expires-in must be 1 to ${MAX_TOKEN_LIFETIME_S} seconds`);
    }
    if (!(await this.accountExists(input.accountId)))
      throw Errors.notFound('no such account', 'ACCOUNT_NOT_FOUND');
    const token = generateToken();
    const scopes = [...new Set(input.scopes)] as Scope[];
    const expiresAt = lifetime === undefined ? null : new Date(this.now().getTime() + lifetime * 1000);
    const saved = await this.tokens.save(
      this.tokens.create({
        accountId: input.accountId,
        tokenHash: hashToken(token),
        displayPrefix: displayPrefixOf(token),
        scopes,
        expiresAt,
        revokedAt: null,
      }),
    );
    return { tokenId: saved.id, token, scopes, expiresAt: expiresAt?.toISOString() ?? null };
  }

  async revoke(tokenId: string): Promise<{ tokenId: string; revokedAt: string }> {
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(tokenId)) {
      throw Errors.badRequest('INVALID_TOKEN_ID', 'token id must be a uuid');
    }
    const at = this.now();
    // Revoking twice keeps the first revocation time.
    const [rows] = (await this.tokens.query(
      `UPDATE auth.access_tokens SET revoked_at = COALESCE(revoked_at, $2) WHERE id = $1 RETURNING id, revoked_at`,
      [tokenId, at],
    )) as [{ id: string; revoked_at: Date }[], number];
    const row = rows[0];
    if (!row) throw Errors.notFound('no such token', 'TOKEN_NOT_FOUND');
    return { tokenId: row.id, revokedAt: new Date(row.revoked_at).toISOString() };
  }

  /** Resolves a bearer token to its principal, or throws 401 for missing, malformed, unknown, expired, revoked. */
  async authenticate(token: string | undefined): Promise<Principal> {
    if (!token || !isWellFormedToken(token)) throw Errors.unauthorized();
    const row = await this.tokens.findOne({
      where: { tokenHash: hashToken(token) },
      select: { id: true, accountId: true, scopes: true, expiresAt: true, revokedAt: true },
    });
    if (!row) throw Errors.unauthorized();
    if (row.revokedAt) throw Errors.unauthorized('the token was revoked');
    if (row.expiresAt && row.expiresAt.getTime() <= this.now().getTime())
      throw Errors.unauthorized('the token expired');
    return { accountId: row.accountId, tokenId: row.id, scopes: row.scopes };
  }
}

/** Extracts the token from `Authorization: Bearer <token>`; undefined when absent or not Bearer. */
export function bearerToken(header: string | string[] | undefined): string | undefined {
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer[ ]+([^\s]+)\s*$/i.exec(header);
  return match?.[1];
}

export function isAuthError(e: unknown): e is PlatformError {
  return e instanceof PlatformError && e.status === 401;
}
