import { Inject, Injectable } from '@nestjs/common';
import { SHOPPING_SETTINGS, type ShoppingSettings } from '../../config/shopping-settings';
import { CheckoutSessionsRepository } from '../checkout/checkout-sessions.repository';

const escape = (s: string): string =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const money = (amount: number, currency: string): string => `${(amount / 100).toFixed(2)} ${currency}`;

/** What the buyer is asked to do for each message only a buyer can resolve. */
const BUYER_ACTIONS: Record<string, string> = {
  payment_method_required:
    'Add a payment method to your account (in the sandbox: `npm run admin -- payment-profile add --account <your account id>`), then return to the agent: it continues this checkout.',
};

/**
 * The page behind a checkout's `continue_url` (UCP: "checkout handoff and session recovery"): the
 * buyer opens it in a browser, sees the session as it is — lines, totals, status — and what only
 * they can do. The URL is a capability: the session id is 128 random bits, and the page shows no
 * buyer details, payment data or account id. Read-only: the agent continues the checkout.
 */
@Injectable()
export class HandoffService {
  constructor(
    private readonly sessions: CheckoutSessionsRepository,
    @Inject(SHOPPING_SETTINGS) private readonly settings: ShoppingSettings,
  ) {}

  async page(business: string, id: string): Promise<string | undefined> {
    const session = await this.sessions.findOfBusiness(id, business);
    if (!session) return undefined;
    const lines = session.lineItems
      .map((l) => {
        const total = l.totals.find((t) => t.type === 'total')?.amount ?? 0;
        return `<tr><td>${escape(l.item.title)}</td><td>${l.quantity}</td><td>${money(total, session.currency)}</td></tr>`;
      })
      .join('');
    const totals = session.totals
      .map(
        (t) =>
          `<tr><th>${escape(t.display_text ?? t.type)}</th><td></td><td>${money(t.amount, session.currency)}</td></tr>`,
      )
      .join('');
    const actions = session.messages
      .filter((m) => m.type === 'error')
      .map((m) => `<li>${escape(BUYER_ACTIONS[m.code] ?? m.content)}</li>`)
      .join('');
    return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Checkout ${escape(session.id)}</title>
<meta name="robots" content="noindex"></head>
<body><main>
<h1>Your checkout</h1>
<p>Status: <strong>${escape(session.status)}</strong> · expires ${escape(session.expiresAt.toISOString())}</p>
<table><thead><tr><th>Item</th><th>Quantity</th><th>Total</th></tr></thead><tbody>${lines}</tbody><tfoot>${totals}</tfoot></table>
${actions ? `<h2>What you need to do</h2><ul>${actions}</ul>` : '<p>Nothing is needed from you: your agent can complete this checkout.</p>'}
<p><a href="${escape(this.settings.publicBaseUrl)}/v1/shopping/legal/terms">Terms</a> · <a href="${escape(this.settings.publicBaseUrl)}/v1/shopping/legal/privacy">Privacy</a></p>
</main></body></html>`;
  }
}
