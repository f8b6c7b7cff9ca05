import 'reflect-metadata';
import { runMigrateEntry } from '@platform/service-kit';
import { loadAgentRegistryConfig } from './config/agent-registry.config';
import { AGENTS_MIGRATION_SET } from './database/agents.migration-set';

runMigrateEntry(() => loadAgentRegistryConfig(), [AGENTS_MIGRATION_SET]);
