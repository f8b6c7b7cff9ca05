/** One dependency readiness depends on; `check` resolves when it is usable, rejects otherwise. */
export interface ReadinessCheck {
  readonly name: string;
  check(): Promise<string | void>;
}

/** Multi-provider token: every ReadinessCheck of the process. */
export const READINESS_CHECKS = Symbol.for('platform.readiness-checks');
