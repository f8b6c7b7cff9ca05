// The UCP 2026-04-08 wire objects this service sends and takes (schemas: ucp.dev/schemas/shopping/…,
// read at test time from ../shared/vendor-tests/ucp). Amounts are integer ISO 4217 minor units.

import type { UcpSeverity } from '@platform/errors';

/** UCP's message severities: one list, libs/errors's, which renders the protocol's own errors. */
export type { UcpSeverity };

export interface UcpErrorMessage {
  readonly type: 'error';
  readonly code: string;
  readonly content_type?: 'plain' | 'markdown';
  readonly content: string;
  readonly severity: UcpSeverity;
  readonly path?: string;
}

export interface UcpWarningMessage {
  readonly type: 'warning';
  readonly code: string;
  readonly content_type?: 'plain' | 'markdown';
  readonly content: string;
  readonly path?: string;
}

export interface UcpInfoMessage {
  readonly type: 'info';
  readonly code?: string;
  readonly content_type?: 'plain' | 'markdown';
  readonly content: string;
  readonly path?: string;
}

export type UcpMessage = UcpErrorMessage | UcpWarningMessage | UcpInfoMessage;

export interface UcpPrice {
  readonly amount: number;
  readonly currency: string;
}

export interface UcpDescription {
  readonly plain?: string;
  readonly markdown?: string;
  readonly html?: string;
}

export interface UcpVariant {
  readonly id: string;
  readonly sku?: string;
  readonly title: string;
  readonly description: UcpDescription;
  readonly price: UcpPrice;
  readonly list_price?: UcpPrice;
  readonly availability?: { readonly available: boolean; readonly status?: string };
  readonly options?: readonly { readonly name: string; readonly label: string }[];
  readonly media?: readonly UcpMedia[];
  readonly metadata?: Record<string, unknown>;
}

export interface UcpMedia {
  readonly type: string;
  readonly url: string;
  readonly alt_text?: string;
}

export interface UcpProduct {
  readonly id: string;
  readonly handle?: string;
  readonly title: string;
  readonly description: UcpDescription;
  readonly categories?: readonly { readonly value: string; readonly taxonomy?: string }[];
  readonly price_range: { readonly min: UcpPrice; readonly max: UcpPrice };
  readonly list_price_range?: { readonly min: UcpPrice; readonly max: UcpPrice };
  readonly media?: readonly UcpMedia[];
  readonly variants: readonly UcpVariant[];
  /** get_product only (detail_product): the featured variant's option selections. */
  readonly selected?: readonly { readonly name: string; readonly label: string }[];
  readonly tags?: readonly string[];
  readonly metadata?: Record<string, unknown>;
}

/** A totals entry; discount types are negative, additive types ≥ 0, one subtotal and one total. */
export interface UcpTotal {
  readonly type: string;
  readonly amount: number;
  readonly display_text?: string;
  readonly lines?: readonly { readonly display_text: string; readonly amount: number }[];
}

export interface UcpItem {
  readonly id: string;
  readonly title: string;
  readonly price: number;
  readonly image_url?: string;
}

export interface UcpLineItem {
  readonly id: string;
  readonly item: UcpItem;
  readonly quantity: number;
  readonly totals: readonly UcpTotal[];
  readonly parent_id?: string;
}

export interface UcpBuyer {
  readonly first_name?: string;
  readonly last_name?: string;
  readonly email?: string;
  readonly phone_number?: string;
}

export interface UcpContext {
  readonly address_country?: string;
  readonly address_region?: string;
  readonly postal_code?: string;
  readonly intent?: string;
  readonly language?: string;
  readonly currency?: string;
}

export interface UcpPostalAddress {
  readonly street_address?: string;
  readonly extended_address?: string;
  readonly address_locality?: string;
  readonly address_region?: string;
  readonly address_country?: string;
  readonly postal_code?: string;
  readonly first_name?: string;
  readonly last_name?: string;
  readonly phone_number?: string;
}

export interface UcpPaymentInstrument {
  readonly id: string;
  readonly handler_id: string;
  readonly type: string;
  readonly selected?: boolean;
  readonly billing_address?: UcpPostalAddress | Record<string, unknown>;
  readonly credential?: { readonly type: string; readonly token?: string };
  readonly display?: Record<string, unknown>;
}

export interface UcpLink {
  readonly type: string;
  readonly url: string;
  readonly title?: string;
}
