import { podEnd } from './kubernetes-status';

describe('podEnd', () => {
  it('OOMKilled is "out of memory" with the reason RESOURCES (the container went over its memory limit)', () => {
    expect(podEnd({ exitCode: 137, reason: 'OOMKilled' })).toEqual({
      lastExit: 'out of memory',
      lastFailure: {
        kind: 'RESOURCES',
        resource: 'memory',
        detail: 'the cluster killed it at its memory limit (OOMKilled)',
      },
    });
  });

  it('any other end is its signal or exit code (EXITED); none before the first end', () => {
    expect(podEnd({ exitCode: 3, reason: 'Error' })).toEqual({
      lastExit: 'exit code 3',
      lastFailure: { kind: 'EXITED', exitCode: 3, signal: null },
    });
    expect(podEnd({ exitCode: 143, reason: 'Error' })).toMatchObject({
      lastExit: 'killed by SIGTERM',
      lastFailure: { kind: 'EXITED', exitCode: 143, signal: 'SIGTERM' },
    });
    expect(podEnd(null)).toEqual({ lastExit: null, lastFailure: null });
  });
});
