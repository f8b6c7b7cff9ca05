import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { OperationRunner, OrphanScanModule, QueueModule } from '@platform/queue';
import { ImportsWorkerModule } from '../imports/imports-worker.module';
import { RestartOperationEntity } from './restart-operation.entity';
import { RestartRunner } from './restart.runner';
import { HostingRestartsQueue } from './restarts.jobs';
import { RestartsProcessor } from './restarts.processor';

/** The worker's side of restarts: consumes `hosting-restarts` on the runtime ImportsWorkerModule owns. */
@Module({
  imports: [
    ImportsWorkerModule,
    OrphanScanModule.forOperations({ entity: RestartOperationEntity, operations: HostingRestartsQueue }),
    QueueModule.registerQueues(HostingRestartsQueue),
    TypeOrmModule.forFeature([RestartOperationEntity]),
  ],
  providers: [OperationRunner, RestartRunner, RestartsProcessor],
})
export class RestartsWorkerModule {}
