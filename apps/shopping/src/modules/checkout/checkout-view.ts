import type { PaymentHandlerDeclaration } from '../businesses/business';
import { Capability, ucpMeta } from '../ucp/ucp-protocol';
import type { UcpLink } from '../ucp/ucp-types';
import type { CheckoutInput } from './checkout-input';
import { TERMINAL_STATUSES, type CheckoutSessionEntity } from './checkout-session.entity';

/** Where a buyer reads the business's terms (UCP: links are "mandatory for legal compliance"). */
export function legalLinks(publicBaseUrl: string): UcpLink[] {
  return [
    { type: 'terms_of_service', url: `${publicBaseUrl}/v1/shopping/legal/terms`, title: 'Terms of service' },
    { type: 'privacy_policy', url: `${publicBaseUrl}/v1/shopping/legal/privacy`, title: 'Privacy policy' },
  ];
}

/** The `ucp.payment_handlers` registry of a checkout response (response_checkout_schema requires it). */
export function handlerRegistry(handlers: readonly PaymentHandlerDeclaration[]): Record<string, unknown[]> {
  const registry: Record<string, unknown[]> = {};
  for (const { key, ...handler } of handlers) (registry[key] ??= []).push(handler);
  return registry;
}

/** The discount extension's view of what the agent sent and what the business applied. */
export function discountsView(
  input: CheckoutInput,
  applied: readonly { code: string; title: string; amount: number }[],
): Record<string, unknown> {
  return {
    codes: [...input.discountCodes],
    applied: applied.map((d) => ({
      code: d.code,
      title: d.title || d.code,
      amount: d.amount,
      automatic: false,
    })),
  };
}

export interface CheckoutViewOptions {
  readonly publicBaseUrl: string;
  /** The business's path prefix: /v1/shopping or /v1/shopping/stores/{storeId}. */
  readonly basePath: string;
  readonly capabilities: ReadonlyMap<string, string>;
  readonly handlers: readonly PaymentHandlerDeclaration[];
}

/** A checkout session as UCP's checkout.json (with the extensions that were negotiated). */
export function checkoutView(
  session: CheckoutSessionEntity,
  options: CheckoutViewOptions,
): Record<string, unknown> {
  const { input } = session;
  const live = !TERMINAL_STATUSES.includes(session.status);
  const view: Record<string, unknown> = {
    ucp: ucpMeta('checkout', options.capabilities, { payment_handlers: handlerRegistry(options.handlers) }),
    id: session.id,
    line_items: session.lineItems,
    status: session.status,
    currency: session.currency,
    totals: session.totals,
    links: legalLinks(options.publicBaseUrl),
    expires_at: session.expiresAt.toISOString(),
  };
  if (input.buyer) view.buyer = input.buyer;
  if (input.context) view.context = input.context;
  if (input.signals) view.signals = input.signals;
  if (input.attribution) view.attribution = input.attribution;
  if (session.messages.length) view.messages = session.messages;
  if (live)
    view.continue_url = `${options.publicBaseUrl}${options.basePath}/checkout-sessions/${session.id}/continue`;
  // Kept without credential secrets (storedPayment), so shown as kept.
  if (input.payment) view.payment = input.payment;
  if (options.capabilities.has(Capability.DISCOUNT))
    view.discounts = discountsView(input, session.appliedDiscounts);
  if (session.orderId)
    view.order = {
      id: session.orderId,
      permalink_url: `${options.publicBaseUrl}${options.basePath}/orders/${session.orderId}`,
    };
  return view;
}
