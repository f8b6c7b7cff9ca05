import 'reflect-metadata';
import { runCli } from '@platform/cli';
import { openAgentsAdminContext } from './admin/admin-context';
import { AGENTS_COMMANDS } from './admin/agents-commands';

// Entry point of `npm run -s admin -- agent …` (scripts/admin.js dispatches here).
runCli(AGENTS_COMMANDS, process.argv.slice(2), openAgentsAdminContext).then((code) => {
  process.exitCode = code;
});
