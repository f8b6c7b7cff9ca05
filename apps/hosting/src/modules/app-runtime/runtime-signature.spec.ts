import type { RecordedInstance } from '../apps/app-environment.entity';
import { memoryStepMb, runtimeSignature } from './runtime-signature';

const instance = (memoryMb: number | null, state = 'RUNNING'): RecordedInstance => ({
  index: 0,
  id: 'a1',
  state,
  restarts: 0,
  lastExitCode: null,
  lastSignal: null,
  lastExit: null,
  memoryMb,
  inRotation: state === 'RUNNING',
  startedAt: '2026-11-29T12:00:00.000Z',
  readyAt: '2026-11-29T12:00:01.000Z',
});
const signature = (memoryMb: number | null, state = 'RUNNING') =>
  runtimeSignature('w1', 'RUNNING', null, 3000, {
    instances: [instance(memoryMb, state)],
    memoryLimitMb: 256,
  });

describe('runtimeSignature (when the sync writes the status row again)', () => {
  it('counts memory in steps of 1/32 of the bound, at least 4 MB', () => {
    expect(memoryStepMb(256)).toBe(8);
    expect(memoryStepMb(1024)).toBe(32);
    expect(memoryStepMb(64)).toBe(4);
    expect(memoryStepMb(undefined)).toBe(4);
  });

  it('is unchanged by a few MB of memory, changed by a step, a state or the memory becoming unknown', () => {
    expect(signature(71)).toBe(signature(74));
    expect(signature(71)).not.toBe(signature(90));
    expect(signature(71)).not.toBe(signature(71, 'RESTARTING'));
    expect(signature(71)).not.toBe(signature(null));
  });
});
