import { CliError, defineCommand } from '@platform/cli';
import { PlatformCatalogAdmin } from '../modules/platform-catalog/platform-catalog-admin.service';
import { CATALOG_ROW_ID } from '../modules/platform-catalog/platform-catalog.ids';
import type { ShoppingAdminContext } from './admin-context';

const ROW_ID_FORMAT = {
  pattern: CATALOG_ROW_ID,
  name: 'a catalog id such as web-hosting-3 (see shopping-product list)',
};
const AMOUNT_FORMAT = {
  pattern: /^(0|[1-9][0-9]{0,11})$/,
  name: 'an amount in minor units: an integer from 0, at most 12 digits',
};
const CURRENCY_FORMAT = { pattern: /^[A-Za-z]{3}$/, name: 'an ISO 4217 currency code such as USD' };
const MAX_TITLE = 200;

/** `shopping-product list` → {"products": [...]}: every platform product with every price row, archived too. */
export const shoppingProductList = defineCommand({
  noun: 'shopping-product',
  verb: 'list',
  flags: {},
  async run(ctx: ShoppingAdminContext) {
    return { products: await new PlatformCatalogAdmin(ctx.catalog).list() };
  },
});

/**
 * `shopping-product set-price --variant ID --amount N [--currency USD]` → the row: its price from
 * the next request on (a domain row's amount is per year).
 */
export const shoppingProductSetPrice = defineCommand({
  noun: 'shopping-product',
  verb: 'set-price',
  flags: {
    variant: { required: true, description: 'the price row (variant) id', format: ROW_ID_FORMAT },
    amount: { required: true, description: 'the new price in minor units', format: AMOUNT_FORMAT },
    currency: { description: 'ISO 4217 code; the catalog sells in one currency', format: CURRENCY_FORMAT },
  },
  async run(ctx: ShoppingAdminContext, flags) {
    return new PlatformCatalogAdmin(ctx.catalog).setPrice(
      flags.variant,
      Number(flags.amount),
      flags.currency?.toUpperCase(),
    );
  },
});

/**
 * `shopping-product add-variant --product ID --title T --amount N --attributes JSON` → the new row:
 * attributes `{"tld":"xyz"}` (+ minYears, maxYears) on the domain registration product,
 * `{"slotLimit":5}` (+ periodYears) on a hosting plan.
 */
export const shoppingProductAddVariant = defineCommand({
  noun: 'shopping-product',
  verb: 'add-variant',
  flags: {
    product: { required: true, description: 'the product id', format: ROW_ID_FORMAT },
    title: { required: true, description: 'the variant title' },
    amount: { required: true, description: 'the price in minor units', format: AMOUNT_FORMAT },
    attributes: { required: true, description: 'a JSON object of the variant attributes' },
  },
  async run(ctx: ShoppingAdminContext, flags) {
    const title = flags.title.trim();
    if (!title || title.length > MAX_TITLE)
      throw new CliError('INVALID_FLAG_VALUE', `--title must be 1 to ${MAX_TITLE} characters`);
    let attributes: unknown;
    try {
      attributes = JSON.parse(flags.attributes);
    } catch {
      attributes = undefined;
    }
    if (!attributes || typeof attributes !== 'object' || Array.isArray(attributes))
      throw new CliError('INVALID_FLAG_VALUE', '--attributes must be a JSON object such as {"slotLimit":5}');
    return new PlatformCatalogAdmin(ctx.catalog).addVariant({
      productId: flags.product,
      title,
      amount: Number(flags.amount),
      attributes: attributes as Record<string, unknown>,
    });
  },
});

/** `shopping-product archive --product ID | --variant ID` → {"productId"|"variantId", "status":"ARCHIVED"}. */
export const shoppingProductArchive = defineCommand({
  noun: 'shopping-product',
  verb: 'archive',
  flags: {
    product: { description: 'the product to archive', format: ROW_ID_FORMAT },
    variant: { description: 'the price row (variant) to archive', format: ROW_ID_FORMAT },
  },
  async run(ctx: ShoppingAdminContext, flags) {
    const admin = new PlatformCatalogAdmin(ctx.catalog);
    if (flags.product !== undefined && flags.variant !== undefined)
      throw new CliError('CONFLICTING_FLAGS', 'give --product or --variant, not both');
    if (flags.product !== undefined) return admin.archiveProduct(flags.product);
    if (flags.variant !== undefined) return admin.archiveVariant(flags.variant);
    throw new CliError('MISSING_FLAG', 'archive needs --product ID or --variant ID');
  },
});

/** `shopping-product list|set-price|add-variant|archive` (ARCHITECTURE.md §5). */
export const SHOPPING_PRODUCT_COMMANDS = [
  shoppingProductList,
  shoppingProductSetPrice,
  shoppingProductAddVariant,
  shoppingProductArchive,
] as const;
