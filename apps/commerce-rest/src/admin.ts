import 'reflect-metadata';
import { runCli } from '@platform/cli';
import { openCommerceAdminContext } from './admin/admin-context';
import { COMMERCE_COMMANDS } from './admin/commerce-commands';

// Entry point of `npm run -s admin -- store|channel …` (scripts/admin.js dispatches here).
runCli(COMMERCE_COMMANDS, process.argv.slice(2), openCommerceAdminContext).then((code) => {
  process.exitCode = code;
});
