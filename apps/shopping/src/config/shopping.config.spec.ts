import { ConfigError } from '@platform/config';
import { DEFAULT_MAIL_FROM, loadShoppingConfig, smtpUrl } from './shopping.config';

describe('shopping config: order confirmation e-mail', () => {
  const env = (more: Record<string, string>) => ({
    SECRETS_ENCRYPTION_KEY: '11'.repeat(32),
    ...more,
  });

  it('sends through SHOPPING_SMTP_URL (smtp: or smtps:), and to the log when it is unset', () => {
    expect(loadShoppingConfig(env({})).shopping.mail).toEqual({ smtpUrl: null, from: DEFAULT_MAIL_FROM });
    expect(smtpUrl({ SHOPPING_SMTP_URL: 'smtp://127.0.0.1:2525' }, 'SHOPPING_SMTP_URL')).toBe(
      'smtp://127.0.0.1:2525',
    );
    expect(smtpUrl({ SHOPPING_SMTP_URL: 'smtps://u:p@mail.example.com' }, 'SHOPPING_SMTP_URL')).toBe(
      'smtps://u:p@mail.example.com',
    );
  });

  it('refuses another scheme or no URL at start, without repeating a password', () => {
    expect(() => smtpUrl({ X: 'http://mail.example.com' }, 'X')).toThrow(ConfigError);
    expect(() => smtpUrl({ X: 'mail.example.com:25' }, 'X')).toThrow(/X must use smtp: or smtps:/);
    expect(() => smtpUrl({ X: 'smtp//user:secret@host' }, 'X')).toThrow(/^(?!.*secret)/);
  });

  it('takes SHOPPING_MAIL_FROM as an address with or without a display name', () => {
    const from = (value: string) => loadShoppingConfig(env({ SHOPPING_MAIL_FROM: value })).shopping.mail.from;
    expect(from('orders@example.com')).toBe('orders@example.com');
    expect(from('Example Orders <orders@example.com>')).toBe('Example Orders <orders@example.com>');
    expect(() => from('orders')).toThrow(/SHOPPING_MAIL_FROM must be an e-mail address/);
  });
});
