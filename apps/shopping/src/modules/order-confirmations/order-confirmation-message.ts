import type { UcpTotal } from '../ucp/ucp-types';

/** What a confirmation tells the buyer: the order as its order.json shows it, nothing else. */
export interface ConfirmationOrder {
  readonly id: string;
  /** order.json `label` (`Order <id>`, or the store's own order number). */
  readonly label: string;
  /** order.json `permalink_url`. */
  readonly permalinkUrl: string;
  readonly currency: string;
  readonly lines: readonly ConfirmationLine[];
  /** The order's totals as charged (integer minor units of `currency`). */
  readonly totals: readonly UcpTotal[];
}

export interface ConfirmationLine {
  readonly title: string;
  readonly quantity: number;
  /** The line's `total` (minor units). */
  readonly total: number;
}

/** The e-mail's subject and its two parts (multipart/alternative). */
export interface ConfirmationMessage {
  readonly subject: string;
  readonly text: string;
  readonly html: string;
}

/**
 * The confirmation e-mail of an order (UCP CHK-011): its id, label, lines, totals and permalink,
 * as plain text and a simple HTML part. Built from the order alone: no buyer detail beyond the
 * address it is sent to (which is not in the body), and never anything of the payment.
 */
export function confirmationMessage(order: ConfirmationOrder): ConfirmationMessage {
  const money = (amount: number) => formatAmount(amount, order.currency);
  const lines = order.lines.map((l) => ({ what: `${l.quantity} × ${l.title}`, amount: money(l.total) }));
  const totals = order.totals.map((t) => ({ what: totalLabel(t), amount: money(t.amount) }));
  const text = [
    'Thank you for your order.',
    '',
    order.label,
    `Order id: ${order.id}`,
    '',
    ...lines.map((l) => `  ${l.what}: ${l.amount}`),
    '',
    ...totals.map((t) => `  ${t.what}: ${t.amount}`),
    '',
    `Your order: ${order.permalinkUrl}`,
    '',
  ].join('\n');
  const row = (what: string, amount: string, tag: 'td' | 'th' = 'td') =>
    `<tr><${tag}>${escapeHtml(what)}</${tag}>` +
    `<${tag} style="text-align:right">${escapeHtml(amount)}</${tag}></tr>`;
  const html = [
    '<!doctype html>',
    `<html><head><meta charset="utf-8"><title>${escapeHtml(order.label)}</title></head><body>`,
    '<p>Thank you for your order.</p>',
    `<h1>${escapeHtml(order.label)}</h1>`,
    `<p>Order id: ${escapeHtml(order.id)}</p>`,
    '<table>',
    ...lines.map((l) => row(l.what, l.amount)),
    ...totals.map((t) => row(t.what, t.amount, 'th')),
    '</table>',
    `<p><a href="${escapeHtml(order.permalinkUrl)}">Your order</a></p>`,
    '</body></html>',
    '',
  ].join('\n');
  return { subject: `Order confirmation: ${order.label}`, text, html };
}

/**
 * An amount in minor units as `12.34 USD` (`-5.00 USD` for a discount): as many decimals as the
 * currency has (ISO 4217, by Intl: 0 for JPY, 3 for KWD).
 */
export function formatAmount(amount: number, currency: string): string {
  const digits =
    new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  const sign = amount < 0 ? '-' : '';
  return `${sign}${(Math.abs(amount) / 10 ** digits).toFixed(digits)} ${currency}`;
}

/** A total's `display_text`, else its type in words (`subtotal` → `Subtotal`). */
function totalLabel(total: UcpTotal): string {
  if (total.display_text) return total.display_text;
  const words = total.type.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
}
