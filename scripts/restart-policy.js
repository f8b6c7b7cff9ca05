// What `npm start` does when one of its processes exits on its own: start it again after a
// backoff, as Kubernetes does with a crashed container (CrashLoopBackOff), instead of taking the
// whole platform down; give up (and stop everything) only when the same process keeps failing.
// Plain JavaScript: npm start runs it without a build.

/**
 * @typedef {object} RestartPolicyOptions
 * @property {number} [initialMs] delay before the first restart; doubles with each exit in a row (1000)
 * @property {number} [maxMs] the longest delay (30000)
 * @property {number} [resetAfterMs] running this long makes the next exit the first in a row again (60000)
 * @property {number} [maxConsecutive] the exit that makes this many in a row stops the platform (5)
 */

/**
 * One policy per process. `exited(now, startedAt)` says what to do after an exit of the instance
 * started at `startedAt`: `{ restartInMs, inARow }`, or `{ giveUp: true, inARow }`.
 * @param {RestartPolicyOptions} [options]
 */
function createRestartPolicy(options = {}) {
  const initialMs = options.initialMs ?? 1000;
  const maxMs = options.maxMs ?? 30_000;
  const resetAfterMs = options.resetAfterMs ?? 60_000;
  const maxConsecutive = options.maxConsecutive ?? 5;
  let inARow = 0;
  return {
    /**
     * @param {number} now
     * @param {number} startedAt
     */
    exited(now, startedAt) {
      inARow = now - startedAt >= resetAfterMs ? 1 : inARow + 1;
      if (inARow >= maxConsecutive) return { giveUp: true, inARow };
      return { restartInMs: Math.min(initialMs * 2 ** (inARow - 1), maxMs), inARow };
    },
  };
}

/** The policy's settings from the environment (tests make them short). */
function restartPolicyOptions(env) {
  const number = (name) => (env[name] !== undefined && env[name] !== '' ? Number(env[name]) : undefined);
  return {
    initialMs: number('START_RESTART_INITIAL_MS'),
    maxMs: number('START_RESTART_MAX_MS'),
    resetAfterMs: number('START_RESTART_RESET_AFTER_MS'),
    maxConsecutive: number('START_RESTART_MAX_IN_A_ROW'),
  };
}

module.exports = { createRestartPolicy, restartPolicyOptions };
