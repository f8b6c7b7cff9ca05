import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { EventsCoreModule } from '../events/events.module';
import { PkiCoreModule } from '../pki/pki.module';
import { ZoneChangesModule } from '../zone-changes/zone-changes.module';
import { AgentRegistrationService } from './agent-registration.service';
import { AgentEntity } from './agent.entity';
import { AgentsController } from './agents.controller';
import { AgentsRepository } from './agents.repository';
import { AgentsService } from './agents.service';

/** Agent records: registration (admin CLI), GET, certificates and revocation. */
@Module({
  imports: [EventsCoreModule, PkiCoreModule, TypeOrmModule.forFeature([AgentEntity]), ZoneChangesModule],
  controllers: [AgentsController],
  providers: [AgentsRepository, AgentRegistrationService, AgentsService],
  exports: [AgentRegistrationService, AgentsService],
})
export class AgentsModule {}
