export { createJobDispatcher, declareQueue } from './job-dispatcher';
export type { JobDispatcher, JobHandler, JobHandlers, QueueDeclaration } from './job-dispatcher';
export { JobDispatcherHost } from './job-dispatcher.host';
export type { OperationJobData, OperationPayload } from './operation-job';
export { OperationRecordBase } from './operation-record.entity';
export { OperationRunner } from './operation-runner.service';
export type {
  ExclusiveRunOptions,
  OperationCommit,
  OperationContext,
  OperationEntity,
  OperationFields,
  OperationHandler,
  OperationOutcome,
  OrphanRecovery,
  OrphanRecoveryOptions,
  StartOperation,
} from './operation-runner.service';
export { OperationStatus, isTerminalStatus } from './operation-status';
export { OperationFailureCode, PermanentFailure } from './operation.errors';
export {
  createQueue,
  createQueueConnection,
  createQueueWorker,
  queueConnectionOptions,
  queueTelemetry,
} from './queue-connection';
export type { QueueConfig } from './queue-connection';
export { QueueDefaults, WorkerDefaults } from './queue-defaults';
export { QueueModule } from './queue.module';
export {
  ORPHAN_SCAN_EVERY_MS,
  SCAN_ORPHANS_JOB,
  orphanScanQueue,
  orphanScanSchedulerId,
} from './orphan-scan.jobs';
export type { OrphanScanTarget } from './orphan-scan.jobs';
export { OrphanScanModule } from './orphan-scan.module';
export { QUEUE_DASHBOARD_PATH, QUEUE_DASHBOARD_USER, isDashboardCredential } from './queue-dashboard';
export { everyJobScheduler, scheduleEvery } from './job-schedule';
export type { EverySchedule } from './job-schedule';
