import { Env, envInteger, envOneOf } from '@platform/config';
import type { ResourceSettings } from '../modules/app-runtime/resource-settings';

/**
 * The bounds of each local sandbox besides its memory (docs/hosting.md, "Resource bounds"; memory is
 * HOSTING_APP_MEMORY_MB, for all of the sandbox's memory): HOSTING_APP_BOUNDS (`auto`: cgroups where
 * the kernel lets the worker make them, the RSS watchdog otherwise; `watchdog`: never cgroups),
 * HOSTING_APP_PIDS_MAX (512, 16 to 65536: processes and threads), HOSTING_APP_CPU_MILLICORES (1000,
 * 10 to 64000: a CPU cap, 1000 = one core), HOSTING_APP_CPU_SHARES (512, 2 to 262144: the share
 * against the platform's processes, 1024 = theirs), HOSTING_APP_WATCHDOG_EVERY_MS (250, 20 to 10000).
 */
export function loadResourceSettings(env: Env): ResourceSettings {
  return {
    mode: envOneOf(env, 'HOSTING_APP_BOUNDS', ['auto', 'watchdog'], 'auto'),
    pidsMax: envInteger(env, 'HOSTING_APP_PIDS_MAX', 512, 16, 65_536),
    cpuMillicores: envInteger(env, 'HOSTING_APP_CPU_MILLICORES', 1000, 10, 64_000),
    cpuShares: envInteger(env, 'HOSTING_APP_CPU_SHARES', 512, 2, 262_144),
    watchdogEveryMs: envInteger(env, 'HOSTING_APP_WATCHDOG_EVERY_MS', 250, 20, 10_000),
  };
}
