import { declareQueue } from '@platform/queue';

/**
 * The registry's repeatable housekeeping, run by the worker: lapse PENDING_VALIDATION
 * registrations, delete events past their 30 days, re-sign the CRL before it goes stale, and give
 * a zone change left PENDING without a live job its job back (ZoneChangeSweep).
 */
export const AgentsMaintenanceQueue = declareQueue({
  name: 'agents-maintenance',
  jobs: ['expire-pending', 'purge-events', 'refresh-crl', 'requeue-zone-changes'],
});

export type MaintenanceJob = (typeof AgentsMaintenanceQueue.jobs)[number];
