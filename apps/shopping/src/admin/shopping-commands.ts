import type { CliCommand } from '@platform/cli';
import type { ShoppingAdminContext } from './admin-context';
import { SHOPPING_PRODUCT_COMMANDS } from './shopping-product.commands';

/** The admin CLI nouns the shopping service owns: shopping-product. */
export const SHOPPING_COMMANDS = [...SHOPPING_PRODUCT_COMMANDS] as unknown as readonly CliCommand<
  never,
  ShoppingAdminContext
>[];
