/**
 * The SQL of a SKU's current price, as `{value, currencyCode}` jsonb over a records alias: its
 * oldest ACTIVE price record that applies to every channel and quantity (no `channelId`,
 * `minQuantity` unset or 1; what the public storefront graph shows in `SKU.prices`), else the SKU's
 * own `price` (`compareAtPrice` likewise, from the record's `compareAtValue`). The one definition
 * for cart lines (storefront-pricing), group price ranges and the price orderings
 * (docs/graphql.md, "Order storefront"); the lookup uses `records_store_parent_idx`.
 */
export function skuCurrentMoneySql(sku: string, field: 'price' | 'compareAtPrice'): string {
  const recordField = field === 'price' ? 'amount' : 'compareAtValue';
  return `COALESCE((SELECT NULLIF(p."data"->'${recordField}', 'null'::jsonb) FROM "catalog"."records" p
     WHERE p.store_id = ${sku}.store_id AND p.parent_id = ${sku}.id AND p.kind = 'SKU_PRICE'
       AND p.status = 'ACTIVE' AND p."data"->>'channelId' IS NULL
       AND COALESCE((p."data"->>'minQuantity')::int, 1) <= 1
     ORDER BY p.created_at, p.id LIMIT 1), NULLIF(${sku}."data"->'${field}', 'null'::jsonb))`;
}

/** The same in integer minor units (null without a price). */
export function skuCurrentMinorUnitsSql(sku: string, field: 'price' | 'compareAtPrice'): string {
  return `(${skuCurrentMoneySql(sku, field)}->>'value')::bigint`;
}
