/**
 * How an instance's end is told in its status (`lastExit`) and in its `instance.crashed` event:
 * its bounds ended it (`out of memory`, `over its process limit`), a signal ended it
 * (`killed by SIGKILL`), or it exited (`exit code 3`).
 */
export interface InstanceEnd {
  readonly exitCode: number | null;
  readonly signal: string | null;
  /** Which of its bounds ended it, if one did (sandbox/resource-bounds.ts; OOMKilled on Kubernetes). */
  readonly exceeded?: 'memory' | 'pids' | null;
}

/** `out of memory` or `over its process limit`: what going over a bound is called everywhere. */
export function exceededDescription(resource: 'memory' | 'pids'): string {
  return resource === 'memory' ? 'out of memory' : 'over its process limit';
}

export function exitDescription(end: InstanceEnd): string {
  if (end.exceeded) return exceededDescription(end.exceeded);
  if (end.signal) return `killed by ${end.signal}`;
  return end.exitCode === null ? 'ended' : `exit code ${end.exitCode}`;
}
