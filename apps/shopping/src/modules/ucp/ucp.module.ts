import { Module } from '@nestjs/common';
import { AgentProfilesService } from './agent-profiles.service';
import { UcpNegotiationGuard } from './ucp-negotiation.guard';

/** The protocol's plumbing every operation module uses: agent profiles and the negotiation guard. */
@Module({
  providers: [AgentProfilesService, UcpNegotiationGuard],
  exports: [AgentProfilesService, UcpNegotiationGuard],
})
export class UcpModule {}
