import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { OperationRunner, QueueModule } from '@platform/queue';
import { AppEnvironmentEntity } from '../apps/app-environment.entity';
import { AppsModule } from '../apps/apps.module';
import { SecretStoreModule } from '../secret-store/secret-store.module';
import { RestartOperationEntity } from './restart-operation.entity';
import { RestartsController } from './restarts.controller';
import { HostingRestartsQueue } from './restarts.jobs';
import { RestartsService } from './restarts.service';

/** Restarts (API side); the worker runs them (RestartsWorkerModule). */
@Module({
  imports: [
    AppsModule,
    QueueModule.registerQueues(HostingRestartsQueue),
    SecretStoreModule,
    TypeOrmModule.forFeature([AppEnvironmentEntity, RestartOperationEntity]),
  ],
  controllers: [RestartsController],
  providers: [OperationRunner, RestartsService],
})
export class RestartsModule {}
