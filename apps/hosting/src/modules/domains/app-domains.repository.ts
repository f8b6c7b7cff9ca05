import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { EntityManager } from 'typeorm';
import type { Variant } from '../runtime';
import type { AppDomain, DomainFailure, DomainVerifiedBy } from './app-domain';
import type { ActiveDomainRoute, DomainIngressSource } from './domain-ingresses';
import type { CheckedDomainRecord } from './domain-records';

const COLUMNS = `id, hostname, account_id AS "accountId", app_id AS "appId", variant, status,
  verification_token AS "verificationToken", verified_by AS "verifiedBy", zone,
  zone_written AS "zoneWritten", records, failure, checks, last_checked_at AS "lastCheckedAt",
  next_check_at AS "nextCheckAt", verified_at AS "verifiedAt", created_at AS "createdAt",
  updated_at AS "updatedAt"`;

/** A domain to insert (PENDING, nothing checked yet). */
export interface NewAppDomain {
  readonly id: string;
  readonly hostname: string;
  readonly accountId: string;
  readonly appId: string;
  readonly variant: Variant;
  readonly verificationToken: string;
  readonly records: CheckedDomainRecord[];
}

export type InsertOutcome = 'inserted' | 'taken' | 'limit';

/** What one check found, written back to the row. */
export interface CheckResult {
  readonly records: CheckedDomainRecord[];
  readonly nextCheckAt: Date | null;
}

/** Storage of `hosting.app_domains` (SQL; no entity). */
@Injectable()
export class AppDomainsRepository implements DomainIngressSource {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Inserts `domain` unless its host name is attached anywhere ('taken') or its app already has
   * `limit` domains ('limit'), under a transaction-scoped advisory lock on the app; the unique
   * index settles two apps racing for one host name.
   */
  async insertWithin(domain: NewAppDomain, limit: number): Promise<InsertOutcome> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [
        `hosting.app_domains:${domain.appId}`,
      ]);
      const [{ count }] = (await manager.query(
        'SELECT count(*)::int AS count FROM hosting.app_domains WHERE app_id = $1',
        [domain.appId],
      )) as { count: number }[];
      if (count >= limit) return 'limit';
      const inserted = (await manager.query(
        `INSERT INTO hosting.app_domains (id, hostname, account_id, app_id, variant, status,
           verification_token, records, next_check_at)
         VALUES ($1, $2, $3, $4, $5, 'PENDING', $6, $7, now())
         ON CONFLICT (hostname) DO NOTHING RETURNING id`,
        [
          domain.id,
          domain.hostname,
          domain.accountId,
          domain.appId,
          domain.variant,
          domain.verificationToken,
          JSON.stringify(domain.records),
        ],
      )) as unknown[];
      return inserted.length ? 'inserted' : 'taken';
    });
  }

  async find(appId: string, hostname: string): Promise<AppDomain | undefined> {
    const [row] = (await this.dataSource.query(
      `SELECT ${COLUMNS} FROM hosting.app_domains WHERE app_id = $1 AND hostname = $2`,
      [appId, hostname],
    )) as AppDomain[];
    return row;
  }

  async findById(id: string): Promise<AppDomain | undefined> {
    const [row] = (await this.dataSource.query(`SELECT ${COLUMNS} FROM hosting.app_domains WHERE id = $1`, [
      id,
    ])) as AppDomain[];
    return row;
  }

  /** The app's domains, oldest first (at most MAX_DOMAINS_PER_APP: no paging). */
  list(appId: string): Promise<AppDomain[]> {
    return this.dataSource.query(
      `SELECT ${COLUMNS} FROM hosting.app_domains WHERE app_id = $1 ORDER BY created_at, id`,
      [appId],
    ) as Promise<AppDomain[]>;
  }

  /** Removes the domain; the removed row, or undefined when it was not there. */
  async delete(appId: string, hostname: string): Promise<AppDomain | undefined> {
    const rows = (await this.dataSource.query(
      `DELETE FROM hosting.app_domains WHERE app_id = $1 AND hostname = $2 RETURNING ${COLUMNS}`,
      [appId, hostname],
    )) as [AppDomain[], number];
    return rows[0][0];
  }

  /** Asks for a check now: a FAILED domain goes back to PENDING. The row after, or undefined. */
  async requestCheck(appId: string, hostname: string): Promise<AppDomain | undefined> {
    const rows = (await this.dataSource.query(
      `UPDATE hosting.app_domains
          SET status = CASE WHEN status = 'FAILED' THEN 'PENDING' ELSE status END,
              failure = CASE WHEN status = 'FAILED' THEN NULL ELSE failure END,
              next_check_at = CASE WHEN status = 'ACTIVE' THEN NULL ELSE now() END,
              updated_at = now()
        WHERE app_id = $1 AND hostname = $2 RETURNING ${COLUMNS}`,
      [appId, hostname],
    )) as [AppDomain[], number];
    return rows[0][0];
  }

  /**
   * PENDING → ACTIVE with what proved it, and the `domain.verified` webhook event in the same
   * transaction. False when the row is gone or no longer PENDING (nothing recorded twice).
   */
  async activate(
    domain: AppDomain,
    verifiedBy: DomainVerifiedBy,
    records: CheckedDomainRecord[],
    zone: string | null,
  ): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const rows = (await manager.query(
        `UPDATE hosting.app_domains
            SET status = 'ACTIVE', verified_by = $2, records = $3, zone = $4,
                zone_written = $5, failure = NULL, checks = checks + 1,
                last_checked_at = now(), next_check_at = NULL, verified_at = now(), updated_at = now()
          WHERE id = $1 AND status = 'PENDING' RETURNING verified_at AS "verifiedAt"`,
        [domain.id, verifiedBy, JSON.stringify(records), zone, zone !== null],
      )) as [{ verifiedAt: Date }[], number];
      const [updated] = rows[0];
      if (!updated) return false;
      await recordVerified(manager, domain, verifiedBy, updated.verifiedAt);
      return true;
    });
  }

  /** A PENDING domain checked without success: what is missing and when to look again. */
  async recordCheck(id: string, result: CheckResult): Promise<void> {
    await this.dataSource.query(
      `UPDATE hosting.app_domains
          SET records = $2, checks = checks + 1, last_checked_at = now(), next_check_at = $3,
              updated_at = now()
        WHERE id = $1 AND status = 'PENDING'`,
      [id, JSON.stringify(result.records), result.nextCheckAt],
    );
  }

  /** A PENDING domain whose owned zone refused the records: FAILED with why. */
  async fail(id: string, failure: DomainFailure): Promise<void> {
    await this.dataSource.query(
      `UPDATE hosting.app_domains
          SET status = 'FAILED', failure = $2, checks = checks + 1, last_checked_at = now(),
              next_check_at = NULL, updated_at = now()
        WHERE id = $1 AND status = 'PENDING'`,
      [id, JSON.stringify(failure)],
    );
  }

  /** PENDING domains due for a check, soonest first. */
  async due(limit: number, maxChecks: number): Promise<string[]> {
    const rows = (await this.dataSource.query(
      `SELECT id FROM hosting.app_domains
        WHERE status = 'PENDING' AND next_check_at <= now() AND checks < $2
        ORDER BY next_check_at LIMIT $1`,
      [limit, maxChecks],
    )) as { id: string }[];
    return rows.map((r) => r.id);
  }

  /**
   * ACTIVE domains verified in DNS whose records were last checked `everyMs` ago or longer, the
   * longest unchecked first (index app_domains_active_check_idx).
   */
  async activeDue(limit: number, everyMs: number): Promise<string[]> {
    const rows = (await this.dataSource.query(
      `SELECT id FROM hosting.app_domains
        WHERE status = 'ACTIVE' AND verified_by = 'DNS'
          AND last_checked_at <= now() - make_interval(secs => $2::double precision / 1000)
        ORDER BY last_checked_at LIMIT $1`,
      [limit, everyMs],
    )) as { id: string }[];
    return rows.map((r) => r.id);
  }

  /** An ACTIVE domain re-checked: what was found (null: nothing new, DNS did not answer). */
  async recordActiveCheck(id: string, records: CheckedDomainRecord[] | null): Promise<void> {
    await this.dataSource.query(
      `UPDATE hosting.app_domains
          SET records = COALESCE($2::jsonb, records), last_checked_at = now(), updated_at = now()
        WHERE id = $1 AND status = 'ACTIVE'`,
      [id, records === null ? null : JSON.stringify(records)],
    );
  }

  /**
   * ACTIVE (verified in DNS) → PENDING: a needed record is gone. The records with what is MISSING,
   * counted as the first scheduled check of its PENDING life (checks 1, the next at `nextCheckAt`).
   * False when the row is gone or no longer such an ACTIVE domain.
   */
  async deactivate(id: string, records: CheckedDomainRecord[], nextCheckAt: Date): Promise<boolean> {
    const rows = (await this.dataSource.query(
      `UPDATE hosting.app_domains
          SET status = 'PENDING', verified_by = NULL, verified_at = NULL, records = $2, checks = 1,
              last_checked_at = now(), next_check_at = $3, updated_at = now()
        WHERE id = $1 AND status = 'ACTIVE' AND verified_by = 'DNS' RETURNING id`,
      [id, JSON.stringify(records), nextCheckAt],
    )) as [unknown[], number];
    return rows[0].length === 1;
  }

  /** Every ACTIVE domain with the variant it serves (the Ingress reconcile, Kubernetes). */
  activeRoutes(): Promise<ActiveDomainRoute[]> {
    return this.dataSource.query(
      `SELECT hostname, app_id AS "appId", variant FROM hosting.app_domains WHERE status = 'ACTIVE'`,
    ) as Promise<ActiveDomainRoute[]>;
  }

  /** The host names of the PENDING domains (the Ingress reconcile leaves theirs alone). */
  async pendingHostnames(): Promise<string[]> {
    const rows = (await this.dataSource.query(
      `SELECT hostname FROM hosting.app_domains WHERE status = 'PENDING'`,
    )) as { hostname: string }[];
    return rows.map((r) => r.hostname);
  }

  /** The app and variant an ACTIVE custom domain serves, or undefined. */
  async activeRoute(hostname: string): Promise<{ appId: string; variant: Variant } | undefined> {
    const [row] = (await this.dataSource.query(
      `SELECT app_id AS "appId", variant FROM hosting.app_domains WHERE hostname = $1 AND status = 'ACTIVE'`,
      [hostname],
    )) as { appId: string; variant: Variant }[];
    return row;
  }
}

/** `domain.verified` (docs/hosting.md, "Webhooks", Events), in the transaction of the change. */
async function recordVerified(
  manager: EntityManager,
  domain: AppDomain,
  verifiedBy: DomainVerifiedBy,
  verifiedAt: Date,
): Promise<void> {
  await manager.query(`SELECT hosting.record_webhook_event($1, $2, 'domain.verified', $3::jsonb)`, [
    domain.accountId,
    domain.appId,
    JSON.stringify({
      hostname: domain.hostname,
      variant: domain.variant,
      verifiedBy,
      verifiedAt: verifiedAt.toISOString(),
    }),
  ]);
}
