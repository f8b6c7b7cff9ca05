import { Errors, PlatformError } from '@platform/errors';
import { isUuid } from '@platform/ids';
import { Scope, isScope } from '@platform/scopes';
import { DataSource, Repository } from 'typeorm';
import { AccessTokenEntity } from './access-token.entity';
import { AccountEntity } from './account.entity';
import { Principal } from './principal';
import { CachedToken, TokenCache } from './token-cache';
import { displayPrefixOf, generateToken, hashToken, isWellFormedToken } from './token-format';
import { TokenRevocationPublisher } from './token-revocation';

export interface IssuedToken {
  readonly tokenId: string;
  /** The token itself; shown once, never stored. */
  readonly token: string;
  readonly scopes: readonly Scope[];
  readonly expiresAt: string | null;
}

export const MAX_TOKEN_LIFETIME_S = 366 * 24 * 3600;

export interface TokenServiceOptions {
  /** Wall clock for expiry and revocation times. */
  readonly clock?: () => Date;
  /**
   * Resolved tokens kept in process (AuthModule gives one, kept live by a Redis subscriber).
   * Without one, every authentication reads the database.
   */
  readonly cache?: TokenCache;
  /** Tells the other processes about a revocation (AuthModule and the admin CLI give one). */
  readonly revocations?: TokenRevocationPublisher;
}

/**
 * The caches of this process by the DataSource they read from: a revocation through any
 * TokenService over that DataSource evicts them at once, before it is published for the others.
 */
const processCaches = new WeakMap<DataSource, Set<TokenCache>>();

/**
 * Accounts and personal access tokens: issue, revoke, authenticate. Plain class over a
 * DataSource, used by the services' guard and by the admin CLI alike.
 */
export class TokenService {
  private readonly dataSource: DataSource;
  private readonly accounts: Repository<AccountEntity>;
  private readonly tokens: Repository<AccessTokenEntity>;
  private readonly now: () => Date;
  private readonly cache: TokenCache | undefined;
  private readonly revocations: TokenRevocationPublisher | undefined;

  constructor(dataSource: DataSource, options: TokenServiceOptions = {}) {
    this.dataSource = dataSource;
    this.accounts = dataSource.getRepository(AccountEntity);
    this.tokens = dataSource.getRepository(AccessTokenEntity);
    this.now = options.clock ?? (() => new Date());
    this.cache = options.cache;
    this.revocations = options.revocations;
    if (this.cache) {
      const caches = processCaches.get(dataSource) ?? new Set<TokenCache>();
      processCaches.set(dataSource, caches.add(this.cache));
    }
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
    if (!isUuid(tokenId)) {
      throw Errors.badRequest('INVALID_TOKEN_ID', 'token id must be a uuid');
    }
    const at = this.now();
    // Revoking twice keeps the first revocation time (and tells the caches again).
    const [rows] = (await this.tokens.query(
      `UPDATE auth.access_tokens SET revoked_at = COALESCE(revoked_at, $2) WHERE id = $1 RETURNING id, revoked_at, token_hash`,
      [tokenId, at],
    )) as [{ id: string; revoked_at: Date; token_hash: Buffer }[], number];
    const row = rows[0];
    if (!row) throw Errors.notFound('no such token', 'TOKEN_NOT_FOUND');
    // The UPDATE has committed (a statement of its own): now no cache may keep the token.
    const tokenHash = row.token_hash.toString('hex');
    for (const cache of processCaches.get(this.dataSource) ?? []) cache.evict(tokenHash);
    await this.revocations?.publish({ tokenId: row.id, tokenHash });
    return { tokenId: row.id, revokedAt: new Date(row.revoked_at).toISOString() };
  }

  /**
   * Resolves a bearer token to its principal, or throws 401 for missing, malformed, unknown, expired,
   * revoked. A cached token skips the database; its expiry is checked against the clock all the same.
   */
  async authenticate(token: string | undefined): Promise<Principal> {
    if (!token || !isWellFormedToken(token)) throw Errors.unauthorized();
    const hash = hashToken(token);
    const key = hash.toString('hex');
    const cached = this.cache?.get(key);
    const ticket = this.cache?.ticket();
    const found = cached ?? (await this.read(hash));
    if (found.expiresAt !== null && found.expiresAt <= this.now().getTime())
      throw Errors.unauthorized('the token expired');
    if (!cached && ticket !== undefined) this.cache?.fill(key, found, ticket);
    return found.principal;
  }

  /** The token's row as a cache entry; unknown and revoked tokens throw (and are never cached). */
  private async read(hash: Buffer): Promise<CachedToken> {
    const row = await this.tokens.findOne({
      where: { tokenHash: hash },
      select: { id: true, accountId: true, scopes: true, expiresAt: true, revokedAt: true },
    });
    if (!row) throw Errors.unauthorized();
    if (row.revokedAt) throw Errors.unauthorized('the token was revoked');
    const principal: Principal = Object.freeze({
      accountId: row.accountId,
      tokenId: row.id,
      scopes: Object.freeze([...row.scopes]),
    });
    return { principal, expiresAt: row.expiresAt?.getTime() ?? null };
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
