import { Processor } from '@nestjs/bullmq';
import { Inject } from '@nestjs/common';
import { JobDispatcherHost, OperationRunner, WorkerDefaults, createJobDispatcher } from '@platform/queue';
import type { OperationJobData, OperationOutcome } from '@platform/queue';
import type { Job } from 'bullmq';
import { APP_PROVISIONER } from './app-provisioner';
import type { AppProvisioner } from './app-provisioner';
import { AppOperationEntity } from './app-operation.entity';
import { HOSTING_APPS_CONCURRENCY, HostingAppsQueue } from './apps.jobs';

/** Consumes `hosting-apps`: completes each app operation exactly once (OperationRunner). */
@Processor(HostingAppsQueue.name, { ...WorkerDefaults, concurrency: HOSTING_APPS_CONCURRENCY })
export class HostingAppsProcessor extends JobDispatcherHost {
  protected readonly dispatcher = createJobDispatcher(HostingAppsQueue, {
    'app.create': (job) => this.create(job),
  });

  constructor(
    private readonly runner: OperationRunner,
    @Inject(APP_PROVISIONER) private readonly provisioner: AppProvisioner,
  ) {
    super();
  }

  private create(job: Job<OperationJobData>): Promise<OperationOutcome> {
    return this.runner.execute(AppOperationEntity, job, ({ record }) => this.provisioner.provision(record));
  }
}
