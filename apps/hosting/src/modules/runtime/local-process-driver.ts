import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import { exceededDescription, exitDescription } from './instance-exit';
import { LineSplitter, logLevelOf } from './log-lines';
import { confinedNodeArgv, detectPermissionFlag, heapFlags, refusedNodeFlag } from './node-command';
import { acceptsConnections, findFreePort, minimalPath, signalGroup } from './process-group';
import {
  RuntimeStartError,
  secretsToEnv,
  stoppedStatus,
  variantKeyId,
  type RuntimeDriver,
  type RuntimeLogLevel,
  type InstanceRuntimeStatus,
  type RuntimeLogLine,
  type RuntimeState,
  type StartFailureReason,
  type VariantHandle,
  type VariantEgress,
  type VariantIsolation,
  type VariantKey,
  type VariantRuntimeStatus,
  type VariantSpec,
} from './runtime-driver';
import type {
  InstanceBounds,
  ResourceBounds,
  ResourceExceeded,
  ResourceUsage,
} from './sandbox/resource-bounds';
import { processTree } from './sandbox/resource-watchdog';
import type { SandboxHost } from './sandbox/sandbox-host';
import { VariantInstances, type InstanceSupervisor } from './variant-instances';
import { SANDBOX_APP_PORT, spawnSandbox, startSandbox, type SandboxMessage } from './sandbox/sandbox-launch';
import { KeyedMutex } from '@platform/database';
import { errorMessage } from '@platform/errors';

/**
 * How the driver keeps variants apart from the platform: `sandbox` runs each instance in its own
 * namespaces (see `sandbox/`); `unisolated` runs plain child processes on the worker's network
 * (HOSTING_UNISOLATED=allow, and this driver's own supervision tests); `refuse` fails every start
 * with the reason (no isolation mechanism on this host, and unisolated apps not allowed).
 */
export type LocalIsolation = { sandbox: SandboxHost } | { unisolated: true } | { refuse: string };

export interface BackoffOptions {
  /** Delay before the first relaunch after a crash; doubles with each crash in a row. */
  initialMs?: number;
  maxMs?: number;
  /** Running (accepting connections) this long resets the crash count and the delay. */
  resetAfterMs?: number;
  /** The crash that makes this many in a row ends in FAILED instead of a relaunch. */
  maxConsecutiveCrashes?: number;
}

export interface LocalProcessDriverOptions {
  /** Where readiness is probed and what status() reports as the variant's host. */
  host?: string;
  /** An instance not accepting connections this long after launch is killed and counts as a crash. */
  startupTimeoutMs?: number;
  readinessIntervalMs?: number;
  /** stop(): SIGTERM, then SIGKILL to the process group after this long. */
  stopGraceMs?: number;
  backoff?: BackoffOptions;
  /** Scheduling niceness of every app (0..19; higher yields the CPU to the platform's own processes). */
  nice?: number;
  /** Node's permission model for `node <file>` start commands (default on where Node has it). */
  permissionModel?: boolean;
  /** More paths apps may read under the permission model (none by default). */
  extraReadPaths?: string[];
  /**
   * `refuse`: fail a variant whose start command is `npm start` instead of running it without the
   * permission model (default `allow`; see the class comment for what that exposes).
   */
  npmStart?: 'allow' | 'refuse';
  maxLineLength?: number;
  /** The Node binary apps run on (default: the worker's own). */
  nodePath?: string;
  /** Default `{ unisolated: true }`; the worker passes what `HOSTING_*` settings and the host allow. */
  isolation?: LocalIsolation;
  /** Size of a sandbox's private /tmp (default 64). */
  sandboxTmpMb?: number;
  /**
   * The bounds of each instance's memory (all of it), processes and CPU: cgroups or the RSS
   * watchdog (`sandbox/resource-bounds.ts`). Without it only V8's heap is bounded.
   */
  resources?: ResourceBounds;
}

const NICE_BINARIES = ['/usr/bin/nice', '/bin/nice'];

/** How long after the leader's exit to wait for its pipes to close (a stray holder dies with the group). */
const CLOSE_WAIT_MS = 2000;

/**
 * Runs each app variant as a child process of the worker.
 *
 * Confinement, as far as an unprivileged Linux process can go:
 * - directory: the build dir is the cwd, HOME and, for `node <file>`, the only path readable and
 *   writable under Node's permission model (see `node-command.ts`); child processes, workers
 *   and addons are denied there. `npm start` (a start script that is not a plain `node …` line)
 *   runs without the model, because npm itself and the shell it starts need the rest of the disk;
 *   a SYSTEM warning says so, and `npmStart: 'refuse'` turns it into a failure.
 * - environment: only PORT, NODE_ENV=production, a minimal PATH, HOME=dir (for npm start also
 *   NODE_OPTIONS and npm_config_update_notifier=false) plus the variant's secrets minus reserved
 *   names; nothing of the worker's own environment (DATABASE_URL, SECRETS_ENCRYPTION_KEY…).
 *   Without the permission model (npm start) an app running as the worker's user can still read
 *   /proc/<worker pid>/environ, the worker's environment as it was at exec: only another uid
 *   closes that (the worker would have to be root to spawn with `uid`/`gid`), or
 *   `npmStart: 'refuse'`, or Kubernetes.
 * - memory: `--max-old-space-size` = ¾ of memoryMb and small semi-spaces (`heapFlags`; via
 *   NODE_OPTIONS for npm start), so V8's whole heap stays near 80% of the budget; the whole
 *   sandbox (buffers and native memory too) is bounded by `resources` (a cgroup per instance, or
 *   the RSS watchdog: `sandbox/resource-bounds.ts`), whose end of an instance is `out of memory`.
 *   RLIMIT_AS is no substitute: V8 reserves far more address space than it uses.
 * - CPU: the app runs under `nice -n <nice>` (default 10), so it gets the CPU only after the
 *   platform's processes. Not a cap: a cap needs cgroup cpu.max (root or systemd delegation),
 *   which is what the Kubernetes driver's limits are. RLIMIT_CPU is wrong for servers: it kills a
 *   process after N seconds of CPU in total, however slowly it used them. `nice` sets the value
 *   before exec so every thread inherits it; renicing the pid after spawn would miss the threads
 *   V8 and libuv start at boot (Linux nice values are per thread). Without a nice binary
 *   os.setPriority is the fallback.
 *
 * Each instance is spawned detached (its own process group): stop() and crash clean-up signal the
 * whole group, so nothing an app started survives it.
 */
export class LocalProcessDriver implements RuntimeDriver {
  private readonly groups = new Map<string, VariantInstances>();
  /** The creation of a variant's VariantInstances runs once (its operations order themselves by generation). */
  private readonly locks = new KeyedMutex();
  private readonly settings: Settings;

  constructor(options: LocalProcessDriverOptions = {}) {
    const permissionFlag = options.permissionModel === false ? null : detectPermissionFlag();
    this.settings = {
      host: options.host ?? '127.0.0.1',
      startupTimeoutMs: options.startupTimeoutMs ?? 30_000,
      readinessIntervalMs: options.readinessIntervalMs ?? 100,
      stopGraceMs: options.stopGraceMs ?? 10_000,
      initialBackoffMs: options.backoff?.initialMs ?? 500,
      maxBackoffMs: options.backoff?.maxMs ?? 30_000,
      resetAfterMs: options.backoff?.resetAfterMs ?? 60_000,
      maxConsecutiveCrashes: options.backoff?.maxConsecutiveCrashes ?? 5,
      nice: options.nice ?? 10,
      niceBinary: NICE_BINARIES.find((p) => fs.existsSync(p)) ?? null,
      permissionFlag,
      canDisableWarning: process.allowedNodeEnvironmentFlags.has('--disable-warning'),
      extraReadPaths: options.extraReadPaths ?? [],
      npmStart: options.npmStart ?? 'allow',
      maxLineLength: options.maxLineLength,
      nodePath: options.nodePath ?? process.execPath,
      isolation: options.isolation ?? { unisolated: true },
      sandboxTmpMb: options.sandboxTmpMb ?? 64,
      resources: options.resources ?? null,
    };
  }

  get isolation(): VariantIsolation {
    return 'sandbox' in this.settings.isolation ? 'NETNS' : 'NONE';
  }

  /** A sandbox's egress as decided at worker start (`none` where the host has no `nft`). */
  get egress(): VariantEgress {
    const isolation = this.settings.isolation;
    if ('sandbox' in isolation) return isolation.sandbox.options.egress === 'internet' ? 'INTERNET' : 'NONE';
    return 'unisolated' in isolation ? 'UNRESTRICTED' : 'NONE';
  }

  async start(spec: VariantSpec): Promise<VariantHandle> {
    return (await this.group(spec)).start(spec);
  }

  /** Replaces the variant's instances one at a time (VariantInstances.restart); a variant not running starts. */
  async restart(spec: VariantSpec): Promise<VariantHandle> {
    const group = this.groups.get(variantKeyId(spec.key));
    if (!group || group.status().state === 'STOPPED') return this.start(spec);
    return group.restart(spec);
  }

  async scale(key: VariantKey, instances: number): Promise<VariantRuntimeStatus> {
    const group = this.groups.get(variantKeyId(key));
    return group ? group.scale(instances) : stoppedStatus(key);
  }

  /** The variant's instances (created on its first start). */
  private group(spec: VariantSpec): Promise<VariantInstances> {
    const id = variantKeyId(spec.key);
    return this.locks.runExclusive(id, async () => {
      let group = this.groups.get(id);
      if (!group) {
        group = new VariantInstances(spec.key, spec, (s, index) => this.supervisor(s, index), {
          host: this.settings.host,
          startupTimeoutMs: this.settings.startupTimeoutMs,
          stopGraceMs: this.settings.stopGraceMs,
        });
        this.groups.set(id, group);
      }
      return group;
    });
  }

  /** A supervisor for slot `index`: the spec's port for slot 0 when no instance holds it, else a free one. */
  private async supervisor(spec: VariantSpec, index: number): Promise<Supervisor> {
    const held = this.heldPorts();
    const port =
      index === 0 && spec.port !== undefined && !held.has(spec.port) ? spec.port : await this.allocatePort();
    return new Supervisor(spec, port, this.settings, index);
  }

  /** A local variant died with the worker that ran it: adopting it means starting it here. */
  adopt(spec: VariantSpec): Promise<VariantHandle> {
    return this.start(spec);
  }

  /** Local processes cannot outlive this worker: releasing a variant stops it. */
  release(key: VariantKey): Promise<void> {
    return this.stop(key);
  }

  async stop(key: VariantKey): Promise<void> {
    await this.groups.get(variantKeyId(key))?.stop();
  }

  async status(key: VariantKey): Promise<VariantRuntimeStatus> {
    return this.groups.get(variantKeyId(key))?.status() ?? stoppedStatus(key);
  }

  /** Every variant's status, each running instance's memory sampled now (the worker's status sync). */
  async list(): Promise<VariantRuntimeStatus[]> {
    return [...this.groups.values()].map((g) => {
      for (const supervisor of g.supervisors()) supervisor.sampleUsage();
      return g.status();
    });
  }

  async stopAll(): Promise<void> {
    await Promise.all([...this.groups.values()].map((g) => g.stop()));
  }

  /** The ports instances of this driver hold (one waiting to restart is not listening, but keeps its port). */
  private heldPorts(): Set<number> {
    return new Set(
      [...this.groups.values()]
        .flatMap((g) => g.supervisors())
        .filter((s) => s.holdsPort())
        .map((s) => s.port),
    );
  }

  /** A free port that no instance of this driver holds. */
  private async allocatePort(): Promise<number> {
    const held = this.heldPorts();
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const port = await findFreePort(this.settings.host);
      if (!held.has(port)) return port;
    }
    throw new Error('no free port found');
  }
}

interface Settings {
  host: string;
  startupTimeoutMs: number;
  readinessIntervalMs: number;
  stopGraceMs: number;
  initialBackoffMs: number;
  maxBackoffMs: number;
  resetAfterMs: number;
  maxConsecutiveCrashes: number;
  nice: number;
  niceBinary: string | null;
  permissionFlag: ReturnType<typeof detectPermissionFlag>;
  canDisableWarning: boolean;
  extraReadPaths: string[];
  npmStart: 'allow' | 'refuse';
  maxLineLength: number | undefined;
  nodePath: string;
  isolation: LocalIsolation;
  sandboxTmpMb: number;
  resources: ResourceBounds | null;
}

interface Instance {
  child: ChildProcess;
  pid: number | null;
  /** Resolves once the leader exited and its pipes closed (or CLOSE_WAIT_MS after the exit). */
  closed: Promise<void>;
  done: boolean;
  /** Set when the driver killed the instance for not becoming ready. */
  readinessFailure: string | null;
  /** Why it was killed: PORT (not accepting connections in time) or SETUP (its sandbox failed). */
  readinessKind?: 'PORT' | 'SETUP';
  /** Sandboxed: how the app itself ended, as its sandbox's init reported it. */
  appExit?: { code: number | null; signal: NodeJS.Signals | null };
  /** Its memory, process and CPU bounds (null without `resources`). */
  bounds: InstanceBounds | null;
  /** Set when its bounds ended it (the watchdog as it kills, a cgroup's OOM kill once it ended). */
  exceeded: ResourceExceeded | null;
}

/** One instance of a variant: launches, probes, restarts with backoff, stops. */
class Supervisor implements InstanceSupervisor {
  readonly key: VariantKey;
  /** Unique per supervised instance (its crash relaunches keep it). */
  readonly id = randomBytes(4).toString('hex');
  private state: RuntimeState = 'STARTING';
  private instance: Instance | null = null;
  private restarts = 0;
  /** Exits while it should have run. */
  private crashes = 0;
  private consecutiveCrashes = 0;
  private startedAt: Date | null = null;
  private readyAt: Date | null = null;
  private lastExitCode: number | null = null;
  private lastSignal: string | null = null;
  private lastExit: string | null = null;
  private lastError: string | null = null;
  /** The running instance's memory as sampleUsage() last read it. */
  private memorySample: number | null = null;
  /** Why the last launch ended before or without becoming ready (the reason of a RuntimeStartError). */
  private lastFailure: StartFailureReason | null = null;
  /** The last instance's usage against its bounds, as it ended. */
  private lastUsage: ResourceUsage | null = null;
  private stopping = false;
  private restartTimer: NodeJS.Timeout | null = null;
  private healthyTimer: NodeJS.Timeout | null = null;
  private waiter: { resolve: (h: VariantHandle) => void; reject: (e: Error) => void } | null = null;

  constructor(
    private readonly spec: VariantSpec,
    /** The variant's port on the worker's network; a sandbox may move it when it is taken. */
    public port: number,
    private readonly settings: Settings,
    /** Its slot among the variant's instances. */
    readonly index = 0,
  ) {
    this.key = spec.key;
  }

  instanceStatus(): InstanceRuntimeStatus {
    return {
      index: this.index,
      id: this.id,
      state: this.state,
      endpoint: this.state === 'RUNNING' ? `http://${this.settings.host}:${this.port}` : null,
      port: this.port,
      pid: this.instance && !this.instance.done ? this.instance.pid : null,
      restarts: this.restarts,
      crashes: this.crashes,
      lastExitCode: this.lastExitCode,
      lastSignal: this.lastSignal,
      lastExit: this.lastExit,
      lastFailure: this.lastFailure,
      memoryBytes: this.instance && !this.instance.done ? this.memorySample : null,
      inRotation: this.state === 'RUNNING',
      lastError: this.lastError,
      startedAt: this.startedAt,
      readyAt: this.readyAt,
    };
  }

  /** Reads the running instance's memory from its bounds (a cgroup file, or the watchdog's last sample). */
  sampleUsage(): void {
    const instance = this.instance;
    this.memorySample =
      instance && !instance.done && instance.bounds ? instance.bounds.usage().memoryBytes : null;
  }

  status(): VariantRuntimeStatus {
    const running = this.state !== 'STOPPED' && this.state !== 'FAILED';
    return {
      key: this.key,
      state: this.state,
      host: running ? this.settings.host : null,
      port: this.port,
      endpoint: this.state === 'RUNNING' ? `http://${this.settings.host}:${this.port}` : null,
      isolation: running ? ('sandbox' in this.settings.isolation ? 'NETNS' : 'NONE') : null,
      pid: this.instance && !this.instance.done ? this.instance.pid : null,
      restarts: this.restarts,
      startedAt: this.startedAt,
      readyAt: this.readyAt,
      lastExitCode: this.lastExitCode,
      lastSignal: this.lastSignal,
      lastError: this.lastError,
      resources:
        this.instance && !this.instance.done && this.instance.bounds
          ? this.instance.bounds.usage()
          : this.lastUsage,
      instances: [this.instanceStatus()],
      endpoints: this.state === 'RUNNING' ? [`http://${this.settings.host}:${this.port}`] : [],
    };
  }

  holdsPort(): boolean {
    return this.state !== 'STOPPED' && this.state !== 'FAILED';
  }

  /** Launches the first instance; resolves when it (or a relaunch) accepts connections. */
  begin(): Promise<VariantHandle> {
    const ready = new Promise<VariantHandle>((resolve, reject) => {
      this.waiter = { resolve, reject };
    });
    this.launch();
    return ready;
  }

  async stop(graceMs = this.settings.stopGraceMs): Promise<void> {
    this.stopping = true;
    this.clearTimers();
    this.settleWaiter(new RuntimeStartError(this.key, 'stopped before it was ready', { kind: 'STOPPED' }));
    const instance = this.instance;
    if (instance && !instance.done && instance.pid !== null) {
      this.state = 'STOPPING';
      this.system('INFO', `stopping pid ${instance.pid} (SIGTERM)`);
      signalGroup(instance.pid, 'SIGTERM');
      let graceTimer: NodeJS.Timeout | undefined;
      const inTime = await Promise.race([
        instance.closed.then(() => true),
        new Promise<boolean>((resolve) => {
          graceTimer = setTimeout(() => resolve(false), graceMs);
        }),
      ]);
      clearTimeout(graceTimer);
      if (!inTime) {
        this.system('WARN', `pid ${instance.pid} still running ${graceMs} ms after SIGTERM: SIGKILL`);
        signalGroup(instance.pid, 'SIGKILL');
        await instance.closed;
      }
    } else if (instance && !instance.done) {
      await instance.closed;
    }
    this.state = 'STOPPED';
    this.system('INFO', 'stopped');
  }

  private launch(): void {
    this.restartTimer = null;
    this.state = 'STARTING';
    this.startedAt = new Date();
    this.readyAt = null;
    this.memorySample = null;
    const isolation = this.settings.isolation;
    if ('refuse' in isolation) {
      this.fail(`not started: ${isolation.refuse}`, { kind: 'REFUSED' });
      return;
    }
    const sandbox = 'sandbox' in isolation ? isolation.sandbox : null;
    let command: { file: string; args: string[] };
    let env: Record<string, string>;
    let dir: string;
    try {
      dir = fs.realpathSync(this.spec.dir);
      if (!fs.statSync(dir).isDirectory()) throw new Error(`${this.spec.dir} is not a directory`);
      ({ command, env } = this.commandLine(dir, sandbox !== null));
    } catch (e) {
      this.fail(errorMessage(e), { kind: 'REFUSED' });
      return;
    }

    const child = sandbox
      ? spawnSandbox(sandbox, this.settings.nodePath)
      : spawn(command.file, command.args, {
          cwd: dir,
          env,
          detached: true,
          stdio: ['ignore', 'pipe', 'pipe'],
        });
    let resolveClosed!: () => void;
    const instance: Instance = {
      child,
      pid: child.pid ?? null,
      closed: new Promise<void>((resolve) => (resolveClosed = resolve)),
      done: false,
      readinessFailure: null,
      bounds: null,
      exceeded: null,
    };
    this.instance = instance;
    if (instance.pid !== null) this.bound(instance, instance.pid);
    if (instance.pid !== null && !this.settings.niceBinary && !sandbox) {
      try {
        os.setPriority(instance.pid, this.settings.nice);
      } catch {
        // best effort: the app then runs at the worker's priority
      }
    }
    this.pipe(child, 'STDOUT');
    this.pipe(child, 'STDERR');
    this.system(
      'INFO',
      `started pid ${instance.pid} on port ${this.port}: ${this.spec.startCommand.command} ${this.spec.startCommand.args.join(' ')}`,
    );

    let exit: { code: number | null; signal: NodeJS.Signals | null } | null = null;
    let closeWait: NodeJS.Timeout | undefined;
    const finish = () => {
      if (instance.done) return;
      instance.done = true;
      clearTimeout(closeWait);
      if (instance.bounds) {
        instance.exceeded ??= instance.bounds.exceeded();
        this.lastUsage = instance.bounds.usage();
        void instance.bounds.release();
      }
      resolveClosed();
      this.exited(instance, exit?.code ?? null, exit?.signal ?? null);
    };
    child.once('exit', (code, signal) => {
      // A sandbox's own exit status stands for the app's; its init reports the app's exact end.
      exit = instance.appExit ?? { code, signal };
      // Whatever the leader left behind in its group goes with it.
      if (instance.pid !== null) signalGroup(instance.pid, 'SIGKILL');
      closeWait = setTimeout(finish, CLOSE_WAIT_MS);
    });
    child.once('close', finish);
    child.once('error', (error) => {
      if (instance.pid === null) {
        instance.readinessFailure = `could not start: ${error.message}`;
        instance.readinessKind = 'SETUP';
        finish();
      }
    });
    if (instance.pid === null) return;
    if (sandbox) this.superviseSandbox(instance, sandbox, dir, command, env);
    else void this.probeReadiness(instance);
  }

  /**
   * Puts the instance under its bounds right after its spawn: the leader joins its cgroup (a
   * sandbox's init joins again at hand-over, before any code of the app runs), or the watchdog
   * starts sampling its process tree. Going over kills the whole group.
   */
  private bound(instance: Instance, pid: number): void {
    const resources = this.settings.resources;
    if (!resources) return;
    const name = `${this.key.appId}-${this.key.variant}-${pid}`.replace(/[^A-Za-z0-9_.-]/g, '_');
    const bounds = resources.forInstance(name, this.spec.memoryMb, (message) => this.system('WARN', message));
    instance.bounds = bounds;
    try {
      bounds.join(pid);
    } catch (error) {
      this.system('WARN', `pid ${pid} could not join its cgroup: ${errorMessage(error)}`);
    }
    bounds.watch(pid, (why) => {
      if (instance.done) return;
      instance.exceeded = why;
      this.system('ERROR', `${exceededDescription(why.resource)}: ${why.detail}: SIGKILL`);
      signalGroup(pid, 'SIGKILL');
    });
  }

  private commandLine(
    dir: string,
    sandboxed: boolean,
  ): {
    command: { file: string; args: string[] };
    env: Record<string, string>;
  } {
    const { command, args } = this.spec.startCommand;
    const { env: secrets, dropped } = secretsToEnv(this.spec.env);
    if (dropped.length)
      this.system('WARN', `secrets not injected (reserved or invalid names): ${dropped.join(', ')}`);
    const env: Record<string, string> = {
      ...secrets,
      PORT: String(sandboxed ? SANDBOX_APP_PORT : this.port),
      NODE_ENV: 'production',
      PATH: minimalPath(),
      HOME: dir,
    };
    let file: string;
    let argv: string[];
    if (command === 'node') {
      const refused = refusedNodeFlag(args);
      if (refused) throw new Error(`start command refused: node flag ${refused} is not allowed`);
      file = this.settings.nodePath;
      argv = confinedNodeArgv(args, {
        dir,
        memoryMb: this.spec.memoryMb,
        permissionFlag: this.settings.permissionFlag,
        canDisableWarning: this.settings.canDisableWarning,
        extraReadPaths: this.settings.extraReadPaths,
      });
      if (!this.settings.permissionFlag) this.system('WARN', 'Node permission model not applied');
    } else if (command === 'npm') {
      if (this.settings.npmStart === 'refuse') {
        throw new Error('start command refused: npm start would run without the permission model');
      }
      file = 'npm';
      argv = [...args];
      env['NODE_OPTIONS'] = heapFlags(this.spec.memoryMb).join(' ');
      // npm would otherwise ask the registry for a newer npm at each start.
      env['npm_config_update_notifier'] = 'false';
      this.system('WARN', 'Node permission model not applied: the start command runs through npm');
    } else {
      throw new Error(`start command refused: ${command} (only node and npm)`);
    }
    // A sandbox's init applies the niceness itself (the app is its grandchild).
    if (this.settings.niceBinary && !sandboxed) {
      return {
        command: { file: this.settings.niceBinary, args: ['-n', String(this.settings.nice), file, ...argv] },
        env,
      };
    }
    return { command: { file, args: argv }, env };
  }

  /**
   * The worker's side of a sandbox (see `sandbox/sandbox-init.js`): once its init says hello from
   * inside the new namespaces, give it its veth (internet egress) and the listening socket on the
   * variant's port here, then wait for it to report the app ready. Anything failing on the way
   * kills the instance, which counts as a crash like an app that never became ready.
   */
  private superviseSandbox(
    instance: Instance,
    sandbox: SandboxHost,
    dir: string,
    command: { file: string; args: string[] },
    env: Record<string, string>,
  ): void {
    const { child } = instance;
    const abort = (reason: string, kind: 'PORT' | 'SETUP') => {
      if (instance.done || instance.readinessFailure) return;
      instance.readinessFailure = reason;
      instance.readinessKind = kind;
      this.system('ERROR', `${reason}: SIGKILL`);
      if (instance.pid !== null) signalGroup(instance.pid, 'SIGKILL');
    };
    const deadline = setTimeout(
      () => abort(`not accepting connections within ${this.settings.startupTimeoutMs} ms`, 'PORT'),
      this.settings.startupTimeoutMs,
    );
    void instance.closed.then(() => clearTimeout(deadline));
    child.on('message', (message: SandboxMessage) => {
      if (message.type === 'hello') {
        this.handOver(instance, sandbox, dir, command, env).catch((error: unknown) =>
          abort(`sandbox set-up failed: ${errorMessage(error)}`, 'SETUP'),
        );
      } else if (message.type === 'ready') {
        clearTimeout(deadline);
        if (this.instance === instance && !instance.done && !this.stopping) this.ready();
      } else if (message.type === 'exit') {
        instance.appExit = { code: message.code ?? null, signal: message.signal ?? null };
      } else if (message.type === 'error') {
        instance.readinessFailure = String(message.message);
        instance.readinessKind = 'SETUP';
        this.system('ERROR', String(message.message));
      }
    });
    // The IPC channel is the sandbox's lifeline; an error on it (the sandbox died) ends in 'exit'.
    child.on('error', () => undefined);
  }

  private async handOver(
    instance: Instance,
    sandbox: SandboxHost,
    dir: string,
    command: { file: string; args: string[] },
    env: Record<string, string>,
  ): Promise<void> {
    const server = await this.listenOnVariantPort();
    if (instance.done) {
      server.close();
      return;
    }
    // The init and anything it forked so far join the cgroup before it starts the app, whose
    // processes are then born in it.
    if (instance.bounds && instance.pid !== null)
      for (const pid of processTree(instance.pid)) instance.bounds.join(pid);
    await startSandbox(
      instance.child,
      sandbox,
      {
        dir,
        argv: [command.file, ...command.args],
        env,
        nice: this.settings.nice,
        nodePath: this.settings.nodePath,
        tmpSizeMb: this.settings.sandboxTmpMb,
      },
      instance.closed,
      server,
    );
  }

  /** A listening socket on the variant's port on the worker's network (a fresh port if that one is taken). */
  private async listenOnVariantPort(): Promise<net.Server> {
    const listen = (port: number) =>
      new Promise<net.Server>((resolve, reject) => {
        const server = net.createServer();
        server.once('error', reject);
        server.listen({ port, host: this.settings.host, exclusive: true }, () => resolve(server));
      });
    try {
      return await listen(this.port);
    } catch {
      const server = await listen(0);
      const address = server.address();
      if (address && typeof address === 'object') this.port = address.port;
      return server;
    }
  }

  private pipe(child: ChildProcess, source: 'STDOUT' | 'STDERR'): void {
    const stream = source === 'STDOUT' ? child.stdout : child.stderr;
    if (!stream) return;
    const splitter = new LineSplitter(
      (message) => this.emit({ at: new Date(), source, level: logLevelOf(source, message), message }),
      this.settings.maxLineLength,
    );
    stream.on('data', (chunk: Buffer) => splitter.push(chunk));
    stream.once('end', () => splitter.end());
    stream.once('error', () => splitter.end());
  }

  private async probeReadiness(instance: Instance): Promise<void> {
    const deadline = Date.now() + this.settings.startupTimeoutMs;
    while (this.instance === instance && !instance.done && !this.stopping) {
      if (await acceptsConnections(this.settings.host, this.port, 1000)) {
        if (this.instance === instance && !instance.done && !this.stopping) this.ready();
        return;
      }
      if (Date.now() >= deadline) {
        instance.readinessFailure = `not accepting connections on port ${this.port} within ${this.settings.startupTimeoutMs} ms`;
        instance.readinessKind = 'PORT';
        this.system('ERROR', `${instance.readinessFailure}: SIGKILL`);
        if (instance.pid !== null) signalGroup(instance.pid, 'SIGKILL');
        return;
      }
      await new Promise((r) => setTimeout(r, this.settings.readinessIntervalMs));
    }
  }

  private ready(): void {
    this.state = 'RUNNING';
    this.readyAt = new Date();
    this.lastError = null;
    this.system('INFO', `accepting connections on port ${this.port}`);
    this.healthyTimer = setTimeout(() => {
      this.healthyTimer = null;
      this.consecutiveCrashes = 0;
    }, this.settings.resetAfterMs);
    this.healthyTimer.unref();
    this.settleWaiter(null);
  }

  private exited(instance: Instance, code: number | null, signal: NodeJS.Signals | null): void {
    if (this.instance !== instance) return;
    this.lastExitCode = code;
    this.lastSignal = signal;
    if (this.healthyTimer) clearTimeout(this.healthyTimer);
    this.healthyTimer = null;
    const exceeded = instance.exceeded;
    this.lastExit = exitDescription({ exitCode: code, signal, exceeded: exceeded?.resource });
    const how = exceeded ? `${this.lastExit}, killed by ${signal ?? 'SIGKILL'}` : this.lastExit;
    if (this.stopping) {
      this.system('INFO', `pid ${instance.pid} ended (${how})`);
      return;
    }
    this.lastError = exceeded
      ? `${exceededDescription(exceeded.resource)}: ${exceeded.detail}`
      : (instance.readinessFailure ?? `exited (${how})`);
    this.lastFailure = exceeded
      ? { kind: 'RESOURCES', resource: exceeded.resource, detail: exceeded.detail }
      : !instance.readinessFailure
        ? { kind: 'EXITED', exitCode: code, signal }
        : instance.readinessKind === 'PORT'
          ? { kind: 'NOT_LISTENING', timeoutMs: this.settings.startupTimeoutMs }
          : { kind: 'SANDBOX_FAILED' };
    this.crashes += 1;
    this.consecutiveCrashes += 1;
    if (this.consecutiveCrashes >= this.settings.maxConsecutiveCrashes) {
      this.fail(`${this.lastError}; ${this.consecutiveCrashes} crashes in a row, not restarting`);
      return;
    }
    const delay = Math.min(
      this.settings.initialBackoffMs * 2 ** (this.consecutiveCrashes - 1),
      this.settings.maxBackoffMs,
    );
    this.state = 'RESTARTING';
    this.system(
      'WARN',
      `${this.lastError}; restarting in ${delay} ms (crash ${this.consecutiveCrashes} in a row)`,
    );
    this.restartTimer = setTimeout(() => {
      this.restarts += 1;
      this.launch();
    }, delay);
  }

  private fail(reason: string, why: StartFailureReason | null = this.lastFailure): void {
    this.state = 'FAILED';
    this.lastError = reason;
    this.system('ERROR', `failed: ${reason}`);
    this.settleWaiter(new RuntimeStartError(this.key, reason, why ?? undefined));
  }

  private settleWaiter(error: Error | null): void {
    const waiter = this.waiter;
    if (!waiter) return;
    this.waiter = null;
    if (error) waiter.reject(error);
    else waiter.resolve(this.status());
  }

  private clearTimers(): void {
    if (this.restartTimer) clearTimeout(this.restartTimer);
    if (this.healthyTimer) clearTimeout(this.healthyTimer);
    this.restartTimer = null;
    this.healthyTimer = null;
  }

  private system(level: RuntimeLogLevel, message: string): void {
    this.emit({ at: new Date(), source: 'SYSTEM', level, message });
  }

  private emit(line: RuntimeLogLine): void {
    try {
      this.spec.onLog(line);
    } catch {
      // a failing log sink must not take the supervisor down
    }
  }
}
