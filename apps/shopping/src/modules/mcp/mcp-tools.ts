import type { Scope } from '@platform/scopes';
import type { CartsService } from '../carts/carts.service';
import { LookupRequest, ProductRequest, SearchRequest } from '../catalog/catalog.request';
import type { CatalogService } from '../catalog/catalog.service';
import {
  CheckoutWritableRequest,
  CompleteCheckoutRequest,
  CreateCheckoutRequest,
  UpdateCheckoutRequest,
} from '../checkout/checkout.request';
import type { CheckoutService } from '../checkout/checkout.service';
import type { OrdersService } from '../orders/orders.service';
import type { ShoppingContext } from '../ucp/shopping-context';
import type { UcpReply } from '../ucp/ucp-protocol';
import { UCP_VERSION } from '../ucp/ucp-protocol';

/** The engine's services a tool calls: the same ones the REST controllers call. */
export interface McpEngine {
  readonly checkout: CheckoutService;
  readonly carts: CartsService;
  readonly catalog: CatalogService;
  readonly orders: OrdersService;
}

/** What a tool's arguments hold once read and validated (`meta` aside). */
export interface McpToolInput {
  /** The `id` param (the REST path's `{id}`). */
  readonly id: string;
  /** The payload param (`checkout`, `cart`, `catalog`: the REST body), as its request class. */
  readonly payload: unknown;
}

/** The payload param of a tool: its name in the OpenRPC document and the REST body class it is. */
export interface McpPayloadParam {
  readonly name: 'checkout' | 'cart' | 'catalog';
  readonly type: new () => object;
  /** The UCP schema it is (for the tool's description and inputSchema). */
  readonly schema: string;
}

/**
 * One tool of UCP's MCP binding (services/shopping/mcp.openrpc.json, one method each): the REST
 * operation it is, with the same scope and the same engine call.
 */
export interface McpTool {
  readonly name: string;
  readonly description: string;
  readonly scope: Scope;
  /** Takes the resource `id` param. */
  readonly id: boolean;
  readonly payload?: McpPayloadParam;
  /**
   * `meta["idempotency-key"]`: `required` on every write, as on REST (the rule; the
   * OpenRPC document requires it only on complete and cancel, so this is stricter, never looser),
   * `none` on reads.
   */
  readonly idempotency: 'required' | 'none';
  /** The schema of its result (`structuredContent`): the resource, or UCP's error envelope. */
  readonly result: string;
  run(engine: McpEngine, ctx: ShoppingContext, input: McpToolInput): Promise<UcpReply>;
}

const SCHEMAS = 'https://ucp.dev/schemas/shopping';
const CHECKOUT = `${SCHEMAS}/checkout.json`;
const CART = `${SCHEMAS}/cart.json`;
const ERROR = `${SCHEMAS}/types/error_response.json`;

const checkoutParam = (type: new () => object, view: string): McpPayloadParam => ({
  name: 'checkout',
  type,
  schema: `${CHECKOUT} (${view} view)`,
});
const cartParam = (view: string): McpPayloadParam => ({
  name: 'cart',
  type: CheckoutWritableRequest,
  schema: `${CART} (${view} view)`,
});

/** The tools, in the OpenRPC document's order. */
export const MCP_TOOLS: readonly McpTool[] = [
  {
    name: 'create_checkout',
    description: 'Create a checkout session.',
    scope: 'shopping.checkout:execute',
    id: false,
    payload: checkoutParam(CreateCheckoutRequest, 'create'),
    idempotency: 'required',
    result: `${CHECKOUT} or ${ERROR}`,
    run: (e, ctx, i) => e.checkout.create(ctx, i.payload as CreateCheckoutRequest),
  },
  {
    name: 'get_checkout',
    description: 'Get a checkout session.',
    scope: 'shopping.checkout:execute',
    id: true,
    idempotency: 'none',
    result: `${CHECKOUT} or ${ERROR}`,
    run: (e, ctx, i) => e.checkout.get(ctx, i.id),
  },
  {
    name: 'update_checkout',
    description: 'Update a checkout session (a full replacement of its writable fields).',
    scope: 'shopping.checkout:execute',
    id: true,
    payload: checkoutParam(UpdateCheckoutRequest, 'update'),
    idempotency: 'required',
    result: `${CHECKOUT} or ${ERROR}`,
    run: (e, ctx, i) => e.checkout.update(ctx, i.id, i.payload as UpdateCheckoutRequest),
  },
  {
    name: 'complete_checkout',
    description: 'Complete a checkout session: pay and place the order.',
    scope: 'shopping.checkout:execute',
    id: true,
    payload: checkoutParam(CompleteCheckoutRequest, 'complete'),
    idempotency: 'required',
    result: `${CHECKOUT} or ${ERROR}`,
    run: (e, ctx, i) => e.checkout.complete(ctx, i.id, i.payload as CompleteCheckoutRequest),
  },
  {
    name: 'cancel_checkout',
    description: 'Cancel a checkout session.',
    scope: 'shopping.checkout:execute',
    id: true,
    idempotency: 'required',
    result: `${CHECKOUT} or ${ERROR}`,
    run: (e, ctx, i) => e.checkout.cancel(ctx, i.id),
  },
  {
    name: 'create_cart',
    description: 'Create a cart.',
    scope: 'shopping.checkout:execute',
    id: false,
    payload: cartParam('create'),
    idempotency: 'required',
    result: `${CART} or ${ERROR}`,
    run: (e, ctx, i) => e.carts.create(ctx, i.payload as CheckoutWritableRequest),
  },
  {
    name: 'get_cart',
    description: 'Get a cart.',
    scope: 'shopping.checkout:execute',
    id: true,
    idempotency: 'none',
    result: `${CART} or ${ERROR}`,
    run: (e, ctx, i) => e.carts.get(ctx, i.id),
  },
  {
    name: 'update_cart',
    description: 'Update a cart (a full replacement).',
    scope: 'shopping.checkout:execute',
    id: true,
    payload: cartParam('update'),
    idempotency: 'required',
    result: `${CART} or ${ERROR}`,
    run: (e, ctx, i) => e.carts.update(ctx, i.id, i.payload as CheckoutWritableRequest),
  },
  {
    name: 'cancel_cart',
    description: 'Cancel a cart.',
    scope: 'shopping.checkout:execute',
    id: true,
    idempotency: 'required',
    result: `${CART} or ${ERROR}`,
    run: (e, ctx, i) => e.carts.cancel(ctx, i.id),
  },
  {
    name: 'search_catalog',
    description:
      'Search for products in the catalog: query text, filters, pagination (the platform also takes `domains`: names to price).',
    scope: 'shopping.catalog:read',
    id: false,
    payload: {
      name: 'catalog',
      type: SearchRequest,
      schema: `${SCHEMAS}/catalog_search.json#/$defs/search_request`,
    },
    idempotency: 'none',
    result: `${SCHEMAS}/catalog_search.json#/$defs/search_response`,
    run: (e, ctx, i) => e.catalog.search(ctx, i.payload as SearchRequest),
  },
  {
    name: 'lookup_catalog',
    description: 'Batch lookup of products or variants by identifier.',
    scope: 'shopping.catalog:read',
    id: false,
    payload: {
      name: 'catalog',
      type: LookupRequest,
      schema: `${SCHEMAS}/catalog_lookup.json#/$defs/lookup_request`,
    },
    idempotency: 'none',
    result: `${SCHEMAS}/catalog_lookup.json#/$defs/lookup_response`,
    run: (e, ctx, i) => e.catalog.lookup(ctx, i.payload as LookupRequest),
  },
  {
    name: 'get_order',
    description: 'Get the current state of an order.',
    scope: 'shopping.order:read',
    id: true,
    idempotency: 'none',
    result: `${SCHEMAS}/order.json or ${ERROR}`,
    run: (e, ctx, i) => e.orders.get(ctx, i.id),
  },
  {
    name: 'get_product',
    description: 'Retrieve complete product detail by identifier.',
    scope: 'shopping.catalog:read',
    id: false,
    payload: {
      name: 'catalog',
      type: ProductRequest,
      schema: `${SCHEMAS}/catalog_lookup.json#/$defs/get_product_request`,
    },
    idempotency: 'none',
    result: `${SCHEMAS}/catalog_lookup.json#/$defs/get_product_response or ${ERROR}`,
    run: (e, ctx, i) => e.catalog.product(ctx, i.payload as ProductRequest),
  },
];

export const MCP_TOOLS_BY_NAME: ReadonlyMap<string, McpTool> = new Map(MCP_TOOLS.map((t) => [t.name, t]));

/** The OpenRPC `meta` param (mcp.openrpc.json#/components/schemas/meta). */
function metaSchema(tool: McpTool): Record<string, unknown> {
  return {
    type: 'object',
    description: 'Request metadata: the agent (UCP-Agent) and, for writes, the idempotency key.',
    required: tool.idempotency === 'required' ? ['ucp-agent', 'idempotency-key'] : ['ucp-agent'],
    additionalProperties: true,
    properties: {
      'ucp-agent': {
        type: 'object',
        description: 'Platform agent identification. Maps to the HTTP UCP-Agent header.',
        required: ['profile'],
        properties: {
          profile: { type: 'string', format: 'uri', description: "URL of the platform's UCP profile." },
          version: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
        },
      },
      'idempotency-key': {
        type: 'string',
        format: 'uuid',
        description: 'Unique key for retry safety (kept 24 h). Maps to the HTTP Idempotency-Key header.',
      },
    },
  };
}

/** A tool as `tools/list` describes it (MCP "Tools"; UCP overview.md "Response Format"). */
export function describeTool(tool: McpTool): Record<string, unknown> {
  const properties: Record<string, unknown> = { meta: metaSchema(tool) };
  if (tool.id)
    properties.id = { type: 'string', pattern: '^[A-Za-z0-9_-]{1,40}$', description: 'The resource id.' };
  if (tool.payload)
    properties[tool.payload.name] = {
      type: 'object',
      description: `UCP ${UCP_VERSION}: ${tool.payload.schema}`,
    };
  const readOnly = tool.idempotency === 'none';
  return {
    name: tool.name,
    description: tool.description,
    inputSchema: {
      type: 'object',
      properties,
      required: ['meta', ...(tool.id ? ['id'] : []), ...(tool.payload ? [tool.payload.name] : [])],
      additionalProperties: false,
    },
    outputSchema: {
      type: 'object',
      description: `UCP ${UCP_VERSION}: ${tool.result}`,
      properties: { ucp: { type: 'object' } },
      required: ['ucp'],
    },
    annotations: {
      readOnlyHint: readOnly,
      destructiveHint: tool.name.startsWith('cancel_'),
      idempotentHint: readOnly,
      openWorldHint: false,
    },
  };
}
