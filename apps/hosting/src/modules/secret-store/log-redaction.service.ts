import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { DataSource } from 'typeorm';
import { SecretRedactor } from '../secrets';
import type { NamedSecret } from '../secrets';
import { SecretStoreService } from './secret-store.service';

interface CachedSet {
  readonly version: string;
  readonly secrets: readonly NamedSecret[];
  readonly values: ReadonlySet<string>;
  readonly redactor: SecretRedactor;
}

/** Apps whose redactor is kept (the least recently used goes first). */
const MAX_CACHED_APPS = 1000;

/**
 * A version of an app's secret set that changes with every write: each row's name and the GCM tag
 * of its sealed value (bytes 14 to 29: `version | iv (12) | tag (16) | ciphertext`), which a new IV
 * makes different at every seal, hashed together. One index range scan; nothing is decrypted.
 */
const SET_VERSION = `
SELECT count(*)::int AS n,
       md5(string_agg(variant || '/' || name || ':' || encode(substring(sealed_value FROM 14 FOR 16), 'hex'),
                      ',' ORDER BY variant, name)) AS version
  FROM hosting.app_secrets
 WHERE app_id = $1`;

/**
 * The redactor of an app's log lines (docs/hosting.md, "Secrets in logs"): every value of its
 * secrets, both variants, user and system-managed, replaced by `[secret:NAME]`. Built once per
 * version of the set (SET_VERSION, one small query per call) and kept for MAX_CACHED_APPS apps, so
 * serving a log page decrypts nothing unless the set changed since the last one.
 */
@Injectable()
export class LogRedaction {
  private readonly cache = new LRUCache<string, CachedSet>({ max: MAX_CACHED_APPS });

  constructor(
    private readonly dataSource: DataSource,
    private readonly secrets: SecretStoreService,
  ) {}

  /**
   * The app's redactor. `inForce`: values a process was given (a variant's environment), redacted
   * even when the set changed between reading them and this call.
   */
  async forApp(appId: string, inForce: Readonly<Record<string, string>> = {}): Promise<SecretRedactor> {
    const set = await this.current(appId);
    const extra = Object.entries(inForce).filter(([, value]) => !set.values.has(value));
    if (extra.length === 0) return set.redactor;
    return SecretRedactor.of([...set.secrets, ...extra.map(([name, value]) => ({ name, value }))]);
  }

  private async current(appId: string): Promise<CachedSet> {
    const rows = await this.dataSource.query<{ n: number; version: string | null }[]>(SET_VERSION, [appId]);
    const version = `${rows[0]?.n ?? 0}:${rows[0]?.version ?? ''}`;
    const cached = this.cache.get(appId);
    if (cached?.version === version) return cached;
    const [preview, publish] =
      (rows[0]?.n ?? 0) === 0
        ? [{}, {}]
        : await Promise.all([
            this.secrets.decrypted(appId, 'PREVIEW'),
            this.secrets.decrypted(appId, 'PUBLISH'),
          ]);
    const secrets = [...Object.entries(preview), ...Object.entries(publish)].map(([name, value]) => ({
      name,
      value,
    }));
    const set: CachedSet = {
      version,
      secrets,
      values: new Set(secrets.map((s) => s.value)),
      redactor: SecretRedactor.of(secrets),
    };
    this.cache.set(appId, set);
    return set;
  }
}
