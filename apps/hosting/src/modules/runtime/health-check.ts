/**
 * A variant's health check (docs/hosting.md, "Instances, health checks and restarts"): GET `path`
 * on an instance must answer 2xx before traffic moves to it. Without one, accepting connections
 * on PORT is the check. Plain TypeScript: the local driver probes with it, the Kubernetes driver
 * turns it into a readinessProbe.
 */
export interface HealthCheck {
  /** Absolute path with an optional query, at most HEALTH_CHECK_PATH_MAX characters. */
  readonly path: string;
  /** Seconds between two probes (1–60). */
  readonly intervalS: number;
  /** Seconds one probe may take (1–60). */
  readonly timeoutS: number;
  /** Seconds an old instance gets to finish after SIGTERM (0–300), then SIGKILL. */
  readonly graceS: number;
}

export const HEALTH_CHECK_PATH_MAX = 2048;

/** The values of fields a PATCH leaves out. */
export const HEALTH_CHECK_DEFAULTS = { intervalS: 2, timeoutS: 2, graceS: 10 } as const;

export const HEALTH_CHECK_LIMITS = {
  intervalS: { min: 1, max: 60 },
  timeoutS: { min: 1, max: 60 },
  graceS: { min: 0, max: 300 },
} as const;

/** One probe's outcome; `result` says what it saw ("HTTP 500", "timed out after 2000 ms", …). */
export interface ProbeResult {
  readonly ok: boolean;
  readonly result: string;
}

/** GET `url` once: ok on 2xx within `timeoutMs` (redirects are not followed and do not pass). */
export async function probeHealth(url: string, timeoutMs: number): Promise<ProbeResult> {
  try {
    const res = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
    await res.body?.cancel().catch(() => undefined);
    return { ok: res.status >= 200 && res.status < 300, result: `HTTP ${res.status}` };
  } catch (error) {
    const name = (error as Error).name;
    if (name === 'TimeoutError' || name === 'AbortError')
      return { ok: false, result: `timed out after ${timeoutMs} ms` };
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return { ok: false, result: cause?.code ?? cause?.message ?? (error as Error).message };
  }
}

export interface GateOptions {
  /** One probe; called only while `up()` is true. */
  readonly probe: () => Promise<ProbeResult>;
  /** Whether the instance accepts connections at all (a crashed one is waited for, not probed). */
  readonly up: () => boolean;
  /** Whether to give up at once (the start was stopped or replaced). */
  readonly cancelled: () => boolean;
  readonly intervalMs: number;
  /** When to give up, as `now()` counts. */
  readonly deadline: number;
  readonly now?: () => number;
  readonly sleep?: (ms: number) => Promise<void>;
}

export type GateOutcome =
  | { readonly passed: true }
  | { readonly passed: false; readonly cancelled: boolean; readonly last: string | null };

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Probes every `intervalMs` until one probe passes, the deadline passes (`last` is the last probe's
 * result, null when the instance never accepted connections), or the start is cancelled.
 */
export async function gateOnHealth(options: GateOptions): Promise<GateOutcome> {
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? realSleep;
  let last: string | null = null;
  for (;;) {
    if (options.cancelled()) return { passed: false, cancelled: true, last };
    if (options.up()) {
      const outcome = await options.probe();
      if (outcome.ok) return { passed: true };
      last = outcome.result;
    }
    if (now() + options.intervalMs > options.deadline) return { passed: false, cancelled: false, last };
    await sleep(options.intervalMs);
  }
}
