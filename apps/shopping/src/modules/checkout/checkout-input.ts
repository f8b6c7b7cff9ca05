import type { UcpBuyer, UcpContext, UcpPaymentInstrument } from '../ucp/ucp-types';

/** A line as the agent sent it: the item (a variant id) and a quantity; `id` keeps a line's identity on update. */
export interface InputLine {
  readonly id: string;
  readonly itemId: string;
  readonly quantity: number;
}

/**
 * What the agent last sent for a checkout (or cart), normalised: UCP's update is a full
 * replacement, so this is the whole of it, never a merge.
 */
export interface CheckoutInput {
  readonly lines: readonly InputLine[];
  readonly buyer: UcpBuyer | null;
  /** The buyer's signals; a store taxes at its address_country / address_region / postal_code. */
  readonly context: UcpContext | null;
  readonly discountCodes: readonly string[];
  readonly payment: { readonly instruments: readonly UcpPaymentInstrument[] } | null;
  readonly signals: Record<string, unknown> | null;
  readonly attribution: Record<string, unknown> | null;
}
