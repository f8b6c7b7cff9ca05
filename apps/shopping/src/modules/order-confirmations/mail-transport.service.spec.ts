import { Logger } from '@nestjs/common';
import type { ShoppingSettings } from '../../config/shopping-settings';
import { MailTransport, isRecipientRefused } from './mail-transport.service';

describe('MailTransport without SHOPPING_SMTP_URL', () => {
  afterEach(() => jest.restoreAllMocks());

  it('writes the built message to the log at info level and reports it sent to the log', async () => {
    const log = jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
    const settings = { mail: { smtpUrl: null, from: 'orders@developer-platform.invalid' } };
    const transport = new MailTransport(settings as unknown as ShoppingSettings);
    const receipt = await transport.send({
      to: 'buyer@example.com',
      subject: 'Order confirmation: Order ord_1',
      text: 'Order id: ord_1',
      html: '<p>Order id: ord_1</p>',
    });
    transport.onModuleDestroy();
    expect(receipt).toEqual({ via: 'log', messageId: expect.stringMatching(/^<.+@.+>$/) });
    expect(log).toHaveBeenCalledTimes(1);
    const [fields, message] = log.mock.calls[0] as [{ mail: Record<string, unknown> }, string];
    expect(message).toBe(
      'e-mail to buyer@example.com written to the log, not sent (SHOPPING_SMTP_URL is unset)',
    );
    expect(fields.mail).toMatchObject({
      from: { address: 'orders@developer-platform.invalid' },
      to: [{ address: 'buyer@example.com' }],
      subject: 'Order confirmation: Order ord_1',
      text: 'Order id: ord_1',
      html: '<p>Order id: ord_1</p>',
      messageId: receipt.messageId,
    });
  });
});

describe('isRecipientRefused', () => {
  const smtpError = (fields: Record<string, unknown>) => Object.assign(new Error('refused'), fields);

  it('is true only for a permanent refusal of RCPT TO', () => {
    expect(isRecipientRefused(smtpError({ code: 'EENVELOPE', command: 'RCPT TO', permanent: true }))).toBe(
      true,
    );
    expect(isRecipientRefused(smtpError({ code: 'EENVELOPE', command: 'RCPT TO', permanent: false }))).toBe(
      false,
    );
    expect(isRecipientRefused(smtpError({ code: 'EENVELOPE', command: 'MAIL FROM', permanent: true }))).toBe(
      false,
    );
    expect(isRecipientRefused(smtpError({ code: 'ECONNECTION' }))).toBe(false);
    expect(isRecipientRefused('550')).toBe(false);
  });
});
