// How the Shopping API answers each row of the third-party register of UCP 2026-04-08's normative
// statements (../shared/vendor-tests/ucp/spck-requirements-2026-04-08/*.json, read by
// ucp-requirements.spec.ts; the register is not copied here). Every row id has exactly one entry:
//
//   covered        '<test file from the repository root>#<a fragment of a test title in that file>'
//   pending        what will cover it, for a feature this service implements but has not landed yet
//   notApplicable  why the row binds nothing this service does
//
// We are the BUSINESS in UCP's terms, at /v1/shopping (the platform's own products: domains and
// hosting) and /v1/shopping/stores/{storeId} (a store's catalog), over REST and MCP. Rows that bind
// the platform (the agent calling us), capabilities we do not advertise, or transports we do not
// serve are not applicable, each for the reason given. When a feature lands, turn its rows from
// `pending` into `covered` and lower PENDING_BUDGET to the new count (the spec fails above it).

export type RequirementCoverage =
  { readonly covered: string } | { readonly pending: string } | { readonly notApplicable: string };

/** The number of `pending` rows allowed: only ever lowered, down to 0. */
export const PENDING_BUDGET = 222;

const pending = (feature: string, what: string): RequirementCoverage => ({ pending: `${feature}: ${what}` });
const na = (reason: string, detail?: string): RequirementCoverage => ({
  notApplicable: detail ? `${reason} (${detail})` : reason,
});

// ---- Features (the list) that will cover the pending rows.
const PROFILE = 'discovery profile GET /.well-known/ucp e2e';
const NEGOTIATION = 'UCP-Agent + negotiation e2e';
const ENVELOPE = 'envelope/error e2e';
const CATALOG = 'catalog search/lookup/product e2e';
const CHECKOUT = 'checkout sessions e2e';
const CART = 'carts e2e';
const CART_CHECKOUT = 'cart→checkout (cart_id) e2e';
const IDEMPOTENCY = 'Idempotency-Key e2e';
const DISCOUNT = 'discount codes on store checkouts e2e';
const PAYMENT = 'sandbox card payment e2e';
const ORDER = 'orders e2e';
const WEBHOOK = 'order webhooks (RFC 9421, Webhook-Id/Timestamp, retries) e2e';
const MCP = 'MCP binding /v1/shopping/mcp e2e';
const CONSENT = 'buyer_consent extension e2e';
const TOTALS = 'totals invariants (ucpTotalsProblems + schema) on checkout/cart/order';
const CONTEXT = 'context/signals/attribution/eligibility e2e';
const UNLISTED = 'NOT in the issue feature list, lead to decide';

// ---- Why rows do not apply.
const PLATFORM =
  'binds the platform (the agent that calls us and renders to the buyer); this service is only ever the business';
const REQUEST_BODY =
  'a rule on the request body the platform composes (its ucp_request view); binds the platform — our side, refusing such bodies, is the REST invalid_request tests and MCP-003 (tool inputs validated)';
const IDENTITY =
  'identity linking (dev.ucp.common.identity_linking) is not implemented: we advertise no such capability, run no buyer-facing OAuth authorization server (no RFC 8414 metadata, PKCE, revocation, user scopes); platforms authenticate with GoDaddy OAuth Bearer tokens (shopping.* scopes)';
const AP2 =
  'AP2 mandates (dev.ucp.shopping.ap2_mandate) are not implemented: not advertised, so never negotiated; no merchant_authorization is signed and no checkout_mandate is expected';
const A2A = 'the A2A transport is not served: the profile advertises rest and mcp services only';
const FULFILLMENT =
  'the fulfillment extension (dev.ucp.shopping.fulfillment) is not advertised: the platform products (domains, hosting) are digital — the checkout extension models only shipping|pickup (types/fulfillment_method.json) while orders state digital delivery as expectations with method_type "digital" (types/expectation.json); for store catalogs the extension is not implemented this round (issue), so store checkouts carry no fulfillment field';
const NO_SIGNATURE_AUTH =
  'inbound HTTP Message Signatures are not an authentication method here: platforms authenticate with OAuth Bearer tokens (UCP lists API key/OAuth/mTLS as alternatives), so we verify no signatures; we only sign outbound webhooks';
const NO_RESPONSE_SIGNING =
  'declined SHOULD / conditional on it: REST responses are not signed this round (only webhooks are), so response signature components never arise';
const TLS_EDGE =
  'transport security is terminated in front of the service by the platform edge (outside this repository); the service listens on plain HTTP inside the cluster, so no test here can observe the TLS version — a deployment requirement';
const NO_ELIGIBILITY =
  'we accept no eligibility claims: every context.eligibility value is unrecognized and ignored (SAE-011/SAE-014), so no claim is ever accepted, provisional or left to resolve';
const DISCOUNT_CHECKOUT_ONLY =
  'discount is advertised as extending dev.ucp.shopping.checkout only (DSC-001 allows it): carts take no discount codes, so nothing carries forward from a cart';
const CREDENTIAL_PROVIDER =
  'binds the payment credential provider / handler specification author, not the business API: the sandbox card handler is a test handler with no published handler specification, credential binding or payment identity';
const ONE_VERSION =
  'one protocol version is served (2026-04-08) and the profile advertises no supported_versions, so there is no version-specific profile and no older version to process at';
const mayOnly = (what: string) => `MAY: a permission that requires nothing of the business; ${what}`;

export const UCP_REQUIREMENT_COVERAGE: Readonly<Record<string, RequirementCoverage>> = {
  // ---- cart.json
  'CART-001': pending(
    CART_CHECKOUT,
    "create checkout with cart_id uses the cart's line items/context/buyer and ignores the body's",
  ),
  'CART-002': pending(
    CART_CHECKOUT,
    'a second create with the same cart_id returns the existing incomplete checkout',
  ),
  'CART-003': pending(CART_CHECKOUT, 'the checkout created from a cart stays linked to it'),
  'CART-004': pending(
    CART_CHECKOUT,
    'checkout line item changes are reflected back on the cart while the checkout is active',
  ),
  'CART-005': na(mayOnly('whether a completed checkout clears its cart is our choice')),
  'CART-006': na(PLATFORM),
  'CART-007': na(PLATFORM),
  'CART-008': na(PLATFORM),
  'CART-009': na(PLATFORM),
  'CART-010': pending(CART, 'cart responses carry continue_url'),
  'CART-011': pending(CART, 'cart totals are estimated (subtotal/tax/total) whenever calculable'),
  'CART-012': na(FULFILLMENT),
  'CART-013': pending(CART, 'validation warnings come back as messages on the cart'),
  'CART-014': na(mayOnly('cart expiry is optional')),
  'CART-015': pending(CART_CHECKOUT, 'cart lifecycle rules hold for checkouts created from a cart'),
  'CART-016': pending(CART, 'create with every item unavailable → HTTP 200 error envelope, no cart'),
  'CART-017': pending(CART, 'update cart is a full replacement: fields left out are cleared'),
  'CART-018': pending(CART, 'cancel cart returns the cart as it was before deletion'),
  'CART-019': pending(CART, 'get/update after cancel → not_found error envelope'),
  'CART-020': na(PLATFORM),
  'CART-021': na(PLATFORM),
  'CART-022': pending(CART, 'every cart response is JSON that expectUcpValid accepts'),
  'CART-023': na(TLS_EDGE),
  'CART-024': na(PLATFORM, 'our side, refusing a request without UCP-Agent, is NEG-005'),
  'CART-025': pending(IDEMPOTENCY, 'cart create/update/cancel honour Idempotency-Key'),
  'CART-026': pending(
    IDEMPOTENCY,
    'cart writes: key stored 24 h, replay returns the stored result, 409 on a different body',
  ),
  'CART-027': na(mayOnly('we authenticate every cart operation with an OAuth Bearer token')),
  'CART-028': na(mayOnly('no cart operation is left unauthenticated')),
  'CART-029': pending(
    CART,
    "expectUcpValid('cart') on every cart response (ucp, id, line_items, currency, totals)",
  ),
  'CART-030': na(REQUEST_BODY),
  'CART-031': pending(CART, 'cart line items carry id, item, quantity and totals (schema)'),
  'CART-032': pending(CART, 'quantity < 1 is refused; responses carry integer quantities ≥ 1'),
  'CART-033': pending(CART, 'line item item carries id, title and price (schema)'),

  // ---- catalog.json
  'CAT-001': pending(CATALOG, 'search pagination carries has_next_page'),
  'CAT-002': pending(CATALOG, 'has_next_page true comes with a cursor'),
  'CAT-003': pending(CATALOG, 'following the cursor returns the next page'),
  'CAT-004': na(mayOnly('cursor encoding is ours; they are opaque to clients')),
  'CAT-005': pending(CATALOG, 'limit defaults to 10 and limit < 1 is refused'),
  'CAT-006': pending(CATALOG, 'a page size of at least 10 is honoured'),
  'CAT-007': na(mayOnly('clamping an oversized limit is allowed, not required')),
  'CAT-008': na(PLATFORM),
  'CAT-009': na(REQUEST_BODY, 'our side is CAT-010'),
  'CAT-010': pending(CATALOG, 'a search with no query, filter or extension input is refused'),
  'CAT-011': pending(CATALOG, 'an empty search request → an error, not results'),
  'CAT-012': pending(CATALOG, 'a search matching nothing → products: [] and no messages'),
  'CAT-013': pending(CATALOG, 'lookup by product id and by variant id'),
  'CAT-014': pending(CATALOG, 'get_product by product id and by variant id'),
  'CAT-015': pending(CATALOG, 'duplicate ids in a lookup are deduplicated'),
  'CAT-016': pending(CATALOG, 'ids resolving to the same product return it once'),
  'CAT-017': pending(CATALOG, 'lookup returns only variants matched by an input'),
  'CAT-018': pending(CATALOG, 'every lookup variant carries a non-empty inputs array'),
  'CAT-019': pending(CATALOG, 'get_product of an unknown id → HTTP 200, ucp.status error, not_found'),
  'CAT-020': pending(CATALOG, 'catalog business outcomes are HTTP 200 with the envelope'),
  'CAT-021': na(
    mayOnly('info not_found messages for unresolved lookup ids are optional (we may still send them)'),
  ),
  'CAT-022': pending(CATALOG, 'lookup advertised ⇒ /catalog/lookup and /catalog/product both answer'),
  'CAT-023': pending(CATALOG, 'every advertised catalog capability has its REST endpoint'),
  'CAT-024': pending(CATALOG, 'cursor pagination with a default limit of 10 over REST'),
  'CAT-025': pending(CATALOG, 'lookup with unknown ids → HTTP 200 with fewer products'),
  'CAT-026': pending(CATALOG, 'a lookup over the batch limit → HTTP 400 request_too_large'),
  'CAT-027': pending(CATALOG, 'the lookup batch limit is enforced with an error'),
  'CAT-028': na(REQUEST_BODY),
  'CAT-029': pending(CATALOG, "expectUcpValid('search_response') on every search response"),
  'CAT-030': pending(CATALOG, "expectUcpValid('lookup_response') on every lookup response"),
  'CAT-031': pending(CATALOG, "expectUcpValid('get_product_response') on every product response"),
  'CAT-032': pending(CATALOG, 'get_product by variant id returns that variant first'),
  'CAT-033': pending(CATALOG, 'get_product of a product with options returns product.selected'),
  'CAT-034': na(REQUEST_BODY),
  'CAT-035': pending(
    CHECKOUT,
    'checkout re-prices and re-checks availability itself; catalog context is not trusted',
  ),
  'CAT-036': na(PLATFORM),
  'CAT-037': na(PLATFORM),
  'CAT-038': na(PLATFORM),

  // ---- checkout-lifecycle.json
  'CHK-001': pending(CHECKOUT, 'requires_escalation responses carry continue_url'),
  'CHK-002': pending(CHECKOUT, 'incomplete/ready_for_complete responses carry continue_url'),
  'CHK-003': pending(CHECKOUT, 'completed/canceled responses omit continue_url'),
  'CHK-004': pending(CHECKOUT, 'continue_url is an absolute https URL'),
  'CHK-005': pending(CHECKOUT, 'continue_url resumes the same session (state preserved)'),
  'CHK-006': na(mayOnly('either server-side state or a permalink may back continue_url')),
  'CHK-007': pending(CHECKOUT, 'continue_url uses the checkout permalink format'),
  'CHK-008': na(PLATFORM),
  'CHK-009': na(PLATFORM),
  'CHK-010': na(PLATFORM),
  'CHK-011': pending(
    UNLISTED,
    'a confirmation email to the buyer after completion (business MUST; not in the issue)',
  ),
  'CHK-012': pending(ENVELOPE, 'each error message names the field (path) and the problem in content'),
  'CHK-013': pending(CHECKOUT, 'the same inputs give the same checkout (status, totals, messages)'),
  'CHK-014': pending(CHECKOUT, 'requires_escalation ⇒ continue_url present'),
  'CHK-015': pending(CHECKOUT, 'requires_escalation ⇒ a requires_buyer_input/requires_buyer_review message'),
  'CHK-016': pending(CHECKOUT, 'every non-terminal response carries continue_url'),
  'CHK-017': pending(
    CHECKOUT,
    'update/complete/cancel of a completed checkout is refused and changes nothing',
  ),
  'CHK-018': pending(CHECKOUT, 'POST /checkout-sessions creates a session (201)'),
  'CHK-019': pending(CHECKOUT, 'GET /checkout-sessions/{id} returns the current state'),
  'CHK-020': pending(CHECKOUT, 'PUT /checkout-sessions/{id} updates the session'),
  'CHK-021': pending(CHECKOUT, 'POST /checkout-sessions/{id}/complete places the order'),
  'CHK-022': pending(CHECKOUT, 'POST /checkout-sessions/{id}/cancel cancels the session'),
  'CHK-023': pending(CHECKOUT, 'update is a full replacement: fields left out are cleared'),
  'CHK-024': pending(CHECKOUT, 'a PUT without buyer drops the buyer set earlier'),
  'CHK-025': pending(CHECKOUT, 'complete returns the checkout with order {id, permalink_url}'),
  'CHK-026': na(mayOnly('how the order is built from the checkout is ours')),
  'CHK-027': pending(CHECKOUT, 'cancel of a completed or canceled checkout → error, operation not allowed'),
  'CHK-028': pending(CHECKOUT, 'every non-terminal status can be canceled'),
  'CHK-029': na(PLATFORM),
  'CHK-030': na(PLATFORM),
  'CHK-031': pending(CHECKOUT, 'complete is accepted only from ready_for_complete'),
  'CHK-032': na(PLATFORM),
  'CHK-033': pending(CHECKOUT, 'status is one of the six lifecycle values (schema)'),
  'CHK-034': pending(CHECKOUT, "expectUcpValid('checkout') on every checkout response"),
  'CHK-035': na(REQUEST_BODY),
  'CHK-036': na(REQUEST_BODY),
  'CHK-037': na(REQUEST_BODY),
  'CHK-038': na(REQUEST_BODY),
  'CHK-039': na(REQUEST_BODY),
  'CHK-040': pending(CHECKOUT, 'create without payment is accepted'),
  'CHK-041': na(REQUEST_BODY),
  'CHK-042': na(REQUEST_BODY),
  'CHK-043': pending(CHECKOUT, 'continue_url present whenever status is requires_escalation'),
  'CHK-044': pending(CHECKOUT, 'every checkout response is JSON (application/json)'),
  'CHK-045': na(TLS_EDGE),
  'CHK-046': na(PLATFORM, 'our side, refusing a request without UCP-Agent, is NEG-005'),
  'CHK-047': pending(IDEMPOTENCY, 'checkout create/update/complete/cancel honour Idempotency-Key'),
  'CHK-048': pending(
    IDEMPOTENCY,
    'checkout writes: key stored 24 h, replay returns the stored result, 409 on a different body',
  ),
  'CHK-049': na(
    'we publish no product feeds: catalog search/lookup and checkout read the same catalog, so there is no feed to disagree with',
  ),
  'CHK-050': pending(ENVELOPE, 'protocol errors (401/403/409/429/503) carry a JSON {code, content} body'),
  'CHK-051': pending(
    ENVELOPE,
    'business outcomes (unavailable items, not found) are HTTP 200 with the envelope',
  ),
  'CHK-052': pending(ENVELOPE, 'not-found messages use severity unrecoverable'),
  'CHK-053': pending(
    CHECKOUT,
    'create with every item unavailable → HTTP 200, ucp.status error, no checkout',
  ),
  'CHK-054': pending(CHECKOUT, 'requires_buyer_* messages appear on the first response that can know them'),
  'CHK-055': na(PLATFORM),
  'CHK-056': na(NO_ELIGIBILITY),
  'CHK-057': pending(
    CHECKOUT,
    'expires_at defaults to creation + 6 h and the worker cancels expired sessions',
  ),

  // ---- discounts-consent.json
  'DSC-001': na(mayOnly('we advertise discount for checkout only')),
  'DSC-002': na(PLATFORM),
  'DSC-003': pending(DISCOUNT, 'submitting codes replaces the earlier codes'),
  'DSC-004': pending(DISCOUNT, 'codes: [] removes every code'),
  'DSC-005': pending(DISCOUNT, 'codes match case-insensitively'),
  'DSC-006': pending(DISCOUNT, 'discounts.applied lists every active discount'),
  'DSC-007': pending(DISCOUNT, 'a rejected code comes back in messages'),
  'DSC-008': pending(DISCOUNT, 'applied discounts show in totals and line item totals'),
  'DSC-009': na(DISCOUNT_CHECKOUT_ONLY),
  'DSC-010': na(DISCOUNT_CHECKOUT_ONLY),
  'DSC-011': pending(DISCOUNT, 'rejected codes are type warning messages'),
  'DSC-012': pending(
    DISCOUNT,
    'automatic (store promotion) discounts appear with automatic: true and no code',
  ),
  'DSC-013': pending(DISCOUNT, 'automatic discounts survive codes: []'),
  'DSC-014': na(NO_ELIGIBILITY),
  'DSC-015': na(PLATFORM),
  'DSC-016': na(NO_ELIGIBILITY),
  'DSC-017': na(NO_ELIGIBILITY),
  'DSC-018': pending(DISCOUNT, 'line-allocated discounts go to items_discount, the rest to discount'),
  'DSC-019': pending(DISCOUNT, 'totals items_discount equals the sum of the line items_discount'),
  'DSC-020': pending(DISCOUNT, 'applied amounts are positive integers'),
  'DSC-021': pending(DISCOUNT, 'discount totals are negative (schema)'),
  'DSC-022': pending(DISCOUNT, 'allocations sum to the applied amount'),
  'DSC-023': pending(DISCOUNT, 'applied discounts carry title and amount (schema, discount negotiated)'),
  'DSC-024': pending(DISCOUNT, 'method is each or across (schema)'),
  'DSC-025': pending(DISCOUNT, 'priority ≥ 1 (schema)'),
  'DSC-026': pending(DISCOUNT, 'allocations carry path and amount (schema)'),
  'DSC-027': na(REQUEST_BODY),
  'DSC-028': na(REQUEST_BODY),
  'DSC-029': pending(DISCOUNT, 'two valid codes are both applied'),
  'DSC-030': pending(
    DISCOUNT,
    'one valid and one invalid code: the valid one applied, the other in messages',
  ),
  'DSC-031': pending(CONSENT, 'buyer.consent accepted on create and update'),
  'DSC-032': pending(CONSENT, 'buyer_consent advertised ⇒ checkout buyer carries consent'),
  'DSC-033': pending(CONSENT, 'consent values are booleans; others refused'),
  'DSC-034': na(REQUEST_BODY),
  'DSC-035': na(mayOnly('consent is declarative; we record it and enforce nothing')),
  'DSC-036': na(PLATFORM),
  'DSC-037': na(mayOnly('no default is assumed when consent is absent')),

  // ---- discovery.json
  'DISC-001': na(TLS_EDGE),
  'DISC-002': pending(PROFILE, 'answers 200 directly, never a 3xx'),
  'DISC-003': pending(PROFILE, 'Cache-Control: public, max-age ≥ 60, never private/no-store/no-cache'),
  'DISC-004': pending(NEGOTIATION, 'a UCP-Agent profile URL that is not https → invalid_profile_url'),
  'DISC-005': pending(PROFILE, 'every service endpoint is an https URL'),
  'DISC-006': na(PLATFORM, 'our side, refusing a request without a profile, is NEG-005'),

  // ---- error-envelope.json
  'ERR-001': pending(ENVELOPE, 'every error message has type, code, content and severity'),
  'ERR-002': pending(ENVELOPE, 'error messages have type "error"'),
  'ERR-003': pending(ENVELOPE, 'severity is one of the four values'),
  'ERR-004': pending(CHECKOUT, 'a requires_buyer_* error puts the checkout in requires_escalation'),
  'ERR-005': pending(ENVELOPE, 'content_type is plain or markdown'),
  'ERR-006': pending(ENVELOPE, 'message paths are RFC 9535 JSONPaths into the resource'),
  'ERR-007': na(mayOnly('freeform codes are allowed; ours are documented in the API spec')),
  'ERR-008': na(mayOnly('the standard codes are examples')),
  'ERR-009': pending(ENVELOPE, 'warning messages have type, code and content'),
  'ERR-010': pending(ENVELOPE, 'warning messages have type "warning"'),
  'ERR-011': na(PLATFORM),
  'ERR-012': na(PLATFORM),
  'ERR-013': na(PLATFORM),
  'ERR-014': na(PLATFORM),
  'ERR-015': na(PLATFORM),
  'ERR-016': na(PLATFORM),
  'ERR-017': na(PLATFORM),
  'ERR-018': na(PLATFORM),
  'ERR-019': na(PLATFORM),
  'ERR-020': na(PLATFORM),
  'ERR-021': na(PLATFORM),
  'ERR-022': na(
    'we emit no warning that must be shown beside a component (no prop65/age/final-sale style notices this round); a future one must set presentation: disclosure',
  ),
  'ERR-023': na(mayOnly('we send no warning image_url')),
  'ERR-024': na(mayOnly('freeform warning codes are allowed')),
  'ERR-025': pending(ENVELOPE, 'info messages have type and content'),
  'ERR-026': pending(ENVELOPE, 'info messages have type "info"'),
  'ERR-027': na(mayOnly('freeform info codes are allowed')),
  'ERR-028': pending(ENVELOPE, "expectUcpValid('error_response') on every error envelope (ucp, messages)"),
  'ERR-029': pending(ENVELOPE, 'error envelopes have ucp.status "error"'),
  'ERR-030': pending(ENVELOPE, 'error envelopes have at least one message'),
  'ERR-031': pending(ENVELOPE, 'every message is exactly one of error/warning/info (schema)'),
  'ERR-032': pending(ENVELOPE, 'an error envelope continue_url, when sent, is a URI (schema)'),
  'ERR-033': pending(ENVELOPE, 'messages answering a missing resource use severity unrecoverable'),
  'ERR-034': pending(ENVELOPE, 'ucp.status error ⇔ no resource in the body'),

  // ---- fulfillment.json
  'FUL-001': na(FULFILLMENT),
  'FUL-002': na(FULFILLMENT),
  'FUL-003': na(FULFILLMENT),
  'FUL-004': na(FULFILLMENT),
  'FUL-005': na(FULFILLMENT),
  'FUL-006': na(FULFILLMENT),
  'FUL-007': na(FULFILLMENT),
  'FUL-008': na(FULFILLMENT),
  'FUL-009': na(FULFILLMENT),
  'FUL-010': na(FULFILLMENT),
  'FUL-011': na(FULFILLMENT),
  'FUL-012': na(FULFILLMENT),
  'FUL-013': na(FULFILLMENT),
  'FUL-014': na(FULFILLMENT),
  'FUL-015': na(FULFILLMENT),
  'FUL-016': na(FULFILLMENT),
  'FUL-017': na(FULFILLMENT),
  'FUL-018': na(FULFILLMENT),
  'FUL-019': na(FULFILLMENT),
  'FUL-020': na(FULFILLMENT),
  'FUL-021': na(FULFILLMENT),
  'FUL-022': na(FULFILLMENT),
  'FUL-023': na(FULFILLMENT),
  'FUL-024': na(FULFILLMENT),
  'FUL-025': na(FULFILLMENT),
  'FUL-026': na(FULFILLMENT),
  'FUL-027': na(FULFILLMENT),
  'FUL-028': na(FULFILLMENT),
  'FUL-029': na(FULFILLMENT, 'and we define no fulfillment method type'),
  'FUL-030': na(FULFILLMENT),

  // ---- identity-linking.json
  'IDL-001': na(IDENTITY),
  'IDL-002': na(IDENTITY),
  'IDL-003': na(IDENTITY),
  'IDL-004': na(IDENTITY),
  'IDL-005': na(IDENTITY),
  'IDL-006': na(IDENTITY),
  'IDL-007': na(IDENTITY),
  'IDL-008': na(IDENTITY),
  'IDL-009': na(IDENTITY),
  'IDL-010': na(IDENTITY),
  'IDL-011': na(IDENTITY),
  'IDL-012': na(IDENTITY),
  'IDL-013': na(IDENTITY),
  'IDL-014': na(IDENTITY),
  'IDL-015': na(IDENTITY),
  'IDL-016': na(IDENTITY),
  'IDL-017': na(IDENTITY),
  'IDL-018': na(IDENTITY),
  'IDL-019': na(IDENTITY),
  'IDL-020': na(IDENTITY),
  'IDL-021': na(IDENTITY),
  'IDL-022': na(IDENTITY),
  'IDL-023': na(IDENTITY),
  'IDL-024': na(IDENTITY),
  'IDL-025': na(IDENTITY),
  'IDL-026': na(IDENTITY, 'no operation is user-authenticated; our 401s follow the platform auth guard'),
  'IDL-027': na(IDENTITY),
  'IDL-028': na(IDENTITY),
  'IDL-029': na(IDENTITY),
  'IDL-030': na(IDENTITY),
  'IDL-031': na(IDENTITY),
  'IDL-032': na(IDENTITY),
  'IDL-033': na(IDENTITY),
  'IDL-034': na(IDENTITY),
  'IDL-035': na(IDENTITY),
  'IDL-036': na(IDENTITY),
  'IDL-037': na(IDENTITY),
  'IDL-038': na(IDENTITY),
  'IDL-039': na(IDENTITY),
  'IDL-040': na(IDENTITY),
  'IDL-041': na(IDENTITY),
  'IDL-042': na(IDENTITY),
  'IDL-043': na(IDENTITY),
  'IDL-044': na(IDENTITY, 'our continue_url never carries an OAuth authorization request'),
  'IDL-045': na(IDENTITY),
  'IDL-046': na(IDENTITY),
  'IDL-047': na(IDENTITY),
  'IDL-048': na(IDENTITY),
  'IDL-049': na(IDENTITY),
  'IDL-050': na(IDENTITY),
  'IDL-051': na(IDENTITY),
  'IDL-052': na(IDENTITY),
  'IDL-053': na(TLS_EDGE),
  'IDL-054': na(IDENTITY),
  'IDL-055': na(IDENTITY),
  'IDL-056': na(IDENTITY),
  'IDL-057': na(IDENTITY),
  'IDL-058': na(IDENTITY),
  'IDL-059': na(IDENTITY),
  'IDL-060': na(IDENTITY),
  'IDL-061': na(IDENTITY),
  'IDL-062': na(IDENTITY),

  // ---- negotiation-errors.json
  'NEG-001': pending(
    NEGOTIATION,
    'a platform profile version we do not support → version_unsupported, HTTP 422',
  ),
  'NEG-002': pending(NEGOTIATION, 'no common capability → capabilities_incompatible, HTTP 200 envelope'),
  'NEG-003': pending(NEGOTIATION, 'an unreachable platform profile → profile_unreachable, HTTP 424'),
  'NEG-004': pending(NEGOTIATION, 'a malformed platform profile → profile_malformed, HTTP 422'),
  'NEG-005': pending(
    NEGOTIATION,
    'missing/malformed UCP-Agent profile → invalid_profile_url, HTTP 400 (MCP -32001)',
  ),

  // ---- order.json
  'ORD-001': pending(ORDER, 'GET /orders/{id} returns the full current order'),
  'ORD-002': pending(ORDER, 'removed line items stay on the order with status removed'),
  'ORD-003': pending(ORDER, 'order.currency is the checkout currency'),
  'ORD-004': pending(ORDER, "expectUcpValid('order') on every order response"),
  'ORD-005': pending(
    ORDER,
    'order line items carry id, item, quantity, totals, status (processing/fulfilled/removed)',
  ),
  'ORD-006': pending(ORDER, 'line item quantity has total and fulfilled'),
  'ORD-007': pending(ORDER, 'adjustment quantities and amounts are signed (refunds negative)'),
  'ORD-008': pending(ORDER, 'adjustments carry id, type, occurred_at, status'),
  'ORD-009': pending(ORDER, 'refund/credit adjustment totals are negative'),
  'ORD-010': pending(ORDER, 'a new adjustment is appended; earlier ones are unchanged'),
  'ORD-011': na(mayOnly('we append adjustments (ORD-010) rather than edit them in place')),
  'ORD-012': pending(ORDER, 'GET /orders/{id} without a valid Bearer token → 401'),
  'ORD-013': pending(
    ORDER,
    "a platform's credentials see only orders it originated (another's id → not_found)",
  ),
  'ORD-014': na(
    'the UCP order:read/order:manage scopes are identity-linking OAuth scopes (not implemented, see IDL rows); we gate orders with the GoDaddy scope shopping.order:read',
  ),
  'ORD-015': na(PLATFORM, 'our side, refusing a request without UCP-Agent, is NEG-005'),
  'ORD-016': na(PLATFORM),
  'ORD-017': na(PLATFORM),
  'ORD-018': pending(
    ORDER,
    'fulfillment expectations (method_type digital for platform products) carry id, line_items, method_type, destination',
  ),
  'ORD-019': pending(ORDER, 'fulfillment events carry id, occurred_at, type, line_items'),
  'ORD-020': pending(CHECKOUT, 'the completed checkout order confirmation has id and permalink_url'),
  'ORD-021': pending(ORDER, 'every order response is JSON'),
  'ORD-022': na(TLS_EDGE),
  'ORD-023': na(PLATFORM),
  'ORD-024': na(PLATFORM),
  'ORD-025': na(NO_RESPONSE_SIGNING),
  'ORD-026': pending(WEBHOOK, 'every webhook is signed (verifiable with the profile signing key)'),
  'ORD-027': pending(WEBHOOK, 'webhooks carry Signature, Signature-Input and Content-Digest (RFC 9421/9530)'),
  'ORD-028': pending(WEBHOOK, 'webhooks carry UCP-Agent with our profile URL'),
  'ORD-029': pending(WEBHOOK, 'order created event carries the full order'),
  'ORD-030': pending(WEBHOOK, 'order updates carry the full order, not a delta'),
  'ORD-031': pending(WEBHOOK, 'failed deliveries are retried with backoff, in order'),
  'ORD-032': na(PLATFORM),
  'ORD-033': na(PLATFORM),

  // ---- overview.json
  'OVR-001': pending(PROFILE, 'service and capability names are reverse-domain'),
  'OVR-002': pending(PROFILE, 'every advertised capability has spec and schema URLs'),
  'OVR-003': pending(
    PROFILE,
    'spec/schema URL origins match the namespace (dev.ucp.* → ucp.dev, com.godaddy.* → godaddy.com)',
  ),
  'OVR-004': pending(
    ENVELOPE,
    'every response carries ucp with version 2026-04-08 and the active capabilities',
  ),
  'OVR-005': pending(
    NEGOTIATION,
    'ucp.capabilities lists only negotiated capabilities relevant to the operation',
  ),
  'OVR-006': pending(
    UNLISTED,
    "the Bearer token's principal must be authorized for the UCP-Agent profile it claims; mismatch rejected",
  ),
  'OVR-007': na(NO_SIGNATURE_AUTH),
  'OVR-008': pending(ENVELOPE, 'responses are Content-Type application/json'),
  'OVR-009': na(ONE_VERSION),
  'OVR-010': pending(PROFILE, 'the profile version is a dated release, never "draft"'),
  'OVR-011': na(ONE_VERSION),
  'OVR-012': pending(
    NEGOTIATION,
    'an extension whose parent is not negotiated is pruned (discount without checkout)',
  ),
  'OVR-013': pending(ENVELOPE, 'routes use the OpenAPI verbs (POST create, GET read, PUT update)'),
  'OVR-014': pending(ENVELOPE, 'standard status codes (200/201/400/401/409/422/424/503)'),

  // ---- payment.json
  'PAY-001': pending(PROFILE, 'payment_handlers keyed by reverse-domain name'),
  'PAY-002': pending(PROFILE, 'every payment handler has an id'),
  'PAY-003': pending(PAYMENT, 'checkout responses echo ucp.payment_handlers (schema requires it)'),
  'PAY-004': na(PLATFORM, "platform_schema handler declarations live in the platform's profile"),
  'PAY-005': pending(PROFILE, 'available_instruments, when sent, is non-empty'),
  'PAY-006': na(mayOnly('we list the card instrument explicitly')),
  'PAY-007': pending(PROFILE, 'each available instrument has a type'),
  'PAY-008': na(PLATFORM),
  'PAY-009': na(PLATFORM),
  'PAY-010': na(PLATFORM),
  'PAY-011': pending(PAYMENT, 'no response echoes the submitted credential'),
  'PAY-012': pending(PAYMENT, 'the token never appears in any response or webhook'),
  'PAY-013': na(PLATFORM),
  'PAY-014': pending(PAYMENT, 'an instrument with an unadvertised handler_id is refused'),
  'PAY-015': na(
    'one handler (the sandbox card handler) applies to every cart and currency we sell, so there is nothing to filter by cart context',
  ),
  'PAY-016': pending(PAYMENT, 'a replayed complete (same Idempotency-Key) charges once'),
  'PAY-017': na(PLATFORM, 'and the sandbox card handler has no 3DS/SCA step'),
  'PAY-018': pending(CHECKOUT, 'continue_url present whenever status is requires_escalation'),
  'PAY-019': pending(PAYMENT, 'echoed payment instruments carry id, handler_id, type'),
  'PAY-020': na(REQUEST_BODY),
  'PAY-021': na(
    CREDENTIAL_PROVIDER,
    'the sandbox handler accepts token credentials only; card_credential is refused (PAY-022)',
  ),
  'PAY-022': pending(PAYMENT, 'a card (raw PAN) credential is refused'),
  'PAY-023': pending(PAYMENT, 'card instruments have type "card"'),
  'PAY-024': na(REQUEST_BODY),
  'PAY-025': na(CREDENTIAL_PROVIDER),
  'PAY-026': na(CREDENTIAL_PROVIDER),
  'PAY-027': na(CREDENTIAL_PROVIDER),
  'PAY-028': na(CREDENTIAL_PROVIDER),
  'PAY-029': na(CREDENTIAL_PROVIDER),
  'PAY-030': pending(
    UNLISTED,
    'tokens and buyer PII are never logged; only the sandbox token is stored (PCI-DSS/GDPR review)',
  ),
  'PAY-031': na(AP2),
  'PAY-032': na(AP2),
  'PAY-033': na(AP2),
  'PAY-034': na(AP2),
  'PAY-035': na(AP2),
  'PAY-036': na(AP2),
  'PAY-037': na(AP2),
  'PAY-038': na(AP2),
  'PAY-039': na(AP2),
  'PAY-040': na(AP2),
  'PAY-041': na(AP2),
  'PAY-042': na(AP2),
  'PAY-043': na(AP2),
  'PAY-044': na(AP2),
  'PAY-045': na(AP2),
  'PAY-046': na(AP2),
  'PAY-047': na(AP2),

  // ---- signals-attribution-eligibility.json
  'SAE-001': na(PLATFORM),
  'SAE-002': na(REQUEST_BODY),
  'SAE-003': na(REQUEST_BODY),
  'SAE-004': na(PLATFORM),
  'SAE-005': pending(
    CONTEXT,
    'signals are not persisted beyond the checkout (absent from orders and stored rows)',
  ),
  'SAE-006': na(mayOnly('we request no additional signals')),
  'SAE-007': na(REQUEST_BODY),
  'SAE-008': pending(CONTEXT, 'the same request with and without attribution gives the same checkout'),
  'SAE-009': na(mayOnly('the order attribution snapshot is optional')),
  'SAE-010': na(REQUEST_BODY),
  'SAE-011': pending(CONTEXT, 'unrecognized context.eligibility values are ignored without error'),
  'SAE-012': pending(
    CHECKOUT,
    'checkout re-prices and re-checks availability itself; context is not trusted',
  ),
  'SAE-013': na(NO_ELIGIBILITY),
  'SAE-014': pending(CONTEXT, 'unrecognized eligibility claims never block completion'),
  'SAE-015': pending(CONTEXT, 'a claim not accepted → warning eligibility_not_accepted'),
  'SAE-016': na(NO_ELIGIBILITY),
  'SAE-017': na(NO_ELIGIBILITY),
  'SAE-018': na(NO_ELIGIBILITY),
  'SAE-019': na(NO_ELIGIBILITY),
  'SAE-020': na(NO_ELIGIBILITY),
  'SAE-021': na(NO_ELIGIBILITY),

  // ---- signatures.json (we sign outbound webhooks; we verify nothing)
  'SIG-001': pending(WEBHOOK, 'webhooks are signed with RFC 9421 HTTP Message Signatures'),
  'SIG-002': na(NO_SIGNATURE_AUTH),
  'SIG-003': na(NO_SIGNATURE_AUTH),
  'SIG-004': pending(WEBHOOK, 'the webhook signing key is P-256 (ES256)'),
  'SIG-005': na(mayOnly('we sign with P-256 only')),
  'SIG-006': pending(WEBHOOK, 'Signature-Input carries no alg parameter'),
  'SIG-007': pending(PROFILE, 'signing_keys are JWKs'),
  'SIG-008': pending(PROFILE, 'the webhook signing key is published in signing_keys'),
  'SIG-009': na(NO_SIGNATURE_AUTH, 'accepting old keys is a verifier duty'),
  'SIG-010': pending(WEBHOOK, 'Content-Digest is sha-256 of the raw body bytes'),
  'SIG-011': na(
    'nothing we sign passes an intermediary: webhooks go from the worker straight to the platform, and responses are not signed',
  ),
  'SIG-012': pending(WEBHOOK, 'webhooks carry Content-Digest'),
  'SIG-013': pending(WEBHOOK, 'webhooks carry Signature-Input and Signature'),
  'SIG-014': pending(WEBHOOK, 'signed components include @method, @authority, @path'),
  'SIG-015': pending(WEBHOOK, 'signed components include content-digest and content-type'),
  'SIG-016': pending(
    WEBHOOK,
    'a POST webhook signs idempotency-key (send one, e.g. the Webhook-Id, or record why not)',
  ),
  'SIG-017': pending(WEBHOOK, 'a webhook URL with a query signs @query'),
  'SIG-018': pending(WEBHOOK, 'ucp-agent is a signed component'),
  'SIG-019': pending(WEBHOOK, 'the ECDSA signature is raw r||s (64 bytes), not DER'),
  'SIG-020': na(NO_RESPONSE_SIGNING),
  'SIG-021': na(NO_RESPONSE_SIGNING),
  'SIG-022': na(PLATFORM, 'the platform generates Idempotency-Key values'),
  'SIG-023': pending(IDEMPOTENCY, 'keys are kept at least 24 h'),
  'SIG-024': pending(IDEMPOTENCY, 'the idempotency store down → 503, nothing executed'),
  'SIG-025': pending(IDEMPOTENCY, 'a duplicate key returns the stored response without re-executing'),
  'SIG-026': na(PLATFORM),
  'SIG-027': pending(WEBHOOK, 'no webhook leaves unsigned'),
  'SIG-028': na(NO_RESPONSE_SIGNING),
  'SIG-029': na(mayOnly('signing cart, catalog and error responses is optional')),
  'SIG-030': na(mayOnly('the created parameter is optional')),
  'SIG-031': na(NO_SIGNATURE_AUTH),
  'SIG-032': na(NO_SIGNATURE_AUTH),
  'SIG-033': na(NO_SIGNATURE_AUTH),
  'SIG-034': na(NO_SIGNATURE_AUTH),
  'SIG-035': na(NO_SIGNATURE_AUTH),
  'SIG-036': na(NO_SIGNATURE_AUTH),
  'SIG-037': na(NO_SIGNATURE_AUTH),
  'SIG-038': na(NO_SIGNATURE_AUTH),
  'SIG-039': pending(NEGOTIATION, 'a UCP-Agent dictionary without profile → invalid_profile_url'),
  'SIG-040': pending(NEGOTIATION, 'a UCP-Agent profile that is not a quoted https URL → refused'),
  'SIG-041': pending(WEBHOOK, "our webhooks' UCP-Agent profile points at our /.well-known/ucp"),

  // ---- totals.json
  'TOT-001': na(PLATFORM),
  'TOT-002': na(PLATFORM),
  'TOT-004': pending(TOTALS, 'totals of a non-well-known type carry display_text (schema)'),
  'TOT-005': pending(TOTALS, 'exactly one subtotal (schema)'),
  'TOT-006': pending(TOTALS, 'exactly one total (schema)'),
  'TOT-007': na(PLATFORM),
  'TOT-008': pending(TOTALS, 'the non-total entries sum to the total'),
  'TOT-010': na(PLATFORM),
  'TOT-011': na(PLATFORM),
  'TOT-012': na(PLATFORM),
  'TOT-014': pending(TOTALS, 'discount and items_discount are negative (schema)'),
  'TOT-015': pending(TOTALS, 'subtotal, tax, fee are non-negative (schema)'),
  'TOT-018': na(PLATFORM),
  'TOT-017': pending(TOTALS, 'lines sum to their entry'),
  'TOT-019': pending(TOTALS, 'sub-lines carry display_text and amount (schema)'),
  'TOT-020': pending(TOTALS, 'entries carry type and amount (schema)'),
  'TOT-021': pending(CATALOG, 'prices carry a non-negative integer amount and an ISO 4217 currency (schema)'),

  // ---- transports.json
  'MCP-001': pending(MCP, 'tools/list has lookup_catalog and get_product'),
  'A2A-001': na(A2A),
  'MCP-002': na(REQUEST_BODY),
  'MCP-003': pending(
    MCP,
    'JSON-RPC 2.0 over streamable HTTP, every checkout tool, business outcomes as results, inputs validated',
  ),
  'MCP-004': pending(MCP, 'each OpenRPC method is a tools/call name with its params as arguments'),
  'MCP-005': pending(MCP, 'get_order tool per the OpenRPC'),
  'MCP-006': pending(MCP, 'catalog tools: pagination default 10, oversized batch → -32602'),
};
