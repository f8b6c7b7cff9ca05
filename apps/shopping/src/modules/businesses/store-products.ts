import type { StoreProduct, StoreVariant } from '@platform/contracts';
import type { UcpPrice, UcpProduct, UcpVariant } from '../ucp/ucp-types';

/** A SKU with a price in the store's currency is sellable; one without a price cannot be listed as a variant. */
function variantOf(v: StoreVariant, productTitle: string, productActive: boolean): UcpVariant | undefined {
  if (!v.price) return undefined;
  const sellable = productActive && v.status === 'ACTIVE';
  const available = sellable && (v.available === null || v.available > 0);
  return {
    id: v.id,
    ...(v.code ? { sku: v.code } : {}),
    title: v.title || productTitle,
    description: { plain: v.title || productTitle },
    price: { amount: v.price.value, currency: v.price.currencyCode },
    ...(v.compareAtPrice
      ? { list_price: { amount: v.compareAtPrice.value, currency: v.compareAtPrice.currencyCode } }
      : {}),
    availability: {
      available,
      status: !sellable ? 'discontinued' : available ? 'in_stock' : 'out_of_stock',
    },
    ...(v.options.length ? { options: v.options.map((o) => ({ name: o.name, label: o.value })) } : {}),
    ...(v.mediaUrl ? { media: [{ type: 'image', url: v.mediaUrl }] } : {}),
  };
}

const byAmount = (a: UcpPrice, b: UcpPrice) => a.amount - b.amount;

/** A store's SKU group as a UCP product (product.json); undefined when no SKU of it has a price. */
export function storeProductView(p: StoreProduct): UcpProduct | undefined {
  const variants = p.variants
    .map((v) => variantOf(v, p.title, p.status === 'ACTIVE'))
    .filter((v): v is UcpVariant => v !== undefined);
  if (variants.length === 0) return undefined;
  const prices = variants.map((v) => v.price).sort(byAmount);
  const lists = variants
    .map((v) => v.list_price)
    .filter((x): x is UcpPrice => x !== undefined)
    .sort(byAmount);
  return {
    id: p.id,
    ...(p.handle ? { handle: p.handle } : {}),
    title: p.title,
    description: { plain: p.description ?? p.title },
    ...(p.categories.length ? { categories: p.categories.map((value) => ({ value })) } : {}),
    price_range: { min: prices[0], max: prices[prices.length - 1] },
    ...(lists.length ? { list_price_range: { min: lists[0], max: lists[lists.length - 1] } } : {}),
    ...(p.mediaUrls.length ? { media: p.mediaUrls.map((url) => ({ type: 'image', url })) } : {}),
    variants,
  };
}
