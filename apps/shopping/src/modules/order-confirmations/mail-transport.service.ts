import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { createTransport, type NodemailerError } from 'nodemailer';
import { SHOPPING_SETTINGS, type ShoppingSettings } from '../../config/shopping-settings';

/** One e-mail to one recipient, a plain text part and an HTML part. */
export interface OutgoingMail {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
}

/** How a message left: accepted by the SMTP server, or written to this process's log. */
export type MailVia = 'smtp' | 'log';

export interface MailReceipt {
  readonly via: MailVia;
  /** The message's Message-ID header. */
  readonly messageId: string;
}

/**
 * Timeouts of one SMTP conversation (nodemailer's defaults are 2 min to connect and 10 min of
 * silence): a mail server that hangs fails the job, which retries with backoff.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/**
 * The mail provider (nodemailer), the only thing that sends e-mail. With SHOPPING_SMTP_URL it
 * speaks SMTP to that server, one connection per message; without it (a plain `npm start`) it
 * builds the same message with nodemailer's jsonTransport and writes it to the log at info level
 * as the line's `mail` field, and says so (`via: 'log'`). Tests replace exactly this boundary by
 * pointing SHOPPING_SMTP_URL at an SMTP server of their own.
 */
@Injectable()
export class MailTransport implements OnModuleDestroy {
  private readonly logger = new Logger(MailTransport.name);
  private readonly deliver: (mail: OutgoingMail) => Promise<MailReceipt>;
  private readonly close: () => void;

  constructor(@Inject(SHOPPING_SETTINGS) settings: ShoppingSettings) {
    const { smtpUrl, from } = settings.mail;
    if (smtpUrl) {
      const smtp = createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS }, { from });
      this.deliver = async (mail) => ({ via: 'smtp', messageId: (await smtp.sendMail(mail)).messageId });
      this.close = () => smtp.close();
    } else {
      const json = createTransport({ jsonTransport: true }, { from });
      this.deliver = async (mail) => {
        const info = await json.sendMail(mail);
        this.logger.log(
          { mail: JSON.parse(info.message) as unknown },
          `e-mail to ${mail.to} written to the log, not sent (SHOPPING_SMTP_URL is unset)`,
        );
        return { via: 'log', messageId: info.messageId };
      };
      this.close = () => json.close();
    }
  }

  /** Hands the message over; throws what the server or the connection answered (NodemailerError). */
  send(mail: OutgoingMail): Promise<MailReceipt> {
    return this.deliver(mail);
  }

  onModuleDestroy(): void {
    this.close();
  }
}

/**
 * The server refused the recipient for good (a 5xx reply to RCPT TO, say 550 no such mailbox):
 * sending the same message again would be refused again. Any other failure (4xx, a refused or
 * lost connection, a timeout, a 5xx to something else such as a missing authentication) may pass
 * on a later attempt.
 */
export function isRecipientRefused(e: unknown): boolean {
  if (!(e instanceof Error)) return false;
  const err = e as NodemailerError;
  return err.code === 'EENVELOPE' && err.command === 'RCPT TO' && err.permanent === true;
}
