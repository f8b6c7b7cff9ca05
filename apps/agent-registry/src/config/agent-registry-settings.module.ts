import { DynamicModule, Global, Module } from '@nestjs/common';
import { AGENT_REGISTRY_SETTINGS } from './agent-registry.config';
import type { AgentRegistrySettings } from './agent-registry.config';

/** Makes the registry's own settings injectable everywhere (token AGENT_REGISTRY_SETTINGS). */
@Global()
@Module({})
export class AgentRegistrySettingsModule {
  static forRoot(settings: AgentRegistrySettings): DynamicModule {
    return {
      module: AgentRegistrySettingsModule,
      providers: [{ provide: AGENT_REGISTRY_SETTINGS, useValue: settings }],
      exports: [AGENT_REGISTRY_SETTINGS],
    };
  }
}
