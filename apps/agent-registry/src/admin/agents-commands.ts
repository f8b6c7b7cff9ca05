import type { CliCommand } from '@platform/cli';
import type { AgentsAdminContext } from './admin-context';
import { agentRegister } from './agent.commands';

/** The admin CLI nouns the agent registry owns: agent. */
export const AGENTS_COMMANDS = [agentRegister] as unknown as readonly CliCommand<never, AgentsAdminContext>[];
