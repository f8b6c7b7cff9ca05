import type { HealthCheck } from './health-check';
import type { ResourceUsage } from './sandbox/resource-bounds';

/**
 * The runtime driver: what the hosting worker uses to run a built app variant, whatever runs it
 * (child processes on the worker host, see `LocalProcessDriver`; Deployments in a cluster, see
 * `KubernetesDriver`). Plain TypeScript, no Nest: the worker wraps one driver in a provider.
 */

export type Variant = 'PREVIEW' | 'PUBLISH';

export const VARIANTS: readonly Variant[] = ['PREVIEW', 'PUBLISH'];

/** One running thing per app and environment. */
export interface VariantKey {
  appId: string;
  variant: Variant;
}

/** How to start a build, as decided by the builder (`buildApp`). */
export interface StartCommand {
  /** `node` or `npm`; drivers resolve `node` to the worker's own Node binary. */
  command: string;
  args: string[];
}

export type RuntimeLogSource = 'STDOUT' | 'STDERR' | 'SYSTEM';
export type RuntimeLogLevel = 'DEBUG' | 'INFO' | 'WARN' | 'ERROR';

/**
 * One line an app (or the driver, source SYSTEM) wrote. Level: a line that is a JSON object with
 * a `level` (or `severity`) field takes it (pino numbers: ≥50 ERROR, ≥40 WARN, ≥30 INFO, below
 * DEBUG; names such as error, warn, info, debug, fatal, trace); otherwise STDERR lines are ERROR
 * and STDOUT lines INFO. The message is the line as written (a JSON line stays JSON).
 */
export interface RuntimeLogLine {
  at: Date;
  source: RuntimeLogSource;
  level: RuntimeLogLevel;
  message: string;
}

export interface VariantSpec {
  key: VariantKey;
  /** The build directory (`BuildResult.dir`); the app's working directory and its only writable place. */
  dir: string;
  startCommand: StartCommand;
  /** The variant's secrets, injected as environment variables (values are never logged). */
  env: Record<string, string>;
  /** Listening port; the local driver picks a free one when absent. Kept across restarts. */
  port?: number;
  /** Memory budget of the app. */
  memoryMb: number;
  /** CPU budget in millicores (1000 = one core): a hard limit in Kubernetes; see each driver. */
  cpuMillicores?: number;
  /** How many instances serve the variant (1–10, default 1): sandboxes locally, replicas in Kubernetes. */
  instances?: number;
  /** What makes a new instance ready for traffic; null or absent: accepting connections on PORT. */
  healthCheck?: HealthCheck | null;
  /**
   * Resolves once no request of the caller's proxy is in flight to any of `endpoints` (or after
   * `timeoutMs`): an old instance is drained before its SIGTERM. Absent: nothing is waited for.
   */
  whenIdle?(endpoints: readonly string[], timeoutMs: number): Promise<void>;
  /** Called for every line, in order per stream; must not throw (it is the app's log sink). */
  onLog(line: RuntimeLogLine): void;
}

/** One instance of a variant (a sandbox locally, a pod in Kubernetes). */
export interface InstanceRuntimeStatus {
  /** Its slot, 0 to instances − 1; a replacement takes the slot of the instance it replaces. */
  index: number;
  /** Unique per launched instance (a crash restart keeps it, a replacement gets a new one). */
  id: string;
  state: RuntimeState;
  /** Where the proxy reaches it while RUNNING, else null. */
  endpoint: string | null;
  port: number | null;
  pid: number | null;
  /** Relaunches after a crash (or a failed readiness). */
  restarts: number;
  /** Exits while it should have run (every crash, also the one that ended it FAILED). */
  crashes: number;
  lastExitCode: number | null;
  lastSignal: string | null;
  /**
   * How its last end is told (`instance-exit.ts`): `out of memory`, `over its process limit`,
   * `killed by SIGKILL`, `exit code 3`; null before its first end.
   */
  lastExit: string | null;
  /**
   * Why it last ended against its will (a crash, a failed readiness; RESOURCES when its bounds
   * ended it), kept across its crash relaunches; null while it never did.
   */
  lastFailure: StartFailureReason | null;
  /**
   * Memory of its whole sandbox in bytes (cgroup charge, or the watchdog's RSS sample) as last
   * sampled by list(); null while it does not run, before a sample, or where the driver does not
   * measure it (Kubernetes).
   */
  memoryBytes: number | null;
  /**
   * Whether the variant's traffic goes to it: RUNNING, past its start's gate, and not taken out by
   * a health check that keeps failing after the start (locally; a pod's readiness on Kubernetes).
   */
  inRotation: boolean;
  lastError: string | null;
  startedAt: Date | null;
  readyAt: Date | null;
}

/**
 * STARTING: launched, not yet accepting connections. RUNNING: accepting connections.
 * RESTARTING: exited or never became ready, waiting for its backoff before the next launch.
 * STOPPING: stop() asked it to end. STOPPED: not running (also: never started).
 * FAILED: crashed too often in a row; stays down until started again.
 */
export type RuntimeState = 'STARTING' | 'RUNNING' | 'RESTARTING' | 'STOPPING' | 'STOPPED' | 'FAILED';

/**
 * How a variant is kept apart from the platform: NETNS (local runtime: its own network, PID, IPC and
 * mount namespaces, see `sandbox/`), CLUSTER (a pod in the apps namespace under NetworkPolicies),
 * NONE (local runtime without isolation, only with HOSTING_UNISOLATED=allow).
 */
export type VariantIsolation = 'NETNS' | 'CLUSTER' | 'NONE';

/**
 * Where a variant's own connections may go, as its driver runs it: INTERNET (beyond the host and
 * its networks only, see `sandbox/egress-rules.ts` and the cluster's NetworkPolicies), NONE (its own
 * loopback only: HOSTING_APP_EGRESS=none, or a local sandbox on a host without `nft`), UNRESTRICTED
 * (HOSTING_UNISOLATED=allow: the worker host's network, the platform included).
 */
export type VariantEgress = 'INTERNET' | 'NONE' | 'UNRESTRICTED';

export interface VariantRuntimeStatus {
  key: VariantKey;
  state: RuntimeState;
  /** Diagnostics: the host the variant listens on (loopback inside its sandbox, a Service name, …). */
  host: string | null;
  port: number | null;
  /**
   * Where the worker's proxy sends the variant's traffic while it runs: `http://host:port`, or
   * `unix+http://<percent-encoded socket path>` for a sandboxed local variant (the form
   * @fastify/reply-from takes). Null while nothing answers.
   */
  endpoint: string | null;
  /** How this variant is isolated (null while stopped). */
  isolation: VariantIsolation | null;
  /** Process id of the current instance (local driver only). */
  pid: number | null;
  /** Relaunches since start() (crash or failed readiness). */
  restarts: number;
  /** When the current instance was launched. */
  startedAt: Date | null;
  /** When the current instance first accepted connections. */
  readyAt: Date | null;
  lastExitCode: number | null;
  lastSignal: string | null;
  /** Why the variant is RESTARTING or FAILED, for the status endpoint. */
  lastError: string | null;
  /**
   * Usage against the bounds and what enforces them (local driver: the running instance's, or the
   * last one's as it ended); absent where the driver does not measure it (Kubernetes).
   */
  resources?: ResourceUsage | null;
  /**
   * Every instance serving the variant, by index (the fields above describe the first one, or
   * sum `restarts`); a start in progress adds its new instances after them.
   */
  instances: InstanceRuntimeStatus[];
  /** The endpoints of the RUNNING instances that serve traffic: what the proxy balances over. */
  endpoints: string[];
}

export type VariantHandle = VariantRuntimeStatus;

/**
 * start() resolves once every new instance is ready (accepting connections, and passing the health
 * check when the spec has one) and rejects with `RuntimeStartError` when one ends FAILED, fails its
 * health check by the startup deadline, or is stopped first; starting a key that runs replaces it
 * beside: the old instances serve until the new ones are ready, then they are drained and stopped
 * (they are left untouched when the start fails). stop() of an unknown key is a no-op. status() and list() are
 * asynchronous because a cluster driver has to ask the API server; an unknown key is STOPPED.
 */
export interface RuntimeDriver {
  /** How every variant this driver runs is isolated (the status' `isolation`). */
  readonly isolation: VariantIsolation;
  /** Where every variant this driver runs may connect to (the status' `egress`). */
  readonly egress: VariantEgress;
  start(spec: VariantSpec): Promise<VariantHandle>;
  /**
   * Takes over a variant that another worker ran (its lease was adopted): a driver whose variants
   * die with their worker (local) starts it; a cluster driver attaches to what runs there (status,
   * log streaming) and restarts nothing, applying the spec only where the objects are missing.
   */
  adopt(spec: VariantSpec): Promise<VariantHandle>;
  /**
   * Lets go of a variant without ending what outlives this worker (another worker adopts it): the
   * local driver stops it (its processes cannot outlive the worker); a cluster driver stops
   * watching it and leaves its objects in place.
   */
  release(key: VariantKey): Promise<void>;
  stop(key: VariantKey): Promise<void>;
  /**
   * Runs `instances` instances of a running variant: more are started beside (no restart of the
   * others), the highest indexes drained and stopped. A variant that does not run is left alone.
   */
  scale(key: VariantKey, instances: number): Promise<VariantRuntimeStatus>;
  /**
   * Replaces the variant's instances one at a time with `spec` (its env and health check): each
   * replacement starts beside, takes traffic once ready, then the old one is drained. Rejects with
   * RuntimeStartError when a replacement never gets ready (the rest keep running as they were).
   */
  restart(spec: VariantSpec): Promise<VariantHandle>;
  status(key: VariantKey): Promise<VariantRuntimeStatus>;
  /**
   * Every variant this driver has started and not forgotten (including STOPPED and FAILED ones),
   * each running instance's `memoryBytes` sampled now (the worker's status sync calls it; status()
   * reports the last sample, so the proxy's per-request status reads no file).
   */
  list(): Promise<VariantRuntimeStatus[]>;
  stopAll(): Promise<void>;
}

/**
 * Why a start failed, where the driver knows (the local driver; the Kubernetes driver gives none):
 * EXITED (the last launch ended before accepting connections), NOT_LISTENING (it ran but was killed
 * for not accepting connections within `timeoutMs`), REFUSED (the driver would not launch it: no
 * isolation mechanism, a refused start command), SANDBOX_FAILED (its sandbox could not be set up),
 * STOPPED (stopped or replaced before it was ready), RESOURCES (its bounds ended it: over its memory
 * bound, killed by the kernel or the watchdog, or over its process bound; `sandbox/resource-bounds.ts`).
 */
export type StartFailureReason =
  | { readonly kind: 'EXITED'; readonly exitCode: number | null; readonly signal: string | null }
  | { readonly kind: 'NOT_LISTENING'; readonly timeoutMs: number }
  | { readonly kind: 'REFUSED' }
  | { readonly kind: 'SANDBOX_FAILED' }
  | { readonly kind: 'STOPPED' }
  | {
      readonly kind: 'HEALTH_CHECK';
      readonly path: string;
      /** The last probe's result (`HTTP 500`, `timed out after …`), null when none answered. */
      readonly lastResult: string | null;
      readonly timeoutMs: number;
    }
  | { readonly kind: 'RESOURCES'; readonly resource: 'memory' | 'pids'; readonly detail: string };

export class RuntimeStartError extends Error {
  constructor(
    readonly key: VariantKey,
    message: string,
    readonly reason?: StartFailureReason,
  ) {
    super(message);
    this.name = 'RuntimeStartError';
  }
}

/**
 * Names a variant's secrets may not set: the driver owns them (PORT, HOME, PATH, NODE_ENV) or they
 * would weaken the confinement (NODE_OPTIONS can add --allow-fs-read, --require a file, raise the
 * heap limit). The secrets API refuses them; the drivers drop them too.
 */
export const RESERVED_ENV_NAMES: ReadonlySet<string> = new Set([
  'PORT',
  'HOME',
  'PATH',
  'NODE_ENV',
  'NODE_OPTIONS',
]);

export function variantKeyId(key: VariantKey): string {
  return `${key.appId}/${key.variant}`;
}

export function stoppedStatus(key: VariantKey): VariantRuntimeStatus {
  return {
    key,
    state: 'STOPPED',
    host: null,
    port: null,
    endpoint: null,
    isolation: null,
    pid: null,
    restarts: 0,
    startedAt: null,
    readyAt: null,
    lastExitCode: null,
    lastSignal: null,
    lastError: null,
    instances: [],
    endpoints: [],
  };
}

/**
 * Splits a variant's secrets into the ones that can become environment variables and the names
 * dropped: reserved names, and names an environment cannot carry (`=` or NUL; the secret-name
 * syntax allows `=`).
 */
export function secretsToEnv(secrets: Record<string, string>): {
  env: Record<string, string>;
  dropped: string[];
} {
  const env: Record<string, string> = {};
  const dropped: string[] = [];
  for (const [name, value] of Object.entries(secrets)) {
    if (RESERVED_ENV_NAMES.has(name) || name === '' || /[=\0]/.test(name) || value.includes('\0')) {
      dropped.push(name);
    } else {
      env[name] = value;
    }
  }
  return { env, dropped };
}
