import { UCP_VERSION } from '@platform/errors';
import type { BusinessKey } from '../businesses/business';
import type { UcpErrorMessage, UcpMessage, UcpSeverity } from './ucp-types';

export { UCP_VERSION };

/** The protocol versions this service speaks (a profile's `supported_versions` lists the older ones). */
export const SUPPORTED_VERSIONS: readonly string[] = [UCP_VERSION];

/** UCP capability names (reverse-domain, ucp.dev namespace). */
export const Capability = {
  CHECKOUT: 'dev.ucp.shopping.checkout',
  CART: 'dev.ucp.shopping.cart',
  ORDER: 'dev.ucp.shopping.order',
  CATALOG_SEARCH: 'dev.ucp.shopping.catalog.search',
  CATALOG_LOOKUP: 'dev.ucp.shopping.catalog.lookup',
  DISCOUNT: 'dev.ucp.shopping.discount',
} as const;
export type CapabilityName = (typeof Capability)[keyof typeof Capability];

export interface CapabilityDeclaration {
  readonly name: CapabilityName;
  readonly version: string;
  /** Parent capabilities of an extension. */
  readonly extends?: readonly CapabilityName[];
  /** The page of the UCP spec (ucp.dev) and the schema. */
  readonly spec: string;
  readonly schema: string;
}

const declaration = (
  name: CapabilityName,
  page: string,
  schema: string,
  parents?: readonly CapabilityName[],
): CapabilityDeclaration => ({
  name,
  version: UCP_VERSION,
  spec: `https://ucp.dev/${UCP_VERSION}/specification/${page}`,
  schema: `https://ucp.dev/${UCP_VERSION}/schemas/shopping/${schema}`,
  ...(parents ? { extends: parents } : {}),
});

const CORE: readonly CapabilityDeclaration[] = [
  declaration(Capability.CATALOG_SEARCH, 'catalog', 'catalog_search.json'),
  declaration(Capability.CATALOG_LOOKUP, 'catalog', 'catalog_lookup.json'),
  declaration(Capability.CART, 'cart', 'cart.json'),
  declaration(Capability.CHECKOUT, 'checkout', 'checkout.json'),
  declaration(Capability.ORDER, 'order', 'order.json'),
];

/**
 * What each business offers: both the core capabilities; a store also its discount codes (the
 * platform sells no discounts this round, docs/shopping.md).
 */
export function businessCapabilities(business: BusinessKey): readonly CapabilityDeclaration[] {
  if (business.kind === 'platform') return CORE;
  return [
    ...CORE,
    declaration(Capability.DISCOUNT, 'discount', 'discount.json', [Capability.CHECKOUT, Capability.CART]),
  ];
}

/** The capabilities a response of each kind reports (UCP: only the relevant negotiated ones). */
export const RESPONSE_CAPABILITIES = {
  checkout: [Capability.CHECKOUT, Capability.DISCOUNT],
  cart: [Capability.CART, Capability.DISCOUNT],
  order: [Capability.ORDER],
  search: [Capability.CATALOG_SEARCH],
  lookup: [Capability.CATALOG_LOOKUP],
} as const satisfies Record<string, readonly CapabilityName[]>;
export type ResponseKind = keyof typeof RESPONSE_CAPABILITIES;

/** The `ucp` object of a response: version and the negotiated capabilities relevant to it. */
export interface UcpMeta {
  version: string;
  status?: 'success' | 'error';
  capabilities?: Record<string, { version: string }[]>;
  payment_handlers?: Record<string, unknown[]>;
}

export function ucpMeta(
  kind: ResponseKind,
  negotiated: ReadonlyMap<string, string>,
  extra: Pick<UcpMeta, 'payment_handlers'> = {},
): UcpMeta {
  const capabilities: Record<string, { version: string }[]> = {};
  for (const name of RESPONSE_CAPABILITIES[kind]) {
    const version = negotiated.get(name);
    if (version) capabilities[name] = [{ version }];
  }
  return { version: UCP_VERSION, status: 'success', capabilities, ...extra };
}

/** An error message with UCP's required severity. */
export function errorMessage(
  code: string,
  content: string,
  severity: UcpSeverity,
  path?: string,
): UcpErrorMessage {
  return { type: 'error', code, content_type: 'plain', content, severity, ...(path ? { path } : {}) };
}

/** The body of a business outcome without a resource (HTTP 200, `ucp.status: "error"`). */
export interface ErrorEnvelope {
  ucp: UcpMeta & { status: 'error' };
  messages: UcpMessage[];
  continue_url?: string;
}

export function errorEnvelope(
  kind: ResponseKind,
  negotiated: ReadonlyMap<string, string>,
  messages: readonly UcpMessage[],
): ErrorEnvelope {
  const meta = ucpMeta(kind, negotiated);
  return { ucp: { ...meta, status: 'error' }, messages: [...messages] };
}

/** What a controller answers: the status and the body (a resource or an error envelope). */
export interface UcpReply<T = unknown> {
  readonly status: 200 | 201;
  readonly body: T | ErrorEnvelope;
}
