import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AgentEventEntity } from './agent-event.entity';
import { AgentEventLog } from './agent-event-log.service';
import { AgentEventsRepository } from './agent-events.repository';
import { EventsController } from './events.controller';

/**
 * The event log without HTTP: what the registry's writers append through and what the worker's
 * purge job calls. The worker imports this one; it serves no routes.
 */
@Module({
  imports: [TypeOrmModule.forFeature([AgentEventEntity])],
  providers: [AgentEventsRepository, AgentEventLog],
  exports: [AgentEventsRepository, AgentEventLog],
})
export class EventsCoreModule {}

/** GET /v1/agents/events, plus the log itself (re-exported for the API's other modules). */
@Module({
  imports: [EventsCoreModule],
  controllers: [EventsController],
  exports: [EventsCoreModule],
})
export class EventsModule {}
