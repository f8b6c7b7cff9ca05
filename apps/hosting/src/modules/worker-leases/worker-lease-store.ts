import type { DataSource, EntityManager } from 'typeorm';
import type { RecordedInstance } from '../apps/app-environment.entity';
import type { OperationFailure } from '../failures/operation-failure';
import type { HealthCheck, StartCommand, Variant, VariantKey } from '../runtime';

/** PostgreSQL channel of ownership changes (payload: an OwnerNotice as JSON). */
export const VARIANT_OWNER_CHANNEL = 'hosting_variant_owner';

/**
 * `taken`: `owner` took the variant over (every other worker stops its copy); `released`: `worker`
 * stopped the copies it was asked to hand off; `retired`: `worker` shut down and gave up its variants.
 */
export type OwnerNotice =
  | { kind: 'taken'; appId: string; variant: Variant; owner: string }
  | { kind: 'released'; worker: string }
  | { kind: 'retired'; worker: string };

/** A variant a worker owns (or just claimed), with what it needs to run it. */
export interface OwnedVariant {
  readonly key: VariantKey;
  readonly desiredState: string;
  readonly buildDir: string | null;
  readonly startCommand: StartCommand | null;
  readonly port: number | null;
  /** How many instances should serve it (1–10). */
  readonly instances: number;
  readonly healthCheck: HealthCheck | null;
}

/** An instance's webhook event, recorded with the runtime columns that report it. */
/** What recordRuntime writes besides the state (each left as it is when absent). */
export interface RuntimeRecord {
  readonly instances?: RecordedInstance[];
  readonly events?: InstanceEvent[];
  /** The variant's failure while it runs (runtimeFailure; null clears it). */
  readonly failure?: OperationFailure | null;
  /** The memory bound its instances run with. */
  readonly memoryLimitMb?: number;
}

export interface InstanceEvent {
  readonly type: 'instance.crashed' | 'instance.restarted';
  readonly data: Record<string, unknown>;
}

export interface ClaimedVariant extends OwnedVariant {
  /** The expired worker it was taken from (null: nobody owned it). */
  readonly previousOwner: string | null;
}

export interface LiveOwner {
  readonly workerId: string;
  readonly address: string;
}

/** Thrown when this worker's lease is not live: it may not take or run variants until it registered again. */
export class LeaseLostError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LeaseLostError';
  }
}

interface OwnedRow {
  app_id: string;
  variant: Variant;
  desired_state: string;
  build_dir: string | null;
  start_command: StartCommand | null;
  port: number | null;
  instances: number;
  health_check: HealthCheck | null;
  previous?: string | null;
}

const toOwned = (row: OwnedRow): OwnedVariant => ({
  key: { appId: row.app_id, variant: row.variant },
  desiredState: row.desired_state,
  buildDir: row.build_dir,
  startCommand: row.start_command,
  port: row.port,
  instances: row.instances,
  healthCheck: row.health_check,
});

/** The rows of an UPDATE … RETURNING: TypeORM's postgres query() answers `[rows, rowCount]` for UPDATE. */
function returned<T>(result: unknown): T[] {
  const raw = result as unknown[];
  return raw.length === 2 && Array.isArray(raw[0]) && typeof raw[1] === 'number'
    ? (raw[0] as T[])
    : (raw as T[]);
}

/** `now() + ttl` in SQL, ttl in ms as parameter `$n`. */
const expiry = (n: number): string => `now() + make_interval(secs => $${n}::double precision / 1000)`;

/** Whether worker `ref` (an SQL expression) holds a live lease, by the database's clock. */
const live = (ref: string): string =>
  `EXISTS (SELECT 1 FROM hosting.workers w WHERE w.worker_id = ${ref} AND w.expires_at > now())`;

/** A variant that should run and can: desired RUNNING with a recorded build. */
const RUNNABLE = `e.desired_state = 'RUNNING' AND e.build_dir IS NOT NULL AND e.start_command IS NOT NULL`;

/**
 * The SQL of worker leases and variant ownership (docs/hosting.md, "Several workers"). Every comparison uses
 * the database's now(), never a process clock; every ownership change is a guarded UPDATE, so two
 * workers never both own a variant.
 */
export class WorkerLeaseStore {
  constructor(private readonly dataSource: DataSource) {}

  /** Inserts a live lease; rows of workers expired for over an hour go (a dead worker's row is diagnostics only). */
  async register(workerId: string, address: string, runtime: string, ttlMs: number): Promise<void> {
    await this.dataSource.query(`DELETE FROM hosting.workers WHERE expires_at < now() - interval '1 hour'`);
    await this.dataSource.query(
      `INSERT INTO hosting.workers (worker_id, address, runtime, started_at, heartbeat_at, expires_at)
       VALUES ($1, $2, $3, now(), now(), ${expiry(4)})`,
      [workerId, address, runtime, ttlMs],
    );
  }

  /** Extends the lease; false when it had already expired (or is gone): the worker must fence itself. */
  async heartbeat(workerId: string, ttlMs: number): Promise<boolean> {
    const rows = returned(
      await this.dataSource.query(
        `UPDATE hosting.workers SET heartbeat_at = now(), expires_at = ${expiry(2)}
        WHERE worker_id = $1 AND expires_at > now()
       RETURNING worker_id`,
        [workerId, ttlMs],
      ),
    );
    return rows.length === 1;
  }

  /** Ids of every worker whose lease is live. */
  async liveWorkerIds(): Promise<Set<string>> {
    const rows: { worker_id: string }[] = await this.dataSource.query(
      `SELECT worker_id FROM hosting.workers WHERE expires_at > now()`,
    );
    return new Set(rows.map((r) => r.worker_id));
  }

  /**
   * Takes orphans (runnable variants whose owner is null or not live) up to this worker's fair share:
   * ceil(runnable / live workers) minus what it owns already. Rows another worker is claiming at the
   * same moment are skipped (SKIP LOCKED), never waited for. Nothing when this worker is not live.
   */
  async claimOrphans(workerId: string): Promise<ClaimedVariant[]> {
    const rows = returned<OwnedRow>(
      await this.dataSource.query(
        `WITH live AS (SELECT count(*)::int AS n FROM hosting.workers WHERE expires_at > now()),
            wanted AS (SELECT count(*)::int AS n FROM hosting.app_environments e WHERE ${RUNNABLE}),
            mine AS (SELECT count(*)::int AS n FROM hosting.app_environments e
                      WHERE e.owner_worker_id = $1 AND ${RUNNABLE}),
            quota AS (SELECT GREATEST(0, CEIL(wanted.n::numeric / GREATEST(live.n, 1))::int - mine.n) AS n
                        FROM live, wanted, mine WHERE ${live('$1')}),
            picked AS (SELECT e.app_id, e.variant, e.owner_worker_id AS previous
                         FROM hosting.app_environments e
                        WHERE ${RUNNABLE}
                          AND (e.owner_worker_id IS NULL OR NOT ${live('e.owner_worker_id')})
                        ORDER BY e.app_id, e.variant
                        LIMIT COALESCE((SELECT n FROM quota), 0)
                          FOR UPDATE OF e SKIP LOCKED)
       UPDATE hosting.app_environments e SET owner_worker_id = $1
         FROM picked
        WHERE e.app_id = picked.app_id AND e.variant = picked.variant
          AND e.owner_worker_id IS NOT DISTINCT FROM picked.previous
       RETURNING e.app_id, e.variant, e.desired_state, e.build_dir, e.start_command, e.port,
                 e.instances, e.health_check, picked.previous`,
        [workerId],
      ),
    );
    return rows.map((row) => ({ ...toOwned(row), previousOwner: row.previous ?? null }));
  }

  /** Every variant `workerId` owns. */
  async owned(workerId: string): Promise<OwnedVariant[]> {
    const rows: OwnedRow[] = await this.dataSource.query(
      `SELECT app_id, variant, desired_state, build_dir, start_command, port, instances, health_check
         FROM hosting.app_environments WHERE owner_worker_id = $1`,
      [workerId],
    );
    return rows.map(toOwned);
  }

  /**
   * An import or deployment is about to start `key` here: `workerId` takes it from whoever owns
   * it. A live previous owner joins handoff_worker_ids (it has to stop its copy first; see
   * handoffState) and hears of it on VARIANT_OWNER_CHANNEL. Throws LeaseLostError when `workerId`
   * is not live; returns the live previous owner (null: none, or this worker).
   */
  async takeOver(workerId: string, key: VariantKey): Promise<string | null> {
    return this.dataSource.transaction(async (manager) => {
      const me: unknown[] = await manager.query(
        `SELECT 1 FROM hosting.workers WHERE worker_id = $1 AND expires_at > now() FOR SHARE`,
        [workerId],
      );
      if (me.length === 0) throw new LeaseLostError(`worker ${workerId} holds no live lease`);
      const rows: { previous: string | null; previous_live: boolean }[] = await manager.query(
        `SELECT owner_worker_id AS previous,
                (owner_worker_id IS NOT NULL AND owner_worker_id <> $1 AND ${live('owner_worker_id')}) AS previous_live
           FROM hosting.app_environments WHERE app_id = $2 AND variant = $3 FOR UPDATE`,
        [workerId, key.appId, key.variant],
      );
      const row = rows[0];
      if (!row) return null; // the app is gone: the caller's own checks say so
      await manager.query(
        `UPDATE hosting.app_environments e
            SET owner_worker_id = $1,
                handoff_worker_ids = ARRAY(
                  SELECT DISTINCT h FROM unnest(array_append(e.handoff_worker_ids, $4::uuid)) AS h
                   WHERE h IS NOT NULL AND h <> $1 AND ${live('h')})
          WHERE app_id = $2 AND variant = $3`,
        [workerId, key.appId, key.variant, row.previous_live ? row.previous : null],
      );
      if (!row.previous_live) return null;
      await this.notify(manager, {
        kind: 'taken',
        appId: key.appId,
        variant: key.variant,
        owner: workerId,
      });
      return row.previous;
    });
  }

  /**
   * Whether `workerId` still owns `key` with a live lease, and whether every worker it was taken
   * from has stopped its copy (or is no longer live).
   */
  async handoffState(workerId: string, key: VariantKey): Promise<{ mine: boolean; clear: boolean }> {
    const rows: { mine: boolean; clear: boolean }[] = await this.dataSource.query(
      `SELECT (e.owner_worker_id IS NOT DISTINCT FROM $1::uuid AND ${live('$1::uuid')}) AS mine,
              NOT EXISTS (SELECT 1 FROM unnest(e.handoff_worker_ids) AS h WHERE h <> $1 AND ${live('h')}) AS clear
         FROM hosting.app_environments e WHERE e.app_id = $2 AND e.variant = $3`,
      [workerId, key.appId, key.variant],
    );
    return rows[0] ?? { mine: false, clear: true };
  }

  /** Variants `workerId` was asked to hand off and has not acknowledged yet. */
  async pendingHandoffs(workerId: string): Promise<VariantKey[]> {
    const rows: { app_id: string; variant: Variant }[] = await this.dataSource.query(
      `SELECT app_id, variant FROM hosting.app_environments WHERE $1::uuid = ANY(handoff_worker_ids)`,
      [workerId],
    );
    return rows.map((r) => ({ appId: r.app_id, variant: r.variant }));
  }

  /** `workerId` stopped its copies of the variants it was asked to hand off (all of them without `key`). */
  async acknowledgeRelease(workerId: string, key?: VariantKey): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const rows = returned(
        await manager.query(
          `UPDATE hosting.app_environments SET handoff_worker_ids = array_remove(handoff_worker_ids, $1::uuid)
          WHERE $1::uuid = ANY(handoff_worker_ids) ${key ? 'AND app_id = $2 AND variant = $3' : ''}
         RETURNING app_id`,
          key ? [workerId, key.appId, key.variant] : [workerId],
        ),
      );
      if (rows.length > 0) await this.notify(manager, { kind: 'released', worker: workerId });
    });
  }

  /** A graceful shutdown: every variant of `workerId` becomes an orphan at once and its lease ends. */
  async retire(workerId: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await manager.query(
        `UPDATE hosting.app_environments SET owner_worker_id = NULL WHERE owner_worker_id = $1`,
        [workerId],
      );
      await manager.query(
        `UPDATE hosting.app_environments SET handoff_worker_ids = array_remove(handoff_worker_ids, $1::uuid)
          WHERE $1::uuid = ANY(handoff_worker_ids)`,
        [workerId],
      );
      await manager.query(`DELETE FROM hosting.workers WHERE worker_id = $1`, [workerId]);
      await this.notify(manager, { kind: 'retired', worker: workerId });
    });
  }

  /** The live worker that owns `key`, if any. */
  async liveOwner(key: VariantKey): Promise<LiveOwner | null> {
    const rows: { worker_id: string; address: string }[] = await this.dataSource.query(
      `SELECT w.worker_id, w.address
         FROM hosting.app_environments e JOIN hosting.workers w ON w.worker_id = e.owner_worker_id
        WHERE e.app_id = $1 AND e.variant = $2 AND w.expires_at > now()`,
      [key.appId, key.variant],
    );
    return rows[0] ? { workerId: rows[0].worker_id, address: rows[0].address } : null;
  }

  /** The runtime state recorded by the live owner of `key` (null: no live owner). */
  async liveOwnerState(key: VariantKey): Promise<{ workerId: string; runtimeState: string } | null> {
    const rows: { worker_id: string; runtime_state: string }[] = await this.dataSource.query(
      `SELECT e.owner_worker_id AS worker_id, e.runtime_state
         FROM hosting.app_environments e
        WHERE e.app_id = $1 AND e.variant = $2 AND ${live('e.owner_worker_id')}`,
      [key.appId, key.variant],
    );
    return rows[0] ? { workerId: rows[0].worker_id, runtimeState: rows[0].runtime_state } : null;
  }

  /**
   * Writes the runtime columns of `key` only while `workerId` owns it; false when it does not (the
   * write is dropped).
   */
  async recordRuntime(
    workerId: string,
    key: VariantKey,
    state: string,
    error: string | null,
    port?: number,
    isolation: string | null = null,
    egress: string | null = null,
    more: RuntimeRecord = {},
  ): Promise<boolean> {
    const events = more.events ?? [];
    const write = async (manager: EntityManager | DataSource): Promise<boolean> => {
      const rows = returned(
        await manager.query(
          `UPDATE hosting.app_environments
            SET runtime_state = $4, runtime_error = $5, port = COALESCE($6, port),
                runtime_isolation = COALESCE($7, runtime_isolation),
                runtime_egress = COALESCE($8, runtime_egress),
                runtime_instances = COALESCE($9::jsonb, runtime_instances),
                runtime_failure = CASE WHEN $10::boolean THEN $11::jsonb ELSE runtime_failure END,
                runtime_memory_limit_mb = COALESCE($12, runtime_memory_limit_mb), updated_at = now()
          WHERE app_id = $2 AND variant = $3 AND owner_worker_id = $1
         RETURNING app_id`,
          [
            workerId,
            key.appId,
            key.variant,
            state,
            error,
            port ?? null,
            isolation,
            egress,
            more.instances === undefined ? null : JSON.stringify(more.instances),
            more.failure !== undefined,
            more.failure ? JSON.stringify(more.failure) : null,
            more.memoryLimitMb ?? null,
          ],
        ),
      );
      if (rows.length !== 1) return false;
      // instance.crashed / instance.restarted in the transaction of the change they report.
      for (const event of events)
        await manager.query(
          `SELECT hosting.record_webhook_event(a.account_id, a.app_id, $2, $3::jsonb)
             FROM hosting.apps a WHERE a.app_id = $1`,
          [key.appId, event.type, JSON.stringify(event.data)],
        );
      return true;
    };
    return events.length === 0 ? write(this.dataSource) : this.dataSource.transaction(write);
  }

  /** The instances and health check `key` should run with (defaults when the variant is gone). */
  async variantSettings(key: VariantKey): Promise<{ instances: number; healthCheck: HealthCheck | null }> {
    const rows: { instances: number; health_check: HealthCheck | null }[] = await this.dataSource.query(
      `SELECT instances, health_check FROM hosting.app_environments WHERE app_id = $1 AND variant = $2`,
      [key.appId, key.variant],
    );
    return { instances: rows[0]?.instances ?? 1, healthCheck: rows[0]?.health_check ?? null };
  }

  private async notify(manager: EntityManager, notice: OwnerNotice): Promise<void> {
    await manager.query(`SELECT pg_notify($1, $2)`, [VARIANT_OWNER_CHANNEL, JSON.stringify(notice)]);
  }
}
