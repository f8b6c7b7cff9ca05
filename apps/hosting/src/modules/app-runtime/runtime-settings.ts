import type { AppEgress } from '../runtime/sandbox/sandbox-host';

/**
 * How the worker runs app variants (docs/hosting.md, "Isolation"): read once at worker start by
 * config/hosting.config.ts, injected as RUNTIME_SETTINGS.
 */
export interface RuntimeSettings {
  /** HOSTING_RUNTIME: `local` (child processes on the worker's host, default) or `kubernetes`. */
  readonly runtime: 'local' | 'kubernetes';
  /**
   * HOSTING_APP_EGRESS: `internet` (default) or `none`: the egress asked for. A local sandbox gets
   * `internet` only where `nft` is found (otherwise `none`, said once at start and in the status).
   */
  readonly egress: AppEgress;
  /**
   * HOSTING_SANDBOX_PATH: the directories (colon-separated, absolute) where the worker looks for the
   * sandbox's tools: unshare, setpriv, nice, mount, ip, nft. Default /usr/sbin:/sbin:/usr/bin:/bin.
   */
  readonly sandboxToolDirs: readonly string[];
  /** HOSTING_UNISOLATED=allow: run apps without isolation where the host offers none (said at start and in the status). */
  readonly allowUnisolated: boolean;
  /** HOSTING_APP_UID / HOSTING_APP_GID: the unprivileged user sandboxed apps run as (default 10001). */
  readonly appUid: number;
  readonly appGid: number;
  /** HOSTING_APP_EGRESS_DENY: more IPv4 addresses or CIDRs apps may not reach (comma-separated). */
  readonly egressDeny: readonly string[];
  /**
   * HOSTING_APP_STARTUP_TIMEOUT_MS (local runtime): how long a launched app may take to accept
   * connections on PORT before it is killed and counts as a crash (default 30 000).
   */
  readonly startupTimeoutMs: number;
  /**
   * HOSTING_APP_FAIL_AFTER_CRASHES (local runtime): the crash that makes this many in a row ends the
   * variant FAILED instead of a relaunch with backoff (default 5); a start fails then.
   */
  readonly failAfterCrashes: number;
  /** The Kubernetes runtime's settings (HOSTING_K8S_*; docs/hosting.md, "Kubernetes runtime"); null on the local runtime. */
  readonly kubernetes: KubernetesSettings | null;
}

export interface KubernetesSettings {
  readonly namespace: string;
  readonly image: string;
  readonly buildsClaim: string;
  readonly serviceUrlTemplate: string | undefined;
  readonly permissionFlag: '--permission' | '--experimental-permission' | null;
  readonly runAsUser: number;
  readonly cpuRequestMillicores: number;
  readonly defaultCpuMillicores: number;
  readonly appVolumeLimit: string;
  readonly startupTimeoutMs: number;
  readonly pollIntervalMs: number;
  readonly failAfterRestarts: number;
}

export const RUNTIME_SETTINGS = Symbol('RUNTIME_SETTINGS');
