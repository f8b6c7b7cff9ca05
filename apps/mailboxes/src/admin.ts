import 'reflect-metadata';
import { runCli } from '@platform/cli';
import { openMailboxesAdminContext } from './admin/admin-context';
import { MAILBOXES_COMMANDS } from './admin/mailboxes-commands';

// Entry point of `npm run -s admin -- domain …` (scripts/admin.js dispatches here).
runCli(MAILBOXES_COMMANDS, process.argv.slice(2), openMailboxesAdminContext).then((code) => {
  process.exitCode = code;
});
