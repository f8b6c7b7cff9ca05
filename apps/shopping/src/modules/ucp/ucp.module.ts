import { Module } from '@nestjs/common';
import { AgentBindingsRepository } from './agent-bindings.repository';
import { AgentBindingsService } from './agent-bindings.service';
import { AgentProfilesService } from './agent-profiles.service';
import { UcpNegotiationGuard } from './ucp-negotiation.guard';
import { UcpNegotiation } from './ucp-negotiation.service';

/**
 * The protocol's plumbing every operation module uses: agent profiles and bindings, the negotiation (a plain
 * service, for REST's guard and the MCP binding alike) and the REST guard.
 */
@Module({
  providers: [
    AgentBindingsRepository,
    AgentBindingsService,
    AgentProfilesService,
    UcpNegotiation,
    UcpNegotiationGuard,
  ],
  exports: [AgentProfilesService, UcpNegotiation, UcpNegotiationGuard],
})
export class UcpModule {}
