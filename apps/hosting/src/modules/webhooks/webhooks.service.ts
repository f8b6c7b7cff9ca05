import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { SecretBox } from '@platform/crypto';
import { withDeadline } from '@platform/errors';
import { OutboundErrors, isOutboundError } from '@platform/outbound';
import type { OutboundFetcher } from '@platform/outbound';
import type { WebhookEventType } from './webhook-event-types';
import { WEBHOOK_OUTBOUND } from './webhook-outbound';
import type { WebhookListCursor } from './webhook-page-token';
import { MAX_WEBHOOKS_PER_ACCOUNT, WEBHOOK_SETTINGS } from './webhook-settings';
import type { WebhookSettings } from './webhook-settings';
import { newWebhookSecret } from './webhook-signer';
import type { WebhookDeliveryAttemptEntity } from './webhook-delivery-attempt.entity';
import { WebhookEntity, webhookSecretAad } from './webhook.entity';
import { WebhookErrors } from './webhooks.errors';
import { WebhooksRepository } from './webhooks.repository';
import type { KeysetPage } from './webhooks.repository';

/** A webhook just created, with its signing secret: the only time the secret is shown. */
export interface CreatedWebhook {
  readonly webhook: WebhookEntity;
  readonly secret: string;
}

/** Webhooks of an account (API side); the worker delivers their messages (WebhookDeliveryRunner). */
@Injectable()
export class WebhooksService {
  constructor(
    private readonly repository: WebhooksRepository,
    private readonly box: SecretBox,
    @Inject(WEBHOOK_OUTBOUND) private readonly outbound: OutboundFetcher,
    @Inject(WEBHOOK_SETTINGS) private readonly settings: WebhookSettings,
  ) {}

  /**
   * Checks the URL against the outbound policy (the host is resolved and every address checked, as
   * a delivery will again), makes a signing secret, seals it and stores the webhook, at most
   * MAX_WEBHOOKS_PER_ACCOUNT per account. Not idempotent: two calls make two webhooks.
   */
  async create(accountId: string, url: string, events: readonly WebhookEventType[]): Promise<CreatedWebhook> {
    try {
      await this.checkUrl(url);
    } catch (error) {
      throw WebhookErrors.urlRefused(error, url) ?? error;
    }
    const id = randomUUID();
    const secret = newWebhookSecret();
    const webhook = Object.assign(new WebhookEntity(), {
      id,
      accountId,
      url,
      events: [...events],
      sealedSecret: this.box.seal(secret, webhookSecretAad(id)),
      keyId: this.box.keyId,
    });
    if (!(await this.repository.insertWithin(webhook, MAX_WEBHOOKS_PER_ACCOUNT)))
      throw WebhookErrors.limitReached();
    return { webhook: await this.get(accountId, id), secret };
  }

  /** The outbound policy's verdict, within the timeout of an attempt (a DNS answer that never comes). */
  private async checkUrl(url: string): Promise<void> {
    const ms = this.settings.timeoutMs;
    await withDeadline(this.outbound.check(url), ms, 'no DNS answer').catch((error: unknown) => {
      throw isOutboundError(error) ? error : OutboundErrors.timeout('total', ms);
    });
  }

  /** The caller's webhook, or WEBHOOK_NOT_FOUND (also for another account's). */
  async get(accountId: string, webhookId: string): Promise<WebhookEntity> {
    const webhook = await this.repository.find(accountId, webhookId);
    if (!webhook) throw WebhookErrors.notFound();
    return webhook;
  }

  list(accountId: string, pageSize: number, after?: WebhookListCursor): Promise<KeysetPage<WebhookEntity>> {
    return this.repository.list(accountId, pageSize, after);
  }

  /** Removes the webhook; its undelivered messages are dropped and nothing more is sent to it. */
  async delete(accountId: string, webhookId: string): Promise<void> {
    if (!(await this.repository.delete(accountId, webhookId))) throw WebhookErrors.notFound();
  }

  /** The delivery attempts of the caller's webhook, newest first. */
  async deliveries(
    accountId: string,
    webhookId: string,
    pageSize: number,
    after?: WebhookListCursor,
  ): Promise<KeysetPage<WebhookDeliveryAttemptEntity>> {
    await this.get(accountId, webhookId);
    return this.repository.listAttempts(webhookId, pageSize, after);
  }
}
