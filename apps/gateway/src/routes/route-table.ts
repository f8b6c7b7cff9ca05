import { SERVICE_PORTS, ServiceName, WORKER_PORTS } from '@platform/config';

/**
 * The single route table of the platform: which service serves which path prefix of the spec.
 * The gateway proxies by it, `npm start` starts what it names, and the k8s Ingress is checked
 * against it (apps/gateway/test/ingress.spec.ts). A later service adds its rows here.
 *
 * Each row's comment names where its code is: `apps/<service>/src/modules/<feature>/`, whose
 * `<feature>.controller.ts` (REST) or `*.resolver.ts` (GraphQL) serves the path. The gateway's own
 * routes are not rows: POST /graphql is `apps/gateway/src/modules/graphql/supergraph.service.ts`,
 * GET /healthz `apps/gateway/src/modules/health/platform-health.controller.ts`.
 */
export interface ServiceRoute {
  /** Service (and k8s Service/Deployment) name. */
  readonly service: ServiceName;
  /** Path prefixes this service owns, matched on segment boundaries. Longest prefix wins. */
  readonly prefixes: readonly string[];
  /** Environment variable holding the service's base URL at the gateway. */
  readonly urlEnv: string;
  /** Worker processes of this service (own entry point and Deployment), fronted for readiness. */
  readonly workers: readonly ServiceWorker[];
  /**
   * How the service answers errors (README "Service map"), and so how the gateway answers its own
   * refusals on its paths (413): `commerce`, `domains` (the default), `shopping` (the UCP
   * envelope), or `graphql` for a subgraph.
   */
  readonly errorFamily?: 'commerce' | 'domains' | 'shopping' | 'graphql';
  /**
   * The largest request body the service takes, bytes (default 1 MiB, the services' own limit):
   * the gateway answers 413 itself beyond it, before proxying (docs/gateway.md, "Request bodies").
   */
  readonly maxBodyBytes?: number;
  /** Paths (`{param}` segments allowed, matched whole) that take larger bodies, e.g. uploads. */
  readonly largeBodies?: readonly { readonly path: string; readonly maxBodyBytes: number }[];
}

/** The services' own request body limit (service-kit's `bodyLimit` default). */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

const MiB = 1024 * 1024;

export interface ServiceWorker {
  readonly name: string;
  readonly port: number;
  /**
   * Path prefixes the gateway sends to this worker's own port instead of the service (same rules
   * as `prefixes`); its base URL is the one of its readiness, `<SERVICE>_<WORKER>_HEALTH_URL`.
   */
  readonly prefixes?: readonly string[];
}

export const ROUTE_TABLE: readonly ServiceRoute[] = [
  {
    // First: `npm start` gives each service the URLs of the rows above it, and mailboxes and the
    // agent registry ask domains (DOMAINS_URL), the one owner of domains and DNS.
    service: 'domains',
    // apps/domains/src/modules/: registry (/v3/domains/check-availability, /v1/domains/available),
    // orders (/v1/domains/purchase, …/{domain}/renew, …/{domain}/transfer, /v1/domains/orders/{orderId}),
    // domains (/v1/domains, /v1/domains/{domain}), records (/v1/domains/{domain}/records…). Not
    // routed here: /internal/v1/domains/{domain} (domains) and /internal/v1/zone-changes
    // (records), which only mailboxes and the agent registry call.
    prefixes: ['/v1/domains', '/v3/domains'],
    urlEnv: 'DOMAINS_URL',
    // Registers, renews and transfers (queue domains-orders), renews and expires on schedule;
    // health on 3109.
    workers: [{ name: 'worker', port: WORKER_PORTS['domains-worker'] }],
  },
  {
    service: 'agent-registry',
    // apps/agent-registry/src/modules/: agents (/v1/agents/{agentId}, …/certificates/server,
    // …/revoke), pki (/v1/agents/crl, /v1/agents/ca), events (/v1/agents/events).
    prefixes: ['/v1/agents'],
    urlEnv: 'AGENT_REGISTRY_URL',
    // Expires pending registrations, purges events, refreshes the CRL (queue agents-maintenance);
    // health on 3107.
    workers: [{ name: 'worker', port: WORKER_PORTS['agent-registry-worker'] }],
  },
  {
    service: 'commerce-rest',
    // apps/commerce-rest/src/modules/: stores (/v1/commerce/stores/{storeId}, …/government-ids),
    // stores/attributes (…/{storeId}/attributes), customers (…/{storeId}/customers), channels
    // (/v1/commerce/channels), transactions (/v2/commerce/stores/{storeId}/transactions). Not
    // routed here: internal/v1/store-access (modules/access), which only the subgraphs call.
    prefixes: ['/v1/commerce/stores', '/v1/commerce/channels', '/v2/commerce/stores'],
    urlEnv: 'COMMERCE_REST_URL',
    errorFamily: 'commerce',
    // Records transactions from order events (queue commerce-transactions); health on 3101.
    workers: [{ name: 'worker', port: WORKER_PORTS['commerce-rest-worker'] }],
  },
  {
    service: 'countries',
    // apps/countries/src/modules/countries (/v1/countries, /v1/countries/{countryKey}).
    prefixes: ['/v1/countries'],
    urlEnv: 'COUNTRIES_URL',
    workers: [],
  },
  {
    service: 'hosting',
    // apps/hosting/src/modules/: apps (/v1/hosting/apps, /v1/hosting/apps/{appId},
    // /v1/hosting/app-operations), nodejs (/v1/hosting/nodejs/apps, …/jobs/{jobId}; the earlier
    // namespace), and per app (/v1/hosting/apps/{appId}/… and /v1/hosting/nodejs/apps/{appId}/…):
    // imports (…/imports, nodejs …/source), deployments (…/deployments), subscriptions
    // (…/subscription), secret-store (…/secrets), app-logs (…/logs), app-runtime (…/status);
    // webhooks (/v1/hosting/webhooks, per account).
    prefixes: ['/v1/hosting'],
    urlEnv: 'HOSTING_URL',
    errorFamily: 'commerce',
    // Archive uploads: HOSTING_UPLOAD_MAX_BYTES (50 MiB by default) plus the multipart framing;
    // the service cuts the file part at its own setting.
    largeBodies: [
      { path: '/v1/hosting/apps/{appId}/imports', maxBodyBytes: 64 * MiB },
      { path: '/v1/hosting/nodejs/apps/{appId}/source', maxBodyBytes: 64 * MiB },
    ],
    // Creates, builds, runs and publishes apps (queues hosting-apps, -imports, -deployments) and
    // delivers deploy webhooks (hosting-webhooks) and checks custom domains (hosting-domains); its
    // port 3105 serves health and the apps' own traffic under /hosted/{appId}/{preview|publish}
    // and, for custom domains, /hosted-domains/{hostname} (apps/hosting/src/modules/variant-proxy):
    // the gateway rewrites a request whose Host is not the platform's own to the latter
    // (routes/custom-domains.ts).
    workers: [
      { name: 'worker', port: WORKER_PORTS['hosting-worker'], prefixes: ['/hosted', '/hosted-domains'] },
    ],
  },
  {
    service: 'mailboxes',
    // apps/mailboxes/src/modules/mailboxes (/mailboxes, /mailboxes/{mailboxId}).
    prefixes: ['/mailboxes'],
    urlEnv: 'MAILBOXES_URL',
    // Provisions mailboxes (queue mailboxes); health on 3106.
    workers: [{ name: 'worker', port: WORKER_PORTS['mailboxes-worker'] }],
  },
  {
    // After commerce-rest: `npm start` gives each service the URLs of the rows above it, and the
    // subgraph asks commerce-rest (COMMERCE_REST_URL) whether a caller may use a store.
    service: 'catalog-subgraph',
    // GraphQL: apps/catalog-subgraph/src/modules/: one folder per kind (skus, sku-groups, options,
    // attributes, lists, locations, media-objects…), record-fields, inventory, bulk (*.resolver.ts).
    prefixes: ['/v2/commerce/stores/{storeId}/catalog-subgraph'],
    urlEnv: 'CATALOG_SUBGRAPH_URL',
    errorFamily: 'graphql',
    // Bulk SKU imports as JSON Lines in one mutation (CATALOG_BODY_LIMIT of the subgraph).
    maxBodyBytes: 16 * MiB,
    // Runs the catalog's jobs (inventory reservation expiry, bulk operations); health on 3103.
    workers: [{ name: 'worker', port: WORKER_PORTS['catalog-subgraph-worker'] }],
  },
  {
    service: 'tax-subgraph',
    // GraphQL: the *.resolver.ts of apps/tax-subgraph/src/modules/: calculation, classifications,
    // jurisdictions, overrides, rates (the add…To/remove…From mutations: the classifications and
    // overrides modules, from relations/relation-mutations-resolver.factory.ts).
    prefixes: ['/v2/commerce/stores/{storeId}/tax-subgraph'],
    urlEnv: 'TAX_SUBGRAPH_URL',
    errorFamily: 'graphql',
    workers: [],
  },
  {
    // After catalog-subgraph and tax-subgraph: `npm start` gives each service the URLs of the rows
    // above it, and the storefront prices lines through the catalog (CATALOG_SUBGRAPH_URL) and
    // taxes carts through the tax subgraph (TAX_SUBGRAPH_URL), both on their /internal routes.
    service: 'order-subgraph',
    // GraphQL: the *.resolver.ts of apps/order-subgraph/src/modules/orders and discount-codes. One
    // schema on two paths: the admin graph and the public order storefront graph's clients.
    prefixes: ['/v1/commerce/order-subgraph', '/v1/commerce/order-storefront-subgraph'],
    urlEnv: 'ORDER_SUBGRAPH_URL',
    errorFamily: 'graphql',
    // Publishes the order outbox to commerce-transactions (queue orders-outbox); health on 3102.
    workers: [{ name: 'worker', port: WORKER_PORTS['order-subgraph-worker'] }],
  },
  {
    // Last: `npm start` gives each service the URLs of the rows above it, and the Shopping API
    // reaches domains, hosting, the catalog, tax and orders only on their /internal routes.
    service: 'shopping',
    // apps/shopping/src/modules/: discovery (/.well-known/ucp, /v1/shopping/stores/{storeId}/.well-known/ucp),
    // catalog (…/catalog/search, …/catalog/lookup, …/catalog/product), checkout
    // (…/checkout-sessions…), carts (…/carts…), orders (…/orders/{id}), mcp (…/mcp); each under
    // /v1/shopping (the platform's own products) and /v1/shopping/stores/{storeId} (a store's).
    prefixes: ['/v1/shopping', '/.well-known/ucp'],
    urlEnv: 'SHOPPING_URL',
    errorFamily: 'shopping',
    // Provisions completed orders, cancels expired checkouts, delivers order webhooks (queues
    // shopping-*); health on 3110.
    workers: [{ name: 'worker', port: WORKER_PORTS['shopping-worker'] }],
  },
];

export function defaultServiceUrl(service: ServiceName): string {
  return `http://127.0.0.1:${SERVICE_PORTS[service]}`;
}
