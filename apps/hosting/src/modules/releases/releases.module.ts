import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppEnvironmentEntity } from '../apps/app-environment.entity';
import { AppsModule } from '../apps/apps.module';
import { DeploymentsModule } from '../deployments/deployments.module';
import { ReleaseEntity } from './release.entity';
import { NodejsRollbackController, ReleasesController } from './releases.controller';
import { ReleasesService } from './releases.service';

/**
 * Releases and rollback on both namespaces (API side). Releases are written by the worker's import
 * and deployment runners (recordRelease); a rollback is a deployment that DeploymentsService starts.
 */
@Module({
  imports: [AppsModule, DeploymentsModule, TypeOrmModule.forFeature([AppEnvironmentEntity, ReleaseEntity])],
  controllers: [ReleasesController, NodejsRollbackController],
  providers: [ReleasesService],
})
export class ReleasesModule {}
