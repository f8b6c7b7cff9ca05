import type { PricingInput } from '../businesses/business';
import type { UcpPaymentInstrument } from '../ucp/ucp-types';
import { Capability } from '../ucp/ucp-protocol';
import type { CheckoutInput, InputLine } from './checkout-input';
import type { CheckoutWritableRequest } from './checkout.request';

/**
 * A create or update body as the engine keeps it (a full replacement, UCP update semantics): lines
 * keep the id the agent sends back and get `li_<n>` otherwise, numbered past every id in use. With
 * the negotiated `capabilities`, an extension's fields count only when it was negotiated: discount
 * codes from an agent without the discount extension are not applied (its totals would carry a
 * discount its response cannot explain).
 */
export function toCheckoutInput(
  body: CheckoutWritableRequest,
  previous?: CheckoutInput,
  capabilities?: ReadonlyMap<string, string>,
): CheckoutInput {
  const codes = !capabilities || capabilities.has(Capability.DISCOUNT) ? (body.discounts?.codes ?? []) : [];
  const known = new Set(previous?.lines.map((l) => l.id) ?? []);
  let next = Math.max(0, ...[...known].map((id) => Number(/^li_(\d+)$/.exec(id)?.[1] ?? 0))) + 1;
  const used = new Set<string>();
  const lines: InputLine[] = body.line_items.map((line) => {
    let id = line.id !== undefined && known.has(line.id) && !used.has(line.id) ? line.id : undefined;
    while (id === undefined || used.has(id)) id = `li_${next++}`;
    used.add(id);
    return { id, itemId: line.item.id, quantity: line.quantity };
  });
  return {
    lines,
    buyer: body.buyer ? { ...body.buyer } : null,
    context: body.context
      ? {
          ...body.context,
          ...(body.context.address_country
            ? { address_country: body.context.address_country.toUpperCase() }
            : {}),
          ...(body.context.currency ? { currency: body.context.currency.toUpperCase() } : {}),
        }
      : null,
    discountCodes: [...new Set(codes)],
    payment: body.payment ? storedPayment(body.payment) : null,
    signals: body.signals ?? null,
    attribution: body.attribution ?? null,
  };
}

/** What the business prices: the lines, the codes, the buyer's address signals and currency wish. */
export function toPricingInput(input: CheckoutInput): PricingInput {
  const ctx = input.context;
  return {
    lines: input.lines.map((l) => ({ lineId: l.id, itemId: l.itemId, quantity: l.quantity })),
    discountCodes: input.discountCodes,
    address: ctx?.address_country
      ? {
          country: ctx.address_country,
          ...(ctx.address_region ? { region: ctx.address_region } : {}),
          ...(ctx.postal_code ? { postalCode: ctx.postal_code } : {}),
        }
      : null,
    ...(ctx?.currency ? { currencyPreference: ctx.currency } : {}),
  };
}

/**
 * A payment as the session keeps it: the instruments without their credential's secret (a card
 * token is used for the charge at completion and never stored or shown back, PCI-DSS).
 */
export function storedPayment(payment: { readonly instruments: readonly UcpPaymentInstrument[] }): {
  instruments: UcpPaymentInstrument[];
} {
  return {
    instruments: payment.instruments.map(({ credential, ...rest }) => ({
      ...rest,
      ...(credential ? { credential: { type: credential.type } } : {}),
    })),
  };
}
