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
export const PENDING_BUDGET = 0;

const na = (reason: string, detail?: string): RequirementCoverage => ({
  notApplicable: detail ? `${reason} (${detail})` : reason,
});

// ---- The suites that cover rows (paths from the repository root).
const CONFORMANCE = 'apps/shopping/test/ucp-conformance.e2e-spec.ts';
const STORE = 'apps/shopping/test/store-checkout.e2e-spec.ts';
const PLATFORM_CHECKOUT = 'apps/shopping/test/platform-checkout.e2e-spec.ts';
const NEGOTIATION_E2E = 'apps/shopping/test/negotiation.e2e-spec.ts';
const IDEMPOTENCY_E2E = 'apps/shopping/test/idempotency.e2e-spec.ts';
const HANDOFF = 'apps/shopping/test/handoff.e2e-spec.ts';
const FULFILMENT = 'apps/shopping/test/order-fulfilment.e2e-spec.ts';
const CRYPTO_SIGNATURES = 'libs/crypto/src/http-message-signatures.spec.ts';
const at = (file: string, title: string): RequirementCoverage => ({ covered: `${file}#${title}` });

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
const NO_AUTOMATIC_DISCOUNTS =
  'a store has no automatic discounts: its discounts are the order subgraph’s discount codes, each applied only when sent, so every applied entry has its code and automatic: false (ucp-conformance "two valid codes are both applied")';
const NO_ALLOCATIONS =
  'applied discounts carry no allocations: the order quote spreads a discount over the lines itself and the line totals show each share, so the optional allocations never arise and every discount is totalled as `discount` (ucp-conformance "two valid codes are both applied")';
const NO_CONSENT =
  'the buyer consent extension (dev.ucp.shopping.buyer_consent) is not advertised (docs/shopping.md "Not offered"), so it is never negotiated and a checkout carries no buyer.consent';
const DECLINED_SHOULD = 'declined SHOULD (recommended, not required)';
const CREDENTIAL_PROVIDER =
  'binds the payment credential provider / handler specification author, not the business API: the sandbox card handler is a test handler with no published handler specification, credential binding or payment identity';
const ONE_VERSION =
  'one protocol version is served (2026-04-08) and the profile advertises no supported_versions, so there is no version-specific profile and no older version to process at';
const mayOnly = (what: string) => `MAY: a permission that requires nothing of the business; ${what}`;

export const UCP_REQUIREMENT_COVERAGE: Readonly<Record<string, RequirementCoverage>> = {
  // ---- cart.json
  'CART-001': at(
    STORE,
    'a checkout from cart_id takes the cart’s lines, buyer and context over the payload’s',
  ),
  'CART-002': at(
    STORE,
    'a checkout from cart_id takes the cart’s lines, buyer and context over the payload’s',
  ),
  'CART-003': at(STORE, 'converting again answers the same checkout'),
  'CART-004': na(
    DECLINED_SHOULD,
    'a converted cart keeps the contents it had; changes are made on the checkout made of it, which converting the cart again answers (CART-002)',
  ),
  'CART-005': na(mayOnly('whether a completed checkout clears its cart is our choice')),
  'CART-006': na(PLATFORM),
  'CART-007': na(PLATFORM),
  'CART-008': na(PLATFORM),
  'CART-009': na(PLATFORM),
  'CART-010': na(
    DECLINED_SHOULD,
    'carts have no buyer-facing page this round; continue_url is offered on every live checkout (handoff), and a cart becomes one with cart_id',
  ),
  'CART-011': at(CONFORMANCE, 'a cart takes estimated totals and tells a refused code as a warning message'),
  'CART-012': na(FULFILLMENT),
  'CART-013': at(CONFORMANCE, 'a cart takes estimated totals and tells a refused code as a warning message'),
  'CART-014': na(mayOnly('cart expiry is optional')),
  'CART-015': at(
    STORE,
    'a checkout from cart_id takes the cart’s lines, buyer and context over the payload’s',
  ),
  'CART-016': at(CONFORMANCE, 'a cart whose every item is unknown'),
  'CART-017': at(CONFORMANCE, 'a cart PUT is a full replacement'),
  'CART-018': at(CONFORMANCE, 'cancel answers the cart as it was'),
  'CART-019': at(STORE, 'a canceled cart is not found'),
  'CART-020': na(PLATFORM),
  'CART-021': na(PLATFORM),
  'CART-022': at(CONFORMANCE, 'every answer of this suite is application/json and names UCP 2026-04-08'),
  'CART-023': na(TLS_EDGE),
  'CART-024': na(PLATFORM, 'our side, refusing a request without UCP-Agent, is NEG-005'),
  'CART-025': at(CONFORMANCE, 'cart writes honour Idempotency-Key'),
  'CART-026': at(CONFORMANCE, 'cart writes honour Idempotency-Key'),
  'CART-027': na(mayOnly('we authenticate every cart operation with an OAuth Bearer token')),
  'CART-028': na(mayOnly('no cart operation is left unauthenticated')),
  'CART-029': at(CONFORMANCE, 'cart answers validate as cart.json'),
  'CART-030': na(REQUEST_BODY),
  'CART-031': at(CONFORMANCE, 'cart answers validate as cart.json'),
  'CART-032': at(CONFORMANCE, 'a quantity below 1 is refused'),
  'CART-033': at(CONFORMANCE, 'cart answers validate as cart.json'),

  // ---- catalog.json
  'CAT-001': at(STORE, 'search walks the SKU groups as products in keyset pages'),
  'CAT-002': at(STORE, 'search walks the SKU groups as products in keyset pages'),
  'CAT-003': at(STORE, 'search walks the SKU groups as products in keyset pages'),
  'CAT-004': na(mayOnly('cursor encoding is ours; they are opaque to clients')),
  'CAT-005': at(CONFORMANCE, 'a search without a limit asks for pages of 10'),
  'CAT-006': at(CONFORMANCE, 'a search without a limit asks for pages of 10'),
  'CAT-007': na(mayOnly('clamping an oversized limit is allowed, not required')),
  'CAT-008': na(PLATFORM),
  'CAT-009': na(REQUEST_BODY, 'our side is CAT-010'),
  'CAT-010': at(CONFORMANCE, 'a search with no query, filter or domains (or a blank query) is refused'),
  'CAT-011': at(CONFORMANCE, 'a search with no query, filter or domains (or a blank query) is refused'),
  'CAT-012': at(CONFORMANCE, 'a search matching nothing: HTTP 200, products [] and no messages'),
  'CAT-013': at(STORE, 'lookup answers a SKU id (exact) and a group id (featured)'),
  'CAT-014': at(CONFORMANCE, 'get_product by product id and by variant id'),
  'CAT-015': at(CONFORMANCE, 'lookup: duplicate ids, and two ids of one product, answer that product once'),
  'CAT-016': at(CONFORMANCE, 'lookup: duplicate ids, and two ids of one product, answer that product once'),
  'CAT-017': at(CONFORMANCE, 'lookup by a variant id answers only that variant of the product'),
  'CAT-018': at(CONFORMANCE, 'lookup by a variant id answers only that variant of the product'),
  'CAT-019': at(STORE, 'an unknown id is the 200 product_not_found envelope'),
  'CAT-020': at(STORE, 'an unknown id is the 200 product_not_found envelope'),
  'CAT-021': na(
    mayOnly('info not_found messages for unresolved lookup ids are optional (we may still send them)'),
  ),
  'CAT-022': at(CONFORMANCE, 'every catalog capability a profile advertises answers on its REST path'),
  'CAT-023': at(CONFORMANCE, 'every catalog capability a profile advertises answers on its REST path'),
  'CAT-024': at(CONFORMANCE, 'a search without a limit asks for pages of 10'),
  'CAT-025': at(CONFORMANCE, 'lookup of ids that resolve to nothing: HTTP 200 with no products'),
  'CAT-026': at(CONFORMANCE, 'lookup over the batch limit (101 ids): HTTP 400 request_too_large'),
  'CAT-027': at(CONFORMANCE, 'lookup over the batch limit (101 ids): HTTP 400 request_too_large'),
  'CAT-028': na(REQUEST_BODY),
  'CAT-029': at(CONFORMANCE, 'search, lookup and product answers validate as search_response'),
  'CAT-030': at(CONFORMANCE, 'search, lookup and product answers validate as search_response'),
  'CAT-031': at(CONFORMANCE, 'search, lookup and product answers validate as search_response'),
  'CAT-032': at(CONFORMANCE, 'get_product by product id and by variant id'),
  'CAT-033': at(CONFORMANCE, 'get_product by product id and by variant id'),
  'CAT-034': na(REQUEST_BODY),
  'CAT-035': at(CONFORMANCE, 'context eligibility claims and attribution change nothing'),
  'CAT-036': na(PLATFORM),
  'CAT-037': na(PLATFORM),
  'CAT-038': na(PLATFORM),

  // ---- checkout-lifecycle.json
  'CHK-001': at(CONFORMANCE, 'requires_escalation from the first response'),
  'CHK-002': at(CONFORMANCE, 'every checkout answer carries continue_url exactly when its status is live'),
  'CHK-003': at(CONFORMANCE, 'every checkout answer carries continue_url exactly when its status is live'),
  'CHK-004': at(CONFORMANCE, 'requires_escalation from the first response'),
  'CHK-005': at(HANDOFF, 'a checkout that requires escalation links to a page saying what the buyer must do'),
  'CHK-006': na(mayOnly('either server-side state or a permalink may back continue_url')),
  'CHK-007': na(
    DECLINED_SHOULD,
    'continue_url is backed by server-side session state (CHK-006 allows either); no stateless permalink format is served this round',
  ),
  'CHK-008': na(PLATFORM),
  'CHK-009': na(PLATFORM),
  'CHK-010': na(PLATFORM),
  'CHK-011': { covered: 'apps/shopping/test/order-confirmation.e2e-spec.ts#sends the buyer one e-mail' },
  'CHK-012': at(
    STORE,
    'an out-of-stock line beside others: the checkout, incomplete, out_of_stock on that line',
  ),
  'CHK-013': at(CONFORMANCE, 'the same inputs give the same checkout'),
  'CHK-014': at(CONFORMANCE, 'requires_escalation from the first response'),
  'CHK-015': at(CONFORMANCE, 'requires_escalation from the first response'),
  'CHK-016': at(CONFORMANCE, 'every checkout answer carries continue_url exactly when its status is live'),
  'CHK-017': at(CONFORMANCE, 'a completed checkout is immutable'),
  'CHK-018': at(PLATFORM_CHECKOUT, 'walks a checkout from incomplete to completed and places the order'),
  'CHK-019': at(
    PLATFORM_CHECKOUT,
    'a declining payment profile: the 200 error envelope, payment_failed, no order',
  ),
  'CHK-020': at(PLATFORM_CHECKOUT, 'walks a checkout from incomplete to completed and places the order'),
  'CHK-021': at(PLATFORM_CHECKOUT, 'walks a checkout from incomplete to completed and places the order'),
  'CHK-022': at(CONFORMANCE, 'every live status can be canceled'),
  'CHK-023': at(
    CONFORMANCE,
    'a PUT is a full replacement: the buyer and the codes it leaves out are cleared',
  ),
  'CHK-024': at(
    CONFORMANCE,
    'a PUT is a full replacement: the buyer and the codes it leaves out are cleared',
  ),
  'CHK-025': at(PLATFORM_CHECKOUT, 'walks a checkout from incomplete to completed and places the order'),
  'CHK-026': na(mayOnly('how the order is built from the checkout is ours')),
  'CHK-027': at(CONFORMANCE, 'every live status can be canceled'),
  'CHK-028': at(CONFORMANCE, 'every live status can be canceled'),
  'CHK-029': na(PLATFORM),
  'CHK-030': na(PLATFORM),
  'CHK-031': at(CONFORMANCE, 'complete is refused unless ready_for_complete'),
  'CHK-032': na(PLATFORM),
  'CHK-033': at(CONFORMANCE, 'checkout answers validate as checkout.json with the discount extension'),
  'CHK-034': at(CONFORMANCE, 'checkout answers validate as checkout.json with the discount extension'),
  'CHK-035': na(REQUEST_BODY),
  'CHK-036': na(REQUEST_BODY),
  'CHK-037': na(REQUEST_BODY),
  'CHK-038': na(REQUEST_BODY),
  'CHK-039': na(REQUEST_BODY),
  'CHK-040': at(PLATFORM_CHECKOUT, 'walks a checkout from incomplete to completed and places the order'),
  'CHK-041': na(REQUEST_BODY),
  'CHK-042': na(REQUEST_BODY),
  'CHK-043': at(CONFORMANCE, 'requires_escalation from the first response'),
  'CHK-044': at(CONFORMANCE, 'every answer of this suite is application/json and names UCP 2026-04-08'),
  'CHK-045': na(TLS_EDGE),
  'CHK-046': na(PLATFORM, 'our side, refusing a request without UCP-Agent, is NEG-005'),
  'CHK-047': at(IDEMPOTENCY_E2E, 'a replay answers the first answer'),
  'CHK-048': at(CONFORMANCE, 'cart writes honour Idempotency-Key'),
  'CHK-049': na(
    'we publish no product feeds: catalog search/lookup and checkout read the same catalog, so there is no feed to disagree with',
  ),
  'CHK-050': at(
    CONFORMANCE,
    'protocol errors carry their HTTP status and a JSON envelope with code and content',
  ),
  'CHK-051': at(STORE, 'only out-of-stock lines: 200 with the error envelope'),
  'CHK-052': at(PLATFORM_CHECKOUT, 'unknown checkout and order: 200 envelopes'),
  'CHK-053': at(STORE, 'only out-of-stock lines: 200 with the error envelope'),
  'CHK-054': at(CONFORMANCE, 'requires_escalation from the first response'),
  'CHK-055': na(PLATFORM),
  'CHK-056': na(NO_ELIGIBILITY),
  'CHK-057': at(IDEMPOTENCY_E2E, 'an expired session is canceled by the sweep'),

  // ---- discounts-consent.json
  'DSC-001': na(mayOnly('we advertise discount for checkout only')),
  'DSC-002': na(PLATFORM),
  'DSC-003': at(
    CONFORMANCE,
    'a PUT is a full replacement: the buyer and the codes it leaves out are cleared',
  ),
  'DSC-004': at(
    CONFORMANCE,
    'a PUT is a full replacement: the buyer and the codes it leaves out are cleared',
  ),
  'DSC-005': at(CONFORMANCE, 'codes match case-insensitively'),
  'DSC-006': at(CONFORMANCE, 'two valid codes are both applied'),
  'DSC-007': at(STORE, 'a code the store does not know: a warning on $.discounts.codes[i]'),
  'DSC-008': at(CONFORMANCE, 'two valid codes are both applied'),
  'DSC-009': at(
    STORE,
    'a checkout from cart_id takes the cart’s lines, buyer and context over the payload’s',
  ),
  'DSC-010': at(CONFORMANCE, 'code that is no longer valid at checkout'),
  'DSC-011': at(STORE, 'a code the store does not know: a warning on $.discounts.codes[i]'),
  'DSC-012': na(NO_AUTOMATIC_DISCOUNTS),
  'DSC-013': na(NO_AUTOMATIC_DISCOUNTS),
  'DSC-014': na(NO_ELIGIBILITY),
  'DSC-015': na(PLATFORM),
  'DSC-016': na(NO_ELIGIBILITY),
  'DSC-017': na(NO_ELIGIBILITY),
  'DSC-018': at(CONFORMANCE, 'two valid codes are both applied'),
  'DSC-019': at(CONFORMANCE, 'two valid codes are both applied'),
  'DSC-020': at(CONFORMANCE, 'two valid codes are both applied'),
  'DSC-021': at(CONFORMANCE, 'checkout answers validate as checkout.json with the discount extension'),
  'DSC-022': na(NO_ALLOCATIONS),
  'DSC-023': at(CONFORMANCE, 'checkout answers validate as checkout.json with the discount extension'),
  'DSC-024': na(
    'applied discounts carry no method: the order quote decides how a code applies and reports only its amount, so the optional field never arises',
  ),
  'DSC-025': na(
    'applied discounts carry no priority: the order quote applies the codes in its own order and reports only their amounts, so the optional field never arises',
  ),
  'DSC-026': na(NO_ALLOCATIONS),
  'DSC-027': na(REQUEST_BODY),
  'DSC-028': na(REQUEST_BODY),
  'DSC-029': at(CONFORMANCE, 'two valid codes are both applied'),
  'DSC-030': at(STORE, 'a code the store does not know: a warning on $.discounts.codes[i]'),
  'DSC-031': na(NO_CONSENT),
  'DSC-032': na(NO_CONSENT),
  'DSC-033': na(NO_CONSENT),
  'DSC-034': na(REQUEST_BODY),
  'DSC-035': na(mayOnly('consent is declarative; we record it and enforce nothing')),
  'DSC-036': na(PLATFORM),
  'DSC-037': na(mayOnly('no default is assumed when consent is absent')),

  // ---- discovery.json
  'DISC-001': na(TLS_EDGE),
  'DISC-002': at(CONFORMANCE, 'the business profiles: reverse-domain names, ucp.dev spec and schema URLs'),
  'DISC-003': at(CONFORMANCE, 'the business profiles: reverse-domain names, ucp.dev spec and schema URLs'),
  'DISC-004': at(CONFORMANCE, 'a UCP-Agent profile URL over plain http'),
  'DISC-005': at(CONFORMANCE, 'the business profiles: reverse-domain names, ucp.dev spec and schema URLs'),
  'DISC-006': na(PLATFORM, 'our side, refusing a request without a profile, is NEG-005'),

  // ---- error-envelope.json
  'ERR-001': at(CONFORMANCE, 'error envelopes validate as error_response.json'),
  'ERR-002': at(CONFORMANCE, 'error envelopes validate as error_response.json'),
  'ERR-003': at(CONFORMANCE, 'error envelopes validate as error_response.json'),
  'ERR-004': at(CONFORMANCE, 'requires_escalation from the first response'),
  'ERR-005': at(CONFORMANCE, 'error envelopes validate as error_response.json'),
  'ERR-006': at(CONFORMANCE, 'every message path is an RFC 9535 JSONPath'),
  'ERR-007': na(mayOnly('freeform codes are allowed; ours are documented in the API spec')),
  'ERR-008': na(mayOnly('the standard codes are examples')),
  'ERR-009': at(CONFORMANCE, 'checkout answers validate as checkout.json with the discount extension'),
  'ERR-010': at(CONFORMANCE, 'checkout answers validate as checkout.json with the discount extension'),
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
  'ERR-025': at(CONFORMANCE, 'search, lookup and product answers validate as search_response'),
  'ERR-026': at(CONFORMANCE, 'search, lookup and product answers validate as search_response'),
  'ERR-027': na(mayOnly('freeform info codes are allowed')),
  'ERR-028': at(CONFORMANCE, 'error envelopes validate as error_response.json'),
  'ERR-029': at(CONFORMANCE, 'error envelopes validate as error_response.json'),
  'ERR-030': at(CONFORMANCE, 'error envelopes validate as error_response.json'),
  'ERR-031': at(CONFORMANCE, 'error envelopes validate as error_response.json'),
  'ERR-032': at(CONFORMANCE, 'error envelopes validate as error_response.json'),
  'ERR-033': at(PLATFORM_CHECKOUT, 'unknown checkout and order: 200 envelopes'),
  'ERR-034': at(CONFORMANCE, 'ucp.status error comes without a resource, success with one'),

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
  'NEG-001': at(NEGOTIATION_E2E, 'a profile of version 2025-01-01: 422 version_unsupported'),
  'NEG-002': at(
    NEGOTIATION_E2E,
    'no capability in common: HTTP 200 with the capabilities_incompatible envelope',
  ),
  'NEG-003': at(NEGOTIATION_E2E, 'a profile that cannot be fetched: 424 profile_unreachable'),
  'NEG-004': at(NEGOTIATION_E2E, 'a malformed profile (%s): 422 profile_malformed'),
  'NEG-005': at(NEGOTIATION_E2E, 'missing: 400 invalid_profile_url naming the UCP-Agent header'),
  'ORD-001': at(CONFORMANCE, 'an order answer is the full order: every line with its status and quantity'),
  'ORD-002': at(
    FULFILMENT,
    'a domain purchase that fails (declined at settle time): that line removed with a refund',
  ),
  'ORD-003': at(CONFORMANCE, 'an order answer is the full order: every line with its status and quantity'),
  'ORD-004': at(CONFORMANCE, 'order answers validate as order.json'),
  'ORD-005': at(CONFORMANCE, 'order answers validate as order.json'),
  'ORD-006': at(CONFORMANCE, 'order answers validate as order.json'),
  'ORD-007': at(
    FULFILMENT,
    'a domain purchase that fails (declined at settle time): that line removed with a refund',
  ),
  'ORD-008': at(
    FULFILMENT,
    'a domain purchase that fails (declined at settle time): that line removed with a refund',
  ),
  'ORD-009': at(
    FULFILMENT,
    'a domain purchase that fails (declined at settle time): that line removed with a refund',
  ),
  'ORD-010': at(
    'apps/shopping/src/modules/provisioning/line-settlement.spec.ts',
    'appends adjustments and events, never rewrites earlier ones',
  ),
  'ORD-011': na(mayOnly('we append adjustments (ORD-010) rather than edit them in place')),
  'ORD-012': at(
    CONFORMANCE,
    'GET an order: 401 without a token; another buyer’s order is the 200 order_not_found envelope',
  ),
  'ORD-013': at(
    CONFORMANCE,
    'GET an order: 401 without a token; another buyer’s order is the 200 order_not_found envelope',
  ),
  'ORD-014': na(
    'the UCP order:read/order:manage scopes are identity-linking OAuth scopes (not implemented, see IDL rows); we gate orders with the GoDaddy scope shopping.order:read',
  ),
  'ORD-015': na(PLATFORM, 'our side, refusing a request without UCP-Agent, is NEG-005'),
  'ORD-016': na(PLATFORM),
  'ORD-017': na(PLATFORM),
  'ORD-018': at(CONFORMANCE, 'an order answer is the full order: every line with its status and quantity'),
  'ORD-019': at(
    FULFILMENT,
    'provisions a domain (2 years) and a hosting plan: both lines fulfilled, a delivered event each',
  ),
  'ORD-020': at(PLATFORM_CHECKOUT, 'walks a checkout from incomplete to completed and places the order'),
  'ORD-021': at(CONFORMANCE, 'every answer of this suite is application/json and names UCP 2026-04-08'),
  'ORD-022': na(TLS_EDGE),
  'ORD-023': na(PLATFORM),
  'ORD-024': na(PLATFORM),
  'ORD-025': na(NO_RESPONSE_SIGNING),
  'ORD-026': at(FULFILMENT, 'sends each event as a signed snapshot of the order, in sequence'),
  'ORD-027': at(FULFILMENT, 'sends each event as a signed snapshot of the order, in sequence'),
  'ORD-028': at(FULFILMENT, 'sends each event as a signed snapshot of the order, in sequence'),
  'ORD-029': at(FULFILMENT, 'sends each event as a signed snapshot of the order, in sequence'),
  'ORD-030': at(FULFILMENT, 'sends each event as a signed snapshot of the order, in sequence'),
  'ORD-031': at(FULFILMENT, 'a webhook answering 500 twice, then 200: every event delivered, in order'),
  'ORD-032': na(PLATFORM),
  'ORD-033': na(PLATFORM),

  // ---- overview.json
  'OVR-001': at(CONFORMANCE, 'the business profiles: reverse-domain names, ucp.dev spec and schema URLs'),
  'OVR-002': at(CONFORMANCE, 'the business profiles: reverse-domain names, ucp.dev spec and schema URLs'),
  'OVR-003': at(CONFORMANCE, 'the business profiles: reverse-domain names, ucp.dev spec and schema URLs'),
  'OVR-004': at(CONFORMANCE, 'every answer of this suite is application/json and names UCP 2026-04-08'),
  'OVR-005': at(NEGOTIATION_E2E, 'a search answers only the search capability of those negotiated'),
  'OVR-006': at(
    'apps/shopping/test/negotiation.e2e-spec.ts',
    'claiming another agent’s profile is 403 profile_not_trusted',
  ),
  'OVR-007': na(NO_SIGNATURE_AUTH),
  'OVR-008': at(CONFORMANCE, 'every answer of this suite is application/json and names UCP 2026-04-08'),
  'OVR-009': na(ONE_VERSION),
  'OVR-010': at(CONFORMANCE, 'the business profiles: reverse-domain names, ucp.dev spec and schema URLs'),
  'OVR-011': na(ONE_VERSION),
  'OVR-012': at(
    'apps/shopping/src/modules/ucp/negotiation.spec.ts',
    'prunes an extension whose parents all dropped out',
  ),
  'OVR-013': at(PLATFORM_CHECKOUT, 'walks a checkout from incomplete to completed and places the order'),
  'OVR-014': at(CONFORMANCE, 'error envelopes validate as error_response.json'),

  // ---- payment.json
  'PAY-001': at(CONFORMANCE, 'payment handlers and signing keys: reverse-domain keys, ids, instrument types'),
  'PAY-002': at(CONFORMANCE, 'payment handlers and signing keys: reverse-domain keys, ids, instrument types'),
  'PAY-003': at(CONFORMANCE, 'checkout answers validate as checkout.json with the discount extension'),
  'PAY-004': na(PLATFORM, "platform_schema handler declarations live in the platform's profile"),
  'PAY-005': at(CONFORMANCE, 'payment handlers and signing keys: reverse-domain keys, ids, instrument types'),
  'PAY-006': na(mayOnly('we list the card instrument explicitly')),
  'PAY-007': at(CONFORMANCE, 'payment handlers and signing keys: reverse-domain keys, ids, instrument types'),
  'PAY-008': na(PLATFORM),
  'PAY-009': na(PLATFORM),
  'PAY-010': na(PLATFORM),
  'PAY-011': at(CONFORMANCE, 'the credential token is used, never shown back'),
  'PAY-012': at(CONFORMANCE, 'the credential token is used, never shown back'),
  'PAY-013': na(PLATFORM),
  'PAY-014': at(CONFORMANCE, 'an instrument of a handler the business does not advertise'),
  'PAY-015': na(
    'one handler (the sandbox card handler) applies to every cart and currency we sell, so there is nothing to filter by cart context',
  ),
  'PAY-016': at(IDEMPOTENCY_E2E, 'twenty concurrent completions (twenty keys): one paid-orders call'),
  'PAY-017': na(PLATFORM, 'and the sandbox card handler has no 3DS/SCA step'),
  'PAY-018': at(CONFORMANCE, 'requires_escalation from the first response'),
  'PAY-019': at(CONFORMANCE, 'checkout answers validate as checkout.json with the discount extension'),
  'PAY-020': na(REQUEST_BODY),
  'PAY-021': na(
    CREDENTIAL_PROVIDER,
    'the sandbox handler accepts token credentials only; card_credential is refused (PAY-022)',
  ),
  'PAY-022': at(CONFORMANCE, 'a card credential carrying a card number is refused'),
  'PAY-023': at(CONFORMANCE, 'checkout answers validate as checkout.json with the discount extension'),
  'PAY-024': na(REQUEST_BODY),
  'PAY-025': na(CREDENTIAL_PROVIDER),
  'PAY-026': na(CREDENTIAL_PROVIDER),
  'PAY-027': na(CREDENTIAL_PROVIDER),
  'PAY-028': na(CREDENTIAL_PROVIDER),
  'PAY-029': na(CREDENTIAL_PROVIDER),
  'PAY-030': at(
    'apps/shopping/test/ucp-conformance.e2e-spec.ts',
    'the credential token is used, never shown back',
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
  'SAE-005': na(
    DECLINED_SHOULD,
    'signals stay only on the checkout session they came with (shown back on it) and are copied to no order, webhook or log; session rows are not purged this round',
  ),
  'SAE-006': na(mayOnly('we request no additional signals')),
  'SAE-007': na(REQUEST_BODY),
  'SAE-008': at(CONFORMANCE, 'context eligibility claims and attribution change nothing'),
  'SAE-009': na(mayOnly('the order attribution snapshot is optional')),
  'SAE-010': na(REQUEST_BODY),
  'SAE-011': at(CONFORMANCE, 'context eligibility claims and attribution change nothing'),
  'SAE-012': at(CONFORMANCE, 'context eligibility claims and attribution change nothing'),
  'SAE-013': na(NO_ELIGIBILITY),
  'SAE-014': at(CONFORMANCE, 'context eligibility claims and attribution change nothing'),
  'SAE-015': na(
    DECLINED_SHOULD,
    'every eligibility claim is ignored without a message (SAE-011), none accepted or refused one by one',
  ),
  'SAE-016': na(NO_ELIGIBILITY),
  'SAE-017': na(NO_ELIGIBILITY),
  'SAE-018': na(NO_ELIGIBILITY),
  'SAE-019': na(NO_ELIGIBILITY),
  'SAE-020': na(NO_ELIGIBILITY),
  'SAE-021': na(NO_ELIGIBILITY),

  // ---- signatures.json (we sign outbound webhooks; we verify nothing)
  'SIG-001': at(FULFILMENT, 'sends each event as a signed snapshot of the order, in sequence'),
  'SIG-002': na(NO_SIGNATURE_AUTH),
  'SIG-003': na(NO_SIGNATURE_AUTH),
  'SIG-004': at(FULFILMENT, 'sends each event as a signed snapshot of the order, in sequence'),
  'SIG-005': na(mayOnly('we sign with P-256 only')),
  'SIG-006': at(CRYPTO_SIGNATURES, 'puts no alg parameter in Signature-Input'),
  'SIG-007': at(CONFORMANCE, 'payment handlers and signing keys: reverse-domain keys, ids, instrument types'),
  'SIG-008': at(CONFORMANCE, 'payment handlers and signing keys: reverse-domain keys, ids, instrument types'),
  'SIG-009': na(NO_SIGNATURE_AUTH, 'accepting old keys is a verifier duty'),
  'SIG-010': at('libs/crypto/src/content-digest.spec.ts', 'is sha-256 of the raw bytes as a byte sequence'),
  'SIG-011': na(
    'nothing we sign passes an intermediary: webhooks go from the worker straight to the platform, and responses are not signed',
  ),
  'SIG-012': at(FULFILMENT, 'sends each event as a signed snapshot of the order, in sequence'),
  'SIG-013': at(FULFILMENT, 'sends each event as a signed snapshot of the order, in sequence'),
  'SIG-014': at(FULFILMENT, 'sends each event as a signed snapshot of the order, in sequence'),
  'SIG-015': at(FULFILMENT, 'sends each event as a signed snapshot of the order, in sequence'),
  'SIG-016': at(
    'apps/shopping/src/modules/order-webhooks/order-webhook-request.spec.ts',
    'signs the delivery over UCP-Agent, Idempotency-Key, Webhook-Id',
  ),
  'SIG-017': at(
    CRYPTO_SIGNATURES,
    'covers the target, the UCP-Agent, the Standard Webhooks headers and the body',
  ),
  'SIG-018': at(FULFILMENT, 'sends each event as a signed snapshot of the order, in sequence'),
  'SIG-019': at(CRYPTO_SIGNATURES, 'writes the ECDSA signature as 64 raw r||s bytes'),
  'SIG-020': na(NO_RESPONSE_SIGNING),
  'SIG-021': na(NO_RESPONSE_SIGNING),
  'SIG-022': na(PLATFORM, 'the platform generates Idempotency-Key values'),
  'SIG-023': at(CONFORMANCE, 'cart writes honour Idempotency-Key'),
  'SIG-024': at(IDEMPOTENCY_E2E, 'the idempotency store unreachable: 503 with Retry-After'),
  'SIG-025': at(IDEMPOTENCY_E2E, 'a replay answers the first answer'),
  'SIG-026': na(PLATFORM),
  'SIG-027': at(FULFILMENT, 'sends each event as a signed snapshot of the order, in sequence'),
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
  'SIG-039': at(NEGOTIATION_E2E, 'malformed (%s): 400 invalid_profile_url, no path'),
  'SIG-040': at(CONFORMANCE, 'a UCP-Agent profile URL over plain http'),
  'SIG-041': at(FULFILMENT, 'sends each event as a signed snapshot of the order, in sequence'),
  // ---- totals.json
  'TOT-001': na(PLATFORM),
  'TOT-002': na(PLATFORM),
  'TOT-004': at(CONFORMANCE, 'totals: one subtotal and one total, signs by type'),
  'TOT-005': at(CONFORMANCE, 'totals: one subtotal and one total, signs by type'),
  'TOT-006': at(CONFORMANCE, 'totals: one subtotal and one total, signs by type'),
  'TOT-007': na(PLATFORM),
  'TOT-008': at(CONFORMANCE, 'totals: one subtotal and one total, signs by type'),
  'TOT-010': na(PLATFORM),
  'TOT-011': na(PLATFORM),
  'TOT-012': na(PLATFORM),
  'TOT-014': at(CONFORMANCE, 'totals: one subtotal and one total, signs by type'),
  'TOT-015': at(CONFORMANCE, 'totals: one subtotal and one total, signs by type'),
  'TOT-018': na(PLATFORM),
  'TOT-017': at(CONFORMANCE, 'totals: one subtotal and one total, signs by type'),
  'TOT-019': at(CONFORMANCE, 'totals: one subtotal and one total, signs by type'),
  'TOT-020': at(CONFORMANCE, 'totals: one subtotal and one total, signs by type'),
  'TOT-021': at(CONFORMANCE, 'search, lookup and product answers validate as search_response'),

  // ---- transports.json
  'MCP-001': { covered: 'apps/shopping/test/mcp-platform.e2e-spec.ts#lists exactly the OpenRPC methods' },
  'A2A-001': na(A2A),
  'MCP-002': na(REQUEST_BODY),
  'MCP-003': {
    covered:
      'apps/shopping/test/mcp-platform.e2e-spec.ts#create, update, complete checkout and get the order: each the body REST gives',
  },
  'MCP-004': {
    covered:
      'apps/shopping/test/mcp-platform.e2e-spec.ts#the arguments these suites send satisfy the OpenRPC param schemas',
  },
  'MCP-005': {
    covered:
      'apps/shopping/test/mcp-platform.e2e-spec.ts#an unknown checkout and order: the 200 envelopes of REST',
  },
  'MCP-006': {
    covered: 'apps/shopping/test/mcp-platform.e2e-spec.ts#a lookup over the batch limit (100 ids)',
  },
};
