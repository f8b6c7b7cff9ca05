import { LRUCache } from 'lru-cache';
import { Principal } from './principal';

/** What the cache keeps per token: the principal and the expiry, re-checked on every request. */
export interface CachedToken {
  readonly principal: Principal;
  /** Milliseconds since the epoch, or null for a token that never expires. */
  readonly expiresAt: number | null;
}

/**
 * At most this many tokens per process. Only tokens that authenticated are cached (an unknown
 * token never is), so filling the cache takes that many valid tokens; an entry is a few hundred
 * bytes, about 4 MB in all.
 */
export const TOKEN_CACHE_MAX_ENTRIES = 10_000;

/**
 * Resolved tokens by the hex SHA-256 of the token (never the token itself), least recently used
 * out first, each for at most `ttlMs` after it was read from the database (the age is not renewed
 * by hits, so a busy token is re-read as often as an idle one).
 *
 * The cache serves only while it is live, that is while revocations can reach it: the Redis
 * subscriber resumes it once its subscription is confirmed and suspends it (emptying it) when the
 * connection drops. A database read takes a ticket before it starts; its result is kept only when
 * nothing was evicted in between, so a read that raced a revocation cannot put the token back.
 */
export class TokenCache {
  private readonly entries: LRUCache<string, CachedToken>;
  private generation = 0;
  private live = false;

  constructor(
    readonly ttlMs: number,
    maxEntries: number = TOKEN_CACHE_MAX_ENTRIES,
  ) {
    if (!Number.isInteger(ttlMs) || ttlMs <= 0) throw new RangeError('ttlMs must be a positive integer');
    this.entries = new LRUCache<string, CachedToken>({ max: maxEntries, ttl: ttlMs, updateAgeOnGet: false });
  }

  /** True while revocations reach this cache; otherwise it serves and keeps nothing. */
  get isLive(): boolean {
    return this.live;
  }

  get size(): number {
    return this.entries.size;
  }

  get(tokenHash: string): CachedToken | undefined {
    return this.live ? this.entries.get(tokenHash) : undefined;
  }

  /** Taken before the database read that may fill the cache. */
  ticket(): number {
    return this.generation;
  }

  /** Keeps the entry unless the cache is not live or anything was evicted since `ticket`. */
  fill(tokenHash: string, entry: CachedToken, ticket: number): void {
    if (this.live && ticket === this.generation) this.entries.set(tokenHash, entry);
  }

  /** A revoked token: forgotten at once, and reads in flight will not bring it back. */
  evict(tokenHash: string): void {
    this.generation++;
    this.entries.delete(tokenHash);
  }

  /** Forgets every token (a revocation that cannot be told apart, or one that may have been missed). */
  clear(): void {
    this.generation++;
    this.entries.clear();
  }

  /** Revocations are reaching the cache again: start from empty, since some may have been missed. */
  resume(): void {
    this.clear();
    this.live = true;
  }

  /** Revocations may not reach the cache: empty it and serve nothing until resume(). */
  suspend(): void {
    this.live = false;
    this.clear();
  }
}
