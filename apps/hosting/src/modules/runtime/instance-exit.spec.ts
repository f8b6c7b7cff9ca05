import { exceededDescription, exitDescription } from './instance-exit';

describe('exitDescription', () => {
  it('names the bound that ended it before the signal it was killed with', () => {
    expect(exitDescription({ exitCode: null, signal: 'SIGKILL', exceeded: 'memory' })).toBe('out of memory');
    expect(exitDescription({ exitCode: null, signal: 'SIGKILL', exceeded: 'pids' })).toBe(
      'over its process limit',
    );
    expect(exceededDescription('memory')).toBe('out of memory');
  });

  it('else the signal, else the exit code', () => {
    expect(exitDescription({ exitCode: null, signal: 'SIGTERM' })).toBe('killed by SIGTERM');
    expect(exitDescription({ exitCode: 3, signal: null, exceeded: null })).toBe('exit code 3');
    expect(exitDescription({ exitCode: 0, signal: null })).toBe('exit code 0');
    expect(exitDescription({ exitCode: null, signal: null })).toBe('ended');
  });
});
