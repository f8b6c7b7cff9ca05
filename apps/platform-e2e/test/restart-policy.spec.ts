import { join } from 'node:path';

interface RestartPolicy {
  exited(now: number, startedAt: number): { restartInMs?: number; giveUp?: true; inARow: number };
}
interface RestartPolicyModule {
  createRestartPolicy(options?: {
    initialMs?: number;
    maxMs?: number;
    resetAfterMs?: number;
    maxConsecutive?: number;
  }): RestartPolicy;
  restartPolicyOptions(env: NodeJS.ProcessEnv): Record<string, number | undefined>;
}

/** scripts/restart-policy.js: plain JavaScript, as `npm start` runs it without a build. */
const { createRestartPolicy, restartPolicyOptions } = require(
  join(__dirname, '../../../scripts/restart-policy.js'),
) as RestartPolicyModule;

describe("npm start's restart policy (scripts/restart-policy.js)", () => {
  it('restarts with a doubling delay up to the maximum, and gives up at the fifth exit in a row', () => {
    const policy = createRestartPolicy({
      initialMs: 1000,
      maxMs: 5000,
      resetAfterMs: 60_000,
      maxConsecutive: 5,
    });
    expect(policy.exited(1000, 0)).toEqual({ restartInMs: 1000, inARow: 1 });
    expect(policy.exited(3000, 2000)).toEqual({ restartInMs: 2000, inARow: 2 });
    expect(policy.exited(6000, 5000)).toEqual({ restartInMs: 4000, inARow: 3 });
    expect(policy.exited(11_000, 10_000)).toEqual({ restartInMs: 5000, inARow: 4 });
    expect(policy.exited(17_000, 16_000)).toEqual({ giveUp: true, inARow: 5 });
  });

  it('a process that ran long enough starts a new row', () => {
    const policy = createRestartPolicy({ initialMs: 100, resetAfterMs: 10_000, maxConsecutive: 3 });
    expect(policy.exited(10, 0)).toEqual({ restartInMs: 100, inARow: 1 });
    expect(policy.exited(200, 110)).toEqual({ restartInMs: 200, inARow: 2 });
    expect(policy.exited(20_000, 400)).toEqual({ restartInMs: 100, inARow: 1 });
    expect(policy.exited(20_200, 20_100)).toEqual({ restartInMs: 200, inARow: 2 });
    expect(policy.exited(20_500, 20_400)).toEqual({ giveUp: true, inARow: 3 });
  });

  it('defaults as Kubernetes-like values; the environment may shorten them', () => {
    const policy = createRestartPolicy();
    expect(policy.exited(10, 0)).toEqual({ restartInMs: 1000, inARow: 1 });
    expect(restartPolicyOptions({ START_RESTART_INITIAL_MS: '50', START_RESTART_MAX_IN_A_ROW: '2' })).toEqual(
      {
        initialMs: 50,
        maxMs: undefined,
        resetAfterMs: undefined,
        maxConsecutive: 2,
      },
    );
  });
});
