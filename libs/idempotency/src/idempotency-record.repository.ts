import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { IdempotencyState } from './idempotency-state';
import { runStatement } from '@platform/database';

const TABLE = '"idempotency"."idempotency_records"';
const SAME_KEY = `"credential_id" = $1 AND "route" = $2 AND "idempotency_key" = $3`;

/** One key of one credential on one route. */
export interface IdempotencyScope {
  readonly credentialId: string;
  /** Method and route template: `PATCH /v1/hosting/apps/:appId/secrets`. */
  readonly route: string;
  readonly key: string;
}

/** A response as stored for replay; `body` is the JSON text that was sent, null for none. */
export interface StoredResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string | null;
}

export type ClaimOutcome =
  | { readonly kind: 'claimed'; readonly claimId: string }
  | { readonly kind: 'completed'; readonly response: StoredResponse }
  | { readonly kind: 'in-flight' }
  | { readonly kind: 'mismatch' };

export interface ClaimTimes {
  readonly leaseSeconds: number;
  readonly retentionSeconds: number;
}

interface ExistingRow {
  state: IdempotencyState;
  fingerprint: string;
  response_status: number | null;
  response_headers: Record<string, string> | null;
  response_body: string | null;
  expired: boolean;
  abandoned: boolean;
}

/**
 * Takes the key in one statement. A new key is inserted IN_FLIGHT; an existing one is taken over
 * only when it has expired (treated as absent, whatever it held) or when it is an IN_FLIGHT claim
 * of the same request older than the lease (its process died). ON CONFLICT locks the row, so of
 * concurrent requests exactly one gets a row back.
 */
const CLAIM = `
INSERT INTO ${TABLE} AS r
  ("credential_id", "route", "idempotency_key", "fingerprint", "state", "claim_id", "created_at", "expires_at")
VALUES ($1, $2, $3, $4, '${IdempotencyState.IN_FLIGHT}', $5, now(), now() + make_interval(secs => $6::double precision))
ON CONFLICT ("credential_id", "route", "idempotency_key") DO UPDATE SET
  "fingerprint" = EXCLUDED."fingerprint",
  "state" = '${IdempotencyState.IN_FLIGHT}',
  "claim_id" = EXCLUDED."claim_id",
  "response_status" = NULL,
  "response_headers" = NULL,
  "response_body" = NULL,
  "created_at" = EXCLUDED."created_at",
  "completed_at" = NULL,
  "expires_at" = EXCLUDED."expires_at"
WHERE r."expires_at" <= now()
   OR (r."state" = '${IdempotencyState.IN_FLIGHT}'
       AND r."fingerprint" = EXCLUDED."fingerprint"
       AND r."created_at" < now() - make_interval(secs => $7::double precision))
RETURNING "claim_id"`;

const FIND = `
SELECT "state", "fingerprint", "response_status", "response_headers", "response_body"::text AS "response_body",
       "expires_at" <= now() AS "expired",
       "created_at" < now() - make_interval(secs => $4::double precision) AS "abandoned"
FROM ${TABLE} WHERE ${SAME_KEY}`;

const COMPLETE = `
UPDATE ${TABLE} SET
  "state" = '${IdempotencyState.COMPLETED}',
  "response_status" = $5,
  "response_headers" = $6::jsonb,
  "response_body" = $7::json,
  "completed_at" = now(),
  "expires_at" = now() + make_interval(secs => $8::double precision)
WHERE ${SAME_KEY} AND "claim_id" = $4 AND "state" = '${IdempotencyState.IN_FLIGHT}'`;

const RELEASE = `DELETE FROM ${TABLE} WHERE ${SAME_KEY} AND "claim_id" = $4 AND "state" = '${IdempotencyState.IN_FLIGHT}'`;

/** A few rounds cover a claim released or expired between our two statements; more means churn, answered 409. */
const CLAIM_ROUNDS = 3;

/** The Postgres side of @Idempotent(): claim, complete, release. */
@Injectable()
export class IdempotencyRecordRepository {
  constructor(private readonly dataSource: DataSource) {}

  async claim(scope: IdempotencyScope, fingerprint: string, times: ClaimTimes): Promise<ClaimOutcome> {
    const key = [scope.credentialId, scope.route, scope.key];
    for (let round = 0; round < CLAIM_ROUNDS; round++) {
      const claimId = randomUUID();
      const claimed = await runStatement<{ claim_id: string }>(this.dataSource, CLAIM, [
        ...key,
        fingerprint,
        claimId,
        times.retentionSeconds,
        times.leaseSeconds,
      ]);
      if (claimed.rows.length === 1) return { kind: 'claimed', claimId };
      const found = await runStatement<ExistingRow>(this.dataSource, FIND, [...key, times.leaseSeconds]);
      const row = found.rows[0];
      // Gone (released after a failure) or expired since the claim: claim again.
      if (!row || row.expired) continue;
      if (row.fingerprint !== fingerprint) return { kind: 'mismatch' };
      if (row.state === IdempotencyState.COMPLETED && row.response_status !== null) {
        return {
          kind: 'completed',
          response: {
            status: row.response_status,
            headers: row.response_headers ?? {},
            body: row.response_body,
          },
        };
      }
      // An abandoned claim of this same request: the next round takes it over.
      if (row.abandoned) continue;
      return { kind: 'in-flight' };
    }
    return { kind: 'in-flight' };
  }

  /** Stores the response; false when the claim was lost (taken over after the lease ran out). */
  async complete(
    scope: IdempotencyScope,
    claimId: string,
    response: StoredResponse,
    retentionSeconds: number,
  ): Promise<boolean> {
    const result = await runStatement(this.dataSource, COMPLETE, [
      scope.credentialId,
      scope.route,
      scope.key,
      claimId,
      response.status,
      JSON.stringify(response.headers),
      response.body,
      retentionSeconds,
    ]);
    return result.affected === 1;
  }

  /** Gives the key back after a failed request, so the client can retry with it. */
  async release(scope: IdempotencyScope, claimId: string): Promise<boolean> {
    const result = await runStatement(this.dataSource, RELEASE, [
      scope.credentialId,
      scope.route,
      scope.key,
      claimId,
    ]);
    return result.affected === 1;
  }
}
