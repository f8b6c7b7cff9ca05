import { confirmationMessage, formatAmount, type ConfirmationOrder } from './order-confirmation-message';

describe('order confirmation message', () => {
  const order: ConfirmationOrder = {
    id: 'ord_123',
    label: 'Order ord_123',
    permalinkUrl: 'https://api.platform.test/v1/shopping/orders/ord_123',
    currency: 'USD',
    lines: [
      { title: 'Domain <b>a&b</b>.com (1 year)', quantity: 1, total: 1299 },
      { title: 'Web hosting', quantity: 2, total: 1000 },
    ],
    totals: [
      { type: 'subtotal', amount: 2799 },
      { type: 'discount', amount: -500, display_text: 'Spring sale' },
      { type: 'total', amount: 2299 },
    ],
  };

  it('names the order in the subject and gives id, label, lines, totals and permalink in the text', () => {
    const m = confirmationMessage(order);
    expect(m.subject).toBe('Order confirmation: Order ord_123');
    expect(m.text).toBe(
      [
        'Thank you for your order.',
        '',
        'Order ord_123',
        'Order id: ord_123',
        '',
        '  1 × Domain <b>a&b</b>.com (1 year): 12.99 USD',
        '  2 × Web hosting: 10.00 USD',
        '',
        '  Subtotal: 27.99 USD',
        '  Spring sale: -5.00 USD',
        '  Total: 22.99 USD',
        '',
        'Your order: https://api.platform.test/v1/shopping/orders/ord_123',
        '',
      ].join('\n'),
    );
  });

  it('escapes what it puts in the HTML part', () => {
    const { html } = confirmationMessage(order);
    expect(html).toContain('<td>1 × Domain &lt;b&gt;a&amp;b&lt;/b&gt;.com (1 year)</td>');
    expect(html).not.toContain('<b>a&b</b>');
    expect(html).toContain('<a href="https://api.platform.test/v1/shopping/orders/ord_123">Your order</a>');
    expect(html).toContain('<th style="text-align:right">22.99 USD</th>');
  });

  it('formats minor units with the currency’s own decimals', () => {
    expect(formatAmount(123456, 'USD')).toBe('1234.56 USD');
    expect(formatAmount(500, 'JPY')).toBe('500 JPY');
    expect(formatAmount(1234, 'KWD')).toBe('1.234 KWD');
    expect(formatAmount(-5, 'EUR')).toBe('-0.05 EUR');
  });
});
