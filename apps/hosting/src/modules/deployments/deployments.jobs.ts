import { declareQueue } from '@platform/queue';

export const RUN_DEPLOYMENT_JOB = 'deployment.run';

/** The queue of deployments; each job carries the deployment id as operationId (and job id). */
export const HostingDeploymentsQueue = declareQueue({
  name: 'hosting-deployments',
  jobs: [RUN_DEPLOYMENT_JOB],
});

/** Deployments (a copy and a start) run in parallel up to this many per worker process. */
export const HOSTING_DEPLOYMENTS_CONCURRENCY = 2;
