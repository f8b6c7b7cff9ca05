import 'reflect-metadata';
import { runCli } from '@platform/cli';
import { openDomainsAdminContext } from './admin/admin-context';
import { DOMAINS_COMMANDS } from './admin/domains-commands';

// Entry point of `npm run -s admin -- domain …` and `… payment-profile …` (scripts/admin.js dispatches here).
runCli(DOMAINS_COMMANDS, process.argv.slice(2), openDomainsAdminContext).then((code) => {
  process.exitCode = code;
});
