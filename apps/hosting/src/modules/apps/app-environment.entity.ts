import { Check, Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { CreatedAtColumn, UpdatedAtColumn } from '@platform/database';
import type { OperationFailure } from '../failures/operation-failure';
import type { HealthCheck } from '../runtime/health-check';

/** Instances a variant may run (docs/hosting.md, "Instances, health checks and restarts"). */
export const INSTANCES_MIN = 1;
export const INSTANCES_MAX = 10;

/** One instance as the worker last recorded it (`runtime_instances`, shown by GET …/status). */
export interface RecordedInstance {
  readonly index: number;
  readonly id: string;
  readonly state: string;
  readonly restarts: number;
  readonly lastExitCode: number | null;
  readonly lastSignal: string | null;
  /** How its last end is told (`out of memory`, `killed by SIGKILL`, `exit code 3`); absent in rows written before it. */
  readonly lastExit?: string | null;
  /** Its sandbox's memory in MB as the sync sampled it (null where unmeasured); absent in rows written before it. */
  readonly memoryMb?: number | null;
  /** Whether traffic goes to it (instanceStatus().inRotation); absent in rows written before it. */
  readonly inRotation?: boolean;
  readonly startedAt: string | null;
  readonly readyAt: string | null;
}

export const VARIANTS = ['PREVIEW', 'PUBLISH'] as const;
export type Variant = (typeof VARIANTS)[number];

/** What the runtime should do with a variant: STOPPED until a build is started in it. */
export const DESIRED_STATES = ['STOPPED', 'RUNNING'] as const;
export type DesiredState = (typeof DESIRED_STATES)[number];

/**
 * One of the two environments (variants) of an app, created with it by the worker. Holds the
 * runtime's desired state; later slices set currentBuildId (the build running there) and port.
 */
@Entity({ schema: 'hosting', name: 'app_environments' })
@Index('app_environments_owner_idx', ['ownerWorkerId'])
@Check(
  'app_environments_instances_check',
  `"instances" >= ${INSTANCES_MIN} AND "instances" <= ${INSTANCES_MAX}`,
)
export class AppEnvironmentEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  appId!: string;

  @PrimaryColumn({ type: 'varchar', length: 16 })
  variant!: Variant;

  @Column({ type: 'varchar', length: 16 })
  desiredState!: DesiredState;

  /** The build running (or to run) in this variant; null until the first import. */
  @Column({ type: 'uuid', nullable: true })
  currentBuildId!: string | null;

  /** The deployment that put currentBuildId in PUBLISH; null in PREVIEW and before the first deployment. */
  @Column({ type: 'uuid', nullable: true })
  currentDeploymentId!: string | null;

  /** The local driver's port of this variant; null while nothing runs. */
  @Column({ type: 'integer', nullable: true })
  port!: number | null;

  /**
   * What the worker last saw of the variant's process (RuntimeState: STOPPED, STARTING, RUNNING,
   * RESTARTING, STOPPING, FAILED); the worker owns the processes, the API reads this column.
   */
  @Column({ type: 'varchar', length: 16, default: 'STOPPED' })
  runtimeState!: string;

  /**
   * How the worker that last recorded the variant isolates it: NETNS (a sandbox of its own), CLUSTER
   * (a pod), NONE (HOSTING_UNISOLATED=allow); null until a worker recorded it.
   */
  @Column({ type: 'varchar', length: 16, nullable: true })
  runtimeIsolation!: string | null;

  /**
   * Where the variant may connect to as that worker runs it: INTERNET, NONE (HOSTING_APP_EGRESS=none,
   * or a sandbox on a host without nft), UNRESTRICTED (HOSTING_UNISOLATED=allow); null until a
   * worker recorded it.
   */
  @Column({ type: 'varchar', length: 16, nullable: true })
  runtimeEgress!: string | null;

  /** Why the variant is RESTARTING or FAILED (the driver's last error). */
  @Column({ type: 'text', nullable: true })
  runtimeError!: string | null;

  /** The build directory of currentBuildId, so a restarted worker can start it again. */
  @Column({ type: 'text', nullable: true })
  buildDir!: string | null;

  /** The start command of that build (`{command, args}`). */
  @Column({ type: 'jsonb', nullable: true })
  startCommand!: { command: string; args: string[] } | null;

  /**
   * The hosting worker (hosting.workers) that runs this variant: exactly one live worker at a time
   * (docs/hosting.md, "Several workers"). Null when no worker took it yet; a worker whose lease expired owns
   * nothing (its variants are orphans another worker adopts).
   */
  @Column({ type: 'uuid', nullable: true })
  ownerWorkerId!: string | null;

  /**
   * Workers that owned the variant when another one took it over (an import or deployment ran
   * elsewhere) and have not yet confirmed they stopped their copy; the new owner starts it only
   * once none of them is live.
   */
  @Column({ type: 'uuid', array: true, default: () => "'{}'" })
  handoffWorkerIds!: string[];

  /** How many instances serve the variant (1–10; PATCH …/apps/{appId}); a change applies to what runs. */
  @Column({ type: 'integer', default: INSTANCES_MIN })
  instances!: number;

  /** The variant's health check, or null ("listening on PORT"); a change applies at the next start or restart. */
  @Column({ type: 'jsonb', nullable: true })
  healthCheck!: HealthCheck | null;

  /** Every instance as the owning worker last saw it (empty while nothing runs). */
  @Column({ type: 'jsonb', default: () => "'[]'" })
  runtimeInstances!: RecordedInstance[];

  /**
   * Why the variant's instances last ended against their will where a phase says it (RESOURCES:
   * over the memory or process bound), as the owning worker's sync last saw it; null otherwise.
   */
  @Column({ type: 'jsonb', nullable: true })
  runtimeFailure!: OperationFailure | null;

  /** The memory bound of each instance (HOSTING_APP_MEMORY_MB) the owning worker runs it with; null until recorded. */
  @Column({ type: 'integer', nullable: true })
  runtimeMemoryLimitMb!: number | null;

  @CreatedAtColumn()
  createdAt!: Date;

  @UpdatedAtColumn()
  updatedAt!: Date;
}
