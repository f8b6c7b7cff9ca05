import 'reflect-metadata';
import { runCli } from '@platform/cli';
import { openShoppingAdminContext } from './admin/admin-context';
import { SHOPPING_COMMANDS } from './admin/shopping-commands';

// Entry point of `npm run -s admin -- shopping-product …` (scripts/admin.js dispatches here).
runCli(SHOPPING_COMMANDS, process.argv.slice(2), openShoppingAdminContext).then((code) => {
  process.exitCode = code;
});
