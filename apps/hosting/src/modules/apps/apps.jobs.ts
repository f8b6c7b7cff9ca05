import { declareQueue } from '@platform/queue';

export const CREATE_APP_JOB = 'app.create';

/** The queue of app operations; each job carries the operation id as operationId (and job id). */
export const HostingAppsQueue = declareQueue({ name: 'hosting-apps', jobs: [CREATE_APP_JOB] });

/** App creations run in parallel up to this many per worker process (a few queries each). */
export const HOSTING_APPS_CONCURRENCY = 8;
