import { declareQueue } from '@platform/queue';

/**
 * The registry's repeatable housekeeping, run by the worker: lapse PENDING_VALIDATION
 * registrations, delete events past their 30 days, and re-sign the CRL before it goes stale.
 */
export const AgentsMaintenanceQueue = declareQueue({
  name: 'agents-maintenance',
  jobs: ['expire-pending', 'purge-events', 'refresh-crl'],
});

export type MaintenanceJob = (typeof AgentsMaintenanceQueue.jobs)[number];
