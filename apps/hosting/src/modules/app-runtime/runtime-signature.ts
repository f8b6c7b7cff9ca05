import type { RecordedInstance } from '../apps/app-environment.entity';
import type { RuntimeRecord } from '../worker-leases/worker-lease-store';

/**
 * How far an instance's memory moves before the status row is written again: 1/32 of the bound,
 * at least 4 MB (8 MB under 256 MB). The sync samples every 2 s and memory moves at nearly every
 * sample; rewriting each running variant's row that often would be a write per variant every 2 s.
 */
export function memoryStepMb(limitMb: number | undefined): number {
  return Math.max(4, Math.round((limitMb ?? 0) / 32));
}

const bucketed = (instance: RecordedInstance, stepMb: number): RecordedInstance => ({
  ...instance,
  memoryMb:
    instance.memoryMb === null || instance.memoryMb === undefined
      ? instance.memoryMb
      : Math.round(instance.memoryMb / stepMb),
});

/**
 * What the status row says of a variant, for deciding whether to write it again: equal signatures,
 * nothing to write. Memory counts in steps of memoryStepMb, everything else exactly.
 */
export function runtimeSignature(
  workerId: string,
  state: string,
  error: string | null,
  port: number | undefined,
  more: RuntimeRecord,
): string {
  const step = memoryStepMb(more.memoryLimitMb);
  const instances = more.instances?.map((i) => bucketed(i, step)) ?? null;
  return `${workerId}|${state}|${error ?? ''}|${port ?? ''}|${JSON.stringify([instances, more.failure, more.memoryLimitMb])}`;
}
