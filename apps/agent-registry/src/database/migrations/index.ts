import { CreateAgents1795500000000 } from './1795500000000-create-agents';

/** Every migration of schema `agents`, oldest first. Append new ones at the end. */
export const AGENTS_MIGRATIONS = [CreateAgents1795500000000];
