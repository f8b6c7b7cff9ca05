import { CreateAgents1795500000000 } from './1795500000000-create-agents';
import { CreateZoneChanges1796000000000 } from './1796000000000-create-zone-changes';

/** Every migration of schema `agents`, oldest first. Append new ones at the end. */
export const AGENTS_MIGRATIONS = [CreateAgents1795500000000, CreateZoneChanges1796000000000];
