/** Lifecycle of an operation record: created EXECUTING, ends in exactly one terminal state. */
export const OperationStatus = {
  EXECUTING: 'EXECUTING',
  COMPLETED: 'COMPLETED',
  FAILED: 'FAILED',
} as const;

export type OperationStatus = (typeof OperationStatus)[keyof typeof OperationStatus];

export function isTerminalStatus(status: string): boolean {
  return status === OperationStatus.COMPLETED || status === OperationStatus.FAILED;
}
