import 'reflect-metadata';
import { runCli } from '@platform/cli';
import { ADMIN_COMMANDS } from './admin-commands';
import { openAdminContext } from './admin-context';

runCli(ADMIN_COMMANDS, process.argv.slice(2), openAdminContext).then((code) => {
  process.exitCode = code;
});
