import { Injectable } from '@nestjs/common';
import { BusinessesService } from '../businesses/businesses.service';
import type { ShoppingContext } from '../ucp/shopping-context';
import { UcpErrors } from '../ucp/ucp.errors';
import { errorEnvelope, errorMessage, ucpMeta, type UcpReply } from '../ucp/ucp-protocol';
import type { UcpMessage, UcpProduct } from '../ucp/ucp-types';
import {
  DEFAULT_PAGE_SIZE,
  type LookupRequest,
  type ProductRequest,
  type SearchRequest,
} from './catalog.request';

/** Catalog search, lookup and product of either business (catalog/rest.md). */
@Injectable()
export class CatalogService {
  constructor(private readonly businesses: BusinessesService) {}

  async search(ctx: ShoppingContext, body: SearchRequest): Promise<UcpReply> {
    if (!hasSearchInput(body))
      throw UcpErrors.invalidRequest(
        'a search needs at least one input: a query, a filter (categories, price) or, on the platform, domains',
      );
    if (body.domains && ctx.business.kind !== 'platform')
      throw UcpErrors.invalidRequest(
        'domains searches the platform’s domain registrations; a store sells none',
      );
    const page = await this.businesses.of(ctx.business).search({
      ...(body.query !== undefined ? { query: body.query } : {}),
      ...(body.domains ? { domains: body.domains } : {}),
      ...(body.filters?.categories ? { categories: body.filters.categories } : {}),
      ...(body.filters?.price?.min !== undefined ? { priceMin: body.filters.price.min } : {}),
      ...(body.filters?.price?.max !== undefined ? { priceMax: body.filters.price.max } : {}),
      ...(body.context?.currency ? { currency: body.context.currency.toUpperCase() } : {}),
      ...(body.pagination?.cursor ? { cursor: body.pagination.cursor } : {}),
      limit: body.pagination?.limit ?? DEFAULT_PAGE_SIZE,
    });
    return {
      status: 200,
      body: {
        ucp: ucpMeta('search', ctx.capabilities),
        products: page.products,
        pagination: page.nextCursor
          ? { has_next_page: true, cursor: page.nextCursor }
          : { has_next_page: false },
        ...(page.messages.length ? { messages: page.messages } : {}),
      },
    };
  }

  async lookup(ctx: ShoppingContext, body: LookupRequest): Promise<UcpReply> {
    const ids = [...new Set(body.ids)];
    const { products, missing } = await this.businesses.of(ctx.business).lookup(ids);
    const messages: UcpMessage[] = missing.map((id) => ({
      type: 'info',
      code: 'not_found',
      content_type: 'plain',
      content: `no product or variant ${id}`,
      path: `$.ids[${body.ids.indexOf(id)}]`,
    }));
    return {
      status: 200,
      body: {
        ucp: ucpMeta('lookup', ctx.capabilities),
        products: products.map((p) => correlate(p, ids)).filter((p): p is UcpProduct => p !== undefined),
        ...(messages.length ? { messages } : {}),
      },
    };
  }

  async product(ctx: ShoppingContext, body: ProductRequest): Promise<UcpReply> {
    const product = await this.businesses.of(ctx.business).product(body.id);
    if (!product)
      return {
        status: 200,
        body: errorEnvelope('lookup', ctx.capabilities, [
          errorMessage('product_not_found', `no product or variant ${body.id}`, 'unrecoverable', '$.id'),
        ]),
      };
    return {
      status: 200,
      body: { ucp: ucpMeta('lookup', ctx.capabilities), product: featured(product, body.id) },
    };
  }
}

/**
 * Whether a search carries an input this business recognizes (search.md "Search Inputs": at least
 * one of a query, a filter or an extension's input — GoDaddy's `domains`); a blank query is none.
 */
function hasSearchInput(body: SearchRequest): boolean {
  const filters = body.filters;
  return (
    Boolean(body.query?.trim()) ||
    Boolean(body.domains?.length) ||
    Boolean(filters?.categories?.length) ||
    filters?.price?.min !== undefined ||
    filters?.price?.max !== undefined
  );
}

/**
 * A get_product answer (catalog_lookup.json detail_product): asked by a variant id, that variant
 * comes first (featured, lookup.md); the featured variant's options are the product's `selected`
 * (required when the product has option axes).
 */
function featured(product: UcpProduct, id: string): UcpProduct {
  const at = product.variants.findIndex((v) => v.id === id);
  const variants =
    at > 0 ? [product.variants[at], ...product.variants.filter((_, i) => i !== at)] : product.variants;
  const options = variants[0]?.options ?? [];
  return { ...product, variants, ...(options.length ? { selected: options.map((o) => ({ ...o })) } : {}) };
}

/**
 * A lookup product keeps the variants the ids resolved to, each saying which id and how
 * (lookup_variant `inputs`): a variant id is an exact match, a product id features all its variants.
 */
function correlate(product: UcpProduct, ids: readonly string[]): UcpProduct | undefined {
  const byProduct = ids.includes(product.id);
  const variants = product.variants
    .map((v) => {
      const inputs = [
        ...(ids.includes(v.id) ? [{ id: v.id, match: 'exact' }] : []),
        ...(byProduct ? [{ id: product.id, match: 'featured' }] : []),
      ];
      return inputs.length ? { ...v, inputs } : undefined;
    })
    .filter((v): v is NonNullable<typeof v> => v !== undefined);
  return variants.length ? { ...product, variants } : undefined;
}
