import { UCP_VERSION } from '../ucp/ucp-protocol';
import type { PaymentHandlerDeclaration } from './business';

/** Reverse-domain namespace of the platform's own payment handlers. */
const NAMESPACE = 'com.developer_platform';

/**
 * The platform business charges the buyer's payment profile (the domains service's, managed with
 * the admin CLI's `payment-profile`): the instrument names the handler, no credential travels.
 */
export function paymentProfileHandler(publicBaseUrl: string): PaymentHandlerDeclaration {
  return {
    key: `${NAMESPACE}.payment_profile`,
    id: 'payment_profile',
    version: UCP_VERSION,
    spec: `${publicBaseUrl}/docs/shopping#payment-profile-handler`,
    schema: `${publicBaseUrl}/docs/shopping#payment-profile-handler`,
    available_instruments: [{ type: 'payment_profile' }],
  };
}

/** Test tokens of the sandbox card handler (the UCP conformance suite's flower-shop tokens). */
export const SANDBOX_TOKENS = { approve: 'success_token', decline: 'fail_token' } as const;

/**
 * A store's payment handler: a sandbox card processor whose test tokens approve or decline
 * (docs/shopping.md, "Payment"). No card data is ever taken: the credential is a token.
 */
export function sandboxCardHandler(publicBaseUrl: string): PaymentHandlerDeclaration {
  return {
    key: `${NAMESPACE}.sandbox_card`,
    id: 'sandbox_card',
    version: UCP_VERSION,
    spec: `${publicBaseUrl}/docs/shopping#sandbox-card-handler`,
    schema: `${publicBaseUrl}/docs/shopping#sandbox-card-handler`,
    available_instruments: [{ type: 'card', constraints: { brands: ['visa', 'mastercard'] } }],
    config: { environment: 'sandbox', test_tokens: { ...SANDBOX_TOKENS } },
  };
}
